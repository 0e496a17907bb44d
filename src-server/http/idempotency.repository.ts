/** The records of idempotent requests: one per (user, key), in flight or done with its answer. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/schema.js';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;
export type IdempotencyAnswer = Pick<IdempotencyRow, 'response_status' | 'response_type' | 'response_body'>;

/** Each call takes the connection or transaction to run on: a record commits with its request's writes. */
export const idempotencyKeys = {
  find(db: Kysely<Database>, userId: number, key: string): Promise<IdempotencyRow | undefined> {
    return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  },

  /** Records a request as in flight; false when its key is already recorded. */
  async claim(db: Kysely<Database>, record: Insertable<IdempotencyKeysTable>): Promise<boolean> {
    const inserted = await db.insertInto('idempotency_keys').values(record).onConflict((oc) => oc.columns(['user_id', 'key']).doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** Takes over an in-flight record last claimed at `claimedAt`; of several callers only one wins. */
  async takeOver(db: Kysely<Database>, userId: number, key: string, claimedAt: string, now: string): Promise<boolean> {
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ created_at: now })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('state', '=', 'in_flight')
      .where('created_at', '=', claimedAt)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  },

  async markDone(db: Kysely<Database>, userId: number, key: string, answer: IdempotencyAnswer): Promise<void> {
    await db
      .updateTable('idempotency_keys')
      .set({ state: 'done', ...answer })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  },

  /** Frees a key (only while in flight, when `onlyInFlight`). */
  async release(db: Kysely<Database>, userId: number, key: string, onlyInFlight = false): Promise<void> {
    let query = db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key);
    if (onlyInFlight) query = query.where('state', '=', 'in_flight');
    await query.execute();
  },

  /** Records stored now (the metrics read it). */
  async count(db: Kysely<Database>): Promise<number> {
    const row = await db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async purgeOlderThan(db: Kysely<Database>, before: string): Promise<void> {
    await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
  },
};
