/** The team's administration, for staff users only (issue: user administration). */
import { screen, type RouteSpec } from '../../app/route-spec';

export const routes: RouteSpec[] = [
  { path: '/admin/users', component: screen(() => import('./UsersPage'), 'UsersPage'), access: 'staff' },
  { path: '/admin/contact-messages', component: screen(() => import('./ContactMessagesPage'), 'ContactMessagesPage'), access: 'staff' },
];
