/** Each user's notification settings (migration 0017): read, saved whole, and switched off by an unsubscribe link. */
import type { Kysely, Selectable } from 'kysely';
import type { NotificationSettingsBody } from '../../../shared/api/notifications.js';
import type { Database, NotificationSettingsTable } from '../../db/schema.js';

export type NotificationSettingsRow = Selectable<NotificationSettingsTable>;

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** The chosen location ids of a row (JSON text written only by `save`). */
export function locationIdsOf(row: Pick<NotificationSettingsRow, 'location_ids'>): number[] {
  const ids: unknown = JSON.parse(row.location_ids);
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

export class NotificationSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: number): Promise<NotificationSettingsRow | undefined> {
    return this.db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** The ids among `ids` that are no location's. */
  async unknownLocations(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = new Set((await this.db.selectFrom('locations').select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id));
    return ids.filter((id) => !found.has(id));
  }

  /**
   * Saves the whole settings and moves the user's waiting notices to where they now belong: with
   * the daily digest, or mailed as soon as the rate limit lets them go.
   */
  async save(userId: number, body: NotificationSettingsBody, now: string): Promise<NotificationSettingsRow> {
    const values = {
      order_created: flag(body.order_created),
      order_claimed: flag(body.order_claimed),
      order_completed: flag(body.order_completed),
      task_due: flag(body.task_due),
      // Left out by a client from before it: the saved choice stays (a new row starts off).
      ...(body.request_created === undefined ? {} : { request_created: flag(body.request_created) }),
      ...(body.part_short === undefined ? {} : { part_short: flag(body.part_short) }),
      digest: flag(body.digest),
      location_ids: JSON.stringify([...body.locations].sort((a, b) => a - b)),
      updated_at: now,
    };
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notification_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      await trx
        .updateTable('notification_queue')
        .set({ send_after: body.digest ? null : now })
        .where('user_id', '=', userId)
        .where('mail_key', 'is', null)
        .execute();
      return trx.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    });
  }

  /**
   * Switches every mail off for the version the link was signed with, raising the version so the
   * link (and any other sent before) works no more, and drops the notices waiting. False when the
   * version is no longer the user's: the link was used, or another one was.
   */
  async unsubscribe(userId: number, version: number, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('notification_settings')
        .set((eb) => ({ order_created: 0, order_claimed: 0, order_completed: 0, task_due: 0, request_created: 0, part_short: 0, digest: 0, unsubscribe_version: eb('unsubscribe_version', '+', 1), updated_at: now }))
        .where('user_id', '=', userId)
        .where('unsubscribe_version', '=', version)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('notification_queue').where('user_id', '=', userId).where('mail_key', 'is', null).execute();
      return true;
    });
  }
}
