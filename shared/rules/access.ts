/**
 * Who may reach something, in one vocabulary for the server's routes and the client's screens
 * (docs/glossary.md): `public` anyone, signed in or not; `user` any signed-in user, limited ones
 * too; `full` users with full access; `staff` the team's administrators. The server adds
 * `operator` for its operations endpoints (src-server/http/access.ts).
 *
 * What `full` needs differs on one point, by the specification: the screens follow
 * full_feature_access alone (behaviour §1: a user lands, and sees, by the flag), while the server
 * also lets staff through (src-server/modules/users/full-access.ts), so an administrator is never
 * refused a call a screen of theirs makes.
 */
export type Access = 'public' | 'user' | 'full' | 'staff';
