/**
 * The history of every record (docs/decisions.md: History on every record), written here and nowhere
 * else. Every write path calls `recordActivity` (or one of the helpers below) with the transaction
 * its write runs in: a savepoint of the request's transaction when the request has one
 * (db/request-transaction.ts), else a transaction of its own. The entry therefore commits with the
 * write or not at all, and a write that did not apply (a refused claim, a stale version) records
 * nothing. There is no code here, or anywhere, that changes or removes an entry; the table's
 * triggers refuse it too (migration 0016).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ActivityDetails, HistoryArea, ActivityKind, ActivityValue, FieldChange } from '../../../shared/api/activity.js';
import { distinctIds, lockedRead, toCount } from '../../db/dialect.js';
import type { ActivityTable, Database } from '../../db/schema.js';
import type { PageWindow } from '../../http/pagination.js';
import { transitionResult, type TransitionResult } from '../claims/claim-flow.js';
import { changedColumns, fieldNameOf, keptValue } from './activity-changes.js';

export type ActivityRow = Selectable<ActivityTable>;

/** One thing done to a record, to append. */
export interface NewActivity {
  area: HistoryArea;
  recordId: number;
  kind: ActivityKind;
  /** Who did it; null for the command line or the demo data. */
  actorId: number | null;
  /** The write's own time (the record's updated_at where it has one). */
  at: string;
  details?: ActivityDetails;
}

/** Who edits which record when; the kind follows from what changed unless given. */
export type EditActivity = Omit<NewActivity, 'kind' | 'details'> & { kind?: ActivityKind };

/** Tables whose rows are edited with their old values kept. */
export type EditedTable = 'assets' | 'maintenance_tasks' | 'locations' | 'vendors';

type Row = Readonly<Record<string, unknown>>;

/** Appends one entry, in the transaction of the write it tells of. */
export async function recordActivity(db: Kysely<Database>, entry: NewActivity): Promise<void> {
  await db
    .insertInto('activity')
    .values({ entity: entry.area, record_id: entry.recordId, kind: entry.kind, actor_id: entry.actorId, at: entry.at, details: JSON.stringify(entry.details ?? {}) })
    .execute();
}

/**
 * Records an edit from the row read before the write and the row it wrote: each of `columns` whose
 * value changed, before and after, a location by its name then. `moved` when the location is among
 * them, else `edited` (unless the entry names its kind). An edit that changed nothing records nothing.
 */
export async function recordEdit(db: Kysely<Database>, entry: EditActivity, before: Row, after: Row, columns: readonly string[]): Promise<void> {
  const changed = changedColumns(before, after, columns);
  if (changed.length === 0) return;
  const locationIds = distinctIds(changed.filter((c) => c.column === 'location_id').flatMap((c) => [c.old, c.new].map((v) => (typeof v === 'number' ? v : null))));
  const names = new Map(
    (locationIds.length ? await db.selectFrom('locations').select(['id', 'name']).where('id', 'in', locationIds).execute() : []).map((l) => [l.id, l.name]),
  );
  const valueOf = (column: string, value: unknown): ActivityValue => {
    if (column !== 'location_id' || typeof value !== 'number') return keptValue(column, value);
    return { id: value, name: names.get(value) ?? '' };
  };
  const changes: FieldChange[] = changed.map((c) => ({ field: fieldNameOf(c.column), old: valueOf(c.column, c.old), new: valueOf(c.column, c.new) }));
  const kind = entry.kind ?? (changes.some((c) => c.field === 'location') ? 'moved' : 'edited');
  await recordActivity(db, { ...entry, kind, details: { changes } });
}

/**
 * An edit and its entry in one transaction: the row is read first and stays as read until the
 * transaction ends (`lockedRead`), so the old values recorded are the ones the write replaced.
 * `write` runs on the same transaction and answers the row it wrote, or undefined when it did not
 * apply (gone, or a stale version): then nothing is recorded.
 */
export function editRecorded<R extends Row>(
  db: Kysely<Database>,
  table: EditedTable,
  entry: EditActivity,
  columns: readonly string[],
  write: (trx: Transaction<Database>) => Promise<R | undefined>,
): Promise<R | undefined> {
  return db.transaction().execute(async (trx) => {
    const before: Row | undefined = await lockedRead(trx, trx.selectFrom(table).selectAll().where('id', '=', entry.recordId)).executeTakeFirst();
    const after = await write(trx);
    if (before && after) await recordEdit(trx, entry, before, after, columns);
    return after;
  });
}

/** A record's creation and the first entry of its history, in one transaction. */
export function createRecorded<R extends { id: number }>(db: Kysely<Database>, entry: (row: R) => NewActivity, insert: (trx: Transaction<Database>) => Promise<R>): Promise<R> {
  return db.transaction().execute(async (trx) => {
    const row = await insert(trx);
    await recordActivity(trx, entry(row));
    return row;
  });
}

/**
 * A state change (a claim, an unclaim, a completion) and its entry in one transaction; the entry is
 * written only when the change applied, so a refused claim leaves none.
 */
export function transitionRecorded(db: Kysely<Database>, entry: NewActivity, change: (trx: Transaction<Database>) => Promise<TransitionResult>): Promise<TransitionResult> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    if (result === 'done') await recordActivity(trx, entry);
    return result;
  });
}

/**
 * The usual state change: one conditional UPDATE, applied when it changed exactly the one row
 * (claim-flow.ts `transitionResult`), recorded as `transitionRecorded` does.
 */
export function updateRecorded(db: Kysely<Database>, entry: NewActivity, update: (trx: Transaction<Database>) => { executeTakeFirst(): Promise<{ numUpdatedRows: bigint }> }): Promise<TransitionResult> {
  return transitionRecorded(db, entry, (trx) => transitionResult(update(trx).executeTakeFirst()));
}

/** Reading a record's history; there is no write here but the appends above. */
export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first, along the index (entity, record_id, id desc). */
  async page(area: HistoryArea, recordId: number, window: PageWindow): Promise<{ count: number; rows: ActivityRow[] }> {
    const base = this.db.selectFrom('activity').where('entity', '=', area).where('record_id', '=', recordId);
    const [countRow, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base.selectAll().orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(countRow.n), rows };
  }
}
