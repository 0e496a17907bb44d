/** Who may be mailed about maintenance tasks: whoever may open them (the tasks' routes are `full`: full access or staff, http/access.ts). */
import type { UserRow } from '../users/users.repository.js';

export function mayReadTasks(user: Pick<UserRow, 'full_feature_access' | 'is_staff'>): boolean {
  return user.full_feature_access === 1 || user.is_staff === 1;
}
