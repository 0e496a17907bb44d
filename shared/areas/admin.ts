/**
 * The administration area's calls from a tab to the data worker (`src-worker/areas/admin.ts`):
 * the team's accounts and the contact inbox, for staff users. Reads are saved like every list;
 * the changes are sent now or not at all (they are not offline actions).
 */
import type { AdminContactMessage, AdminMailSent, AdminUser } from '../api/admin.js';
import type { Page } from '../api/common.js';
import type { MutationResult, ReadResult } from '../data/call-results.js';

/** One change to an account, as the Users screen offers it. */
export type UserChange = 'grantFullAccess' | 'revokeFullAccess' | 'deactivate' | 'reactivate' | 'makeStaff' | 'removeStaff';

/** The mails a staff user can have sent to an account. */
export type UserMail = 'resendActivation' | 'resetPassword';

export interface AdminCalls {
  users(params: { page?: number; search?: string }): Promise<ReadResult<Page<AdminUser>>>;
  user(id: number): Promise<ReadResult<AdminUser>>;
  changeUser(id: number, change: UserChange): Promise<MutationResult<AdminUser>>;
  mailUser(id: number, mail: UserMail): Promise<MutationResult<AdminMailSent>>;
  /** The hourly rate labour entries made from now on keep (docs/decisions.md: What the work costs). */
  setHourlyRate(id: number, rate: number): Promise<MutationResult<AdminUser>>;
  /** Newest first. */
  messages(params: { page?: number }): Promise<ReadResult<Page<AdminContactMessage>>>;
  markMessage(id: number, read: boolean): Promise<MutationResult<AdminContactMessage>>;
}
