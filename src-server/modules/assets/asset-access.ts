/**
 * Who may read assets: the access of the asset routes (`full`, the default of http/access.ts), for
 * the answers that decide it per record rather than per route (a code lookup, which limited users
 * may make for location labels).
 */
import type { UserRow } from '../users/users.repository.js';

export function mayReadAssets(user: Pick<UserRow, 'full_feature_access' | 'is_staff'>): boolean {
  return user.full_feature_access === 1 || user.is_staff === 1;
}
