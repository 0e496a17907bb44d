/**
 * Reading and compacting the change log that the database writes by trigger
 * (db/migrations/0011_change_log.ts): the changes after a cursor in commit order, the newest
 * number, and the floor below which a cursor has missed changes that compaction removed.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface Change {
  seq: number;
  /** The area of the record changed (the log's `entity` column). */
  area: string;
  recordId: number;
  op: 'upsert' | 'delete';
}

export class ChangeLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Up to `limit` changes numbered after `since`, oldest first (rows not yet numbered are not committed). */
  async after(since: number, limit: number): Promise<Change[]> {
    const rows = await this.db
      .selectFrom('change_log')
      .select(['seq', 'entity', 'record_id', 'op'])
      .where('seq', '>', since)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ seq: Number(r.seq), area: r.entity, recordId: Number(r.record_id), op: r.op }));
  }

  /** The newest number in the log, or the floor when compaction left it empty (0 for a new database). */
  async head(): Promise<number> {
    const [last, floor] = await Promise.all([
      this.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('last')).executeTakeFirst(),
      this.floor(),
    ]);
    return Math.max(Number(last?.last ?? 0), floor);
  }

  async floor(): Promise<number> {
    const row = await this.db.selectFrom('change_head').select('floor_seq').where('id', '=', 1).executeTakeFirst();
    return Number(row?.floor_seq ?? 0);
  }

  /**
   * Removes the changes made before `before` (ISO time) and raises the floor to the last number
   * removed, in one transaction. Returns how many rows went.
   */
  async compact(before: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('last')).where('changed_at', '<', before).executeTakeFirst();
      const last = Number(row?.last ?? 0);
      if (last === 0) return 0;
      const removed = await trx.deleteFrom('change_log').where('seq', '<=', last).executeTakeFirst();
      // The floor only rises (both engines: no greatest()/max() of two values in common).
      await trx
        .updateTable('change_head')
        .set({ floor_seq: sql<number>`case when floor_seq < ${last} then ${last} else floor_seq end` })
        .where('id', '=', 1)
        .execute();
      return Number(removed.numDeletedRows);
    });
  }
}
