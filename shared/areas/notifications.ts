/** Each user's notification mails, as a tab reads and saves them through the data worker (`src-worker/areas/notifications.ts`). */
import type { NotificationSettings } from '../api/notifications.js';
import type { MutationResult, ReadResult } from '../data/call-results.js';

export interface NotificationsCalls {
  /** The user's own settings; the saved copy while offline. */
  get(): Promise<ReadResult<NotificationSettings>>;
  /** Saves them whole; needs a connection (never queued: a late save could mail on a changed mind). */
  save(input: NotificationSettings): Promise<MutationResult<NotificationSettings>>;
}
