/**
 * Meters and their readings (docs/decisions.md: Meters and readings). A reading is checked against
 * the meter's other valid readings and written in one transaction that holds the meter: on
 * PostgreSQL its row is locked, on SQLite every write transaction takes the write lock first, so two
 * readings sent at once are each checked against the other. Each write is an entry of the asset's
 * history in its own transaction (meter_added, meter_read, reading_voided, meter_removed).
 */
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { RECENT_READINGS } from '../../../shared/api/meters.js';
import { averageDailyUse, isSpike, lastReading, PACE_WINDOW_DAYS, readingProblem, type ReadingPoint } from '../../../shared/rules/meter-readings.js';
import { lockedRead, toCount } from '../../db/dialect.js';
import type { Database, MeterReadingsTable, MetersTable } from '../../db/schema.js';
import type { PageWindow } from '../../http/pagination.js';
import { createRecorded, recordActivity } from '../activity/activity.repository.js';

export type MeterRow = Selectable<MetersTable>;
export type MeterReadingRow = Selectable<MeterReadingsTable>;

/** What a meter answers besides its row: its last valid reading, its pace and its newest valid readings. */
export interface MeterFigures {
  last: { value: number; taken_at: string } | null;
  averageDailyUse: number | null;
  /** Newest taken first, RECENT_READINGS at most. */
  recent: ReadingPoint[];
}

export type NewReading = Pick<Insertable<MeterReadingsTable>, 'value' | 'taken_at' | 'user_id' | 'reason' | 'created_at'> & { reset: boolean };

const DAY_MS = 86_400_000;

const asPoint = (row: Pick<MeterReadingRow, 'value' | 'taken_at' | 'reset'>): ReadingPoint => ({ value: Number(row.value), taken_at: row.taken_at, reset: row.reset === 1 });

export class MetersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<MeterRow | undefined> {
    return this.db.selectFrom('meters').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  findByIds(ids: readonly number[]): Promise<MeterRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.db.selectFrom('meters').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  async page(assetId: number, window: PageWindow): Promise<{ count: number; rows: MeterRow[] }> {
    const base = this.db.selectFrom('meters').where('asset_id', '=', assetId);
    const [total, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      base.selectAll().orderBy('id').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(total?.n), rows };
  }

  create(values: Insertable<MetersTable>, actorId: number): Promise<MeterRow> {
    return createRecorded(
      this.db,
      (row: MeterRow) => ({ area: 'assets', recordId: row.asset_id, kind: 'meter_added', actorId, at: row.created_at, details: { meter: row.name, unit: row.unit } }),
      (trx) => trx.insertInto('meters').values(values).returningAll().executeTakeFirstOrThrow(),
    );
  }

  update(id: number, changes: Partial<Pick<MeterRow, 'name' | 'unit' | 'updated_at'>>): Promise<MeterRow | undefined> {
    return this.db.updateTable('meters').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  delete(id: number, actorId: number, at: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('meters').where('id', '=', id).returningAll().executeTakeFirst();
      if (gone) await recordActivity(trx, { area: 'assets', recordId: gone.asset_id, kind: 'meter_removed', actorId, at, details: { meter: gone.name, unit: gone.unit } });
      return gone !== undefined;
    });
  }

  /** The valid readings of these meters, by meter, as the rule reads them. */
  async validPoints(meterIds: readonly number[]): Promise<Map<number, ReadingPoint[]>> {
    const byMeter = new Map<number, ReadingPoint[]>(meterIds.map((id) => [id, []]));
    if (meterIds.length === 0) return byMeter;
    const rows = await this.db
      .selectFrom('meter_readings')
      .select(['meter_id', 'value', 'taken_at', 'reset'])
      .where('meter_id', 'in', meterIds)
      .where('void', '=', 0)
      .orderBy('taken_at')
      .orderBy('id')
      .execute();
    for (const row of rows) byMeter.get(row.meter_id)!.push(asPoint(row));
    return byMeter;
  }

  /**
   * What the figures need of each meter's valid readings, in the order taken: its newest
   * RECENT_READINGS (the last among them) and those of the pace's window from `since`. Not every
   * reading: a meter read daily for years is presented on every sync of it.
   */
  private async figurePoints(meterIds: readonly number[], since: string): Promise<Map<number, ReadingPoint[]>> {
    const byMeter = new Map<number, ReadingPoint[]>(meterIds.map((id) => [id, []]));
    if (meterIds.length === 0) return byMeter;
    const ranked = this.db
      .selectFrom('meter_readings')
      .select(['id', 'meter_id', 'value', 'taken_at', 'reset', sql<number>`row_number() over (partition by meter_id order by taken_at desc, id desc)`.as('newest')])
      .where('meter_id', 'in', meterIds)
      .where('void', '=', 0);
    const rows = await this.db
      .selectFrom(ranked.as('r'))
      .select(['r.meter_id', 'r.value', 'r.taken_at', 'r.reset'])
      .where((eb) => eb.or([eb('r.newest', '<=', RECENT_READINGS), eb('r.taken_at', '>=', since)]))
      .orderBy('r.taken_at')
      .orderBy('r.id')
      .execute();
    for (const row of rows) byMeter.get(row.meter_id)!.push(asPoint(row));
    return byMeter;
  }

  /** Each meter's last valid reading and pace at `now`. */
  async figures(meterIds: readonly number[], now: Date): Promise<Map<number, MeterFigures>> {
    const points = await this.figurePoints(meterIds, new Date(now.getTime() - PACE_WINDOW_DAYS * DAY_MS).toISOString());
    return new Map(
      [...points].map(([id, readings]) => {
        const last = lastReading(readings);
        // In the order taken: the newest are the end.
        const recent = readings.slice(-RECENT_READINGS).reverse();
        return [id, { last: last ? { value: last.value, taken_at: last.taken_at } : null, averageDailyUse: averageDailyUse(readings, now), recent }];
      }),
    );
  }

  /**
   * Adds a reading if it can stand among the meter's valid ones: the refusal's words otherwise
   * (shared/rules/meter-readings.ts), or null for a meter that is gone.
   */
  addReading(meterId: number, reading: NewReading, now: Date): Promise<{ row: MeterReadingRow } | { problem: string } | null> {
    return this.db.transaction().execute((trx) => addReadingIn(trx, meterId, reading, now));
  }

  /**
   * Each meter's valid readings taken after its time in `after` (null: every one), in the order
   * taken: what tasks by usage count since their last completion.
   */
  async pointsAfter(after: ReadonlyMap<number, string | null>): Promise<Map<number, ReadingPoint[]>> {
    const byMeter = new Map<number, ReadingPoint[]>([...after.keys()].map((id) => [id, []]));
    if (after.size === 0) return byMeter;
    const rows = await this.db
      .selectFrom('meter_readings')
      .select(['meter_id', 'value', 'taken_at', 'reset'])
      .where('void', '=', 0)
      .where((eb) => eb.or([...after].map(([id, from]) => (from === null ? eb('meter_id', '=', id) : eb.and([eb('meter_id', '=', id), eb('taken_at', '>', from)])))))
      .orderBy('taken_at')
      .orderBy('id')
      .execute();
    for (const row of rows) byMeter.get(row.meter_id)!.push(asPoint(row));
    return byMeter;
  }

  /** The meter's valid readings taken from `from` on, the newest `limit` of them, oldest taken first (the chart). */
  async pointsFrom(meterId: number, from: string, limit: number): Promise<ReadingPoint[]> {
    const rows = await this.db
      .selectFrom('meter_readings')
      .select(['value', 'taken_at', 'reset'])
      .where('meter_id', '=', meterId)
      .where('void', '=', 0)
      .where('taken_at', '>=', from)
      .orderBy('taken_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(asPoint).reverse();
  }

  /** The meter's readings after `after` in the order taken (the export's keyset batches), voided ones too. */
  readingsAfter(meterId: number, after: Pick<MeterReadingRow, 'taken_at' | 'id'> | null, limit: number): Promise<MeterReadingRow[]> {
    let rows = this.db.selectFrom('meter_readings').selectAll().where('meter_id', '=', meterId);
    if (after) rows = rows.where((eb) => eb(eb.refTuple('taken_at', 'id'), '>', eb.tuple(after.taken_at, after.id)));
    return rows.orderBy('taken_at').orderBy('id').limit(limit).execute();
  }

  async readingsPage(meterId: number, window: PageWindow): Promise<{ count: number; rows: MeterReadingRow[] }> {
    const base = this.db.selectFrom('meter_readings').where('meter_id', '=', meterId);
    const [total, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      base.selectAll().orderBy('taken_at', 'desc').orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(total?.n), rows };
  }

  findReading(meterId: number, readingId: number): Promise<MeterReadingRow | undefined> {
    return this.db.selectFrom('meter_readings').selectAll().where('meter_id', '=', meterId).where('id', '=', readingId).executeTakeFirst();
  }

  /** Voids a reading once: the row as it is now, whether this call voided it or an earlier one did. */
  voidReading(meterId: number, readingId: number, reason: string | null, actorId: number, at: string): Promise<MeterReadingRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const voided = await trx
        .updateTable('meter_readings')
        // A void without a reason keeps the reading's own (a reset's).
        .set((eb) => ({ void: 1, reason: reason === null ? eb.ref('reason') : reason }))
        .where('meter_id', '=', meterId).where('id', '=', readingId).where('void', '=', 0).executeTakeFirst();
      const row = await trx.selectFrom('meter_readings').selectAll().where('meter_id', '=', meterId).where('id', '=', readingId).executeTakeFirst();
      // Only the call that voided it is an entry; voiding again changes nothing.
      if (row && Number(voided.numUpdatedRows) === 1) {
        const meter = await trx.selectFrom('meters').select(['asset_id', 'name', 'unit']).where('id', '=', meterId).executeTakeFirstOrThrow();
        await recordActivity(trx, { area: 'assets', recordId: meter.asset_id, kind: 'reading_voided', actorId, at, details: readingDetails(meter, row) });
      }
      return row;
    });
  }
}

/**
 * Adds a reading inside `trx` if it can stand among the meter's valid ones, holding the meter until
 * the transaction ends: the refusal's words otherwise (shared/rules/meter-readings.ts), or null for
 * a meter that is gone. A completion of a task by usage adds its reading this way, in its own transaction.
 */
export async function addReadingIn(trx: Transaction<Database>, meterId: number, reading: NewReading, now: Date): Promise<{ row: MeterReadingRow } | { problem: string } | null> {
  const meter = await lockedRead(trx, trx.selectFrom('meters').select(['id', 'asset_id', 'name', 'unit']).where('id', '=', meterId)).executeTakeFirst();
  if (!meter) return null;
  const readings = (await new MetersRepository(trx).validPoints([meterId])).get(meterId)!;
  const point: ReadingPoint = { value: reading.value, taken_at: reading.taken_at, reset: reading.reset };
  const problem = readingProblem(readings, point);
  if (problem) return { problem };
  const row = await trx
    .insertInto('meter_readings')
    .values({ ...reading, meter_id: meterId, reset: reading.reset ? 1 : 0, flagged: isSpike(readings, point, now) ? 1 : 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordActivity(trx, { area: 'assets', recordId: meter.asset_id, kind: 'meter_read', actorId: row.user_id, at: row.created_at, details: readingDetails(meter, row) });
  return { row };
}

/** What the asset's history keeps of a reading: the meter, the value, when it was taken, a reset and why. */
function readingDetails(meter: Pick<MeterRow, 'name' | 'unit'>, row: MeterReadingRow) {
  return { meter: meter.name, unit: meter.unit, value: Number(row.value), taken_at: row.taken_at, reset: row.reset === 1, reason: row.reason };
}
