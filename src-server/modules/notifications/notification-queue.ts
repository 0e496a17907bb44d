/** Upkeep of the notification queue, for the hourly housekeeping (server.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Drops notices mailed before `before`: the hourly rate limit only looks back one hour. */
export async function purgeSentNotices(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('notification_queue').where('sent_at', '<', before).execute();
}
