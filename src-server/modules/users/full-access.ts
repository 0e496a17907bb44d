/**
 * The one full-access rule: full_feature_access, or staff. http/access.ts checks the `full` routes
 * by it, and it decides what a `user` route may give per record or per field (a code lookup of an
 * asset, an asset linked to a work order, task mails, the synced areas).
 */
import type { UserRow } from './users.repository.js';

export function hasFullAccess(user: Pick<UserRow, 'full_feature_access' | 'is_staff'>): boolean {
  return user.full_feature_access === 1 || user.is_staff === 1;
}
