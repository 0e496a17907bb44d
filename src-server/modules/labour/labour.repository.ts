/**
 * Labour entries on work orders (docs/decisions.md: What the work costs). Each write is an entry of
 * its work order's history in the same transaction (labour_added, timer_started, timer_stopped,
 * labour_deleted), and each entry keeps its author's hourly rate as read in that transaction, so a
 * rate changed later never rewrites it. The change log hears of every entry through the triggers
 * of migration 0025.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { replacedTimerStop, labourMinutes } from './labour.times.js';
import { lockedRead } from '../../db/dialect.js';
import type { Database, LabourEntriesTable } from '../../db/schema.js';
import { createRecorded, recordActivity } from '../activity/activity.repository.js';

export type LabourRow = Selectable<LabourEntriesTable>;

/** A work order's finished labour: its minutes and what they cost, in cents. */
export interface LabourTotals {
  minutes: number;
  costCents: number;
}

/** An entry's time: from `started_at` to `stopped_at`, `minutes` long (all null but the start while a timer runs). */
export interface LabourTime {
  started_at: string;
  stopped_at: string;
  minutes: number;
  /** The day time by hand was entered for (it has no clock time of its own); null for a timer's. */
  date: string | null;
}

/** A timer started, and the user's timers it stopped (at most one, unless an older server left more). */
export interface TimerStarted {
  row: LabourRow;
  stopped: LabourRow[];
}

/**
 * What finished entries cost, in cents: each entry's minutes at its rate, rounded half up to the
 * cent, then summed (an order's costs and the cost figures add up alike). Only labour_entries has
 * these columns, so it reads the same joined to work orders.
 */
export const LABOUR_ENTRY_CENTS = sql<number>`(cast(minutes as bigint) * rate_cents * 2 + 60) / 120`;
export const LABOUR_COST_CENTS = sql<number | string>`sum(${LABOUR_ENTRY_CENTS})`;

/** What time is worked on: a work order, or a maintenance task (migration 0028). */
export type LabourSubject = { kind: 'order'; id: number } | { kind: 'task'; id: number };

const columnOf = (subject: LabourSubject) => (subject.kind === 'order' ? 'work_order_id' : 'task_id');
/** Whose history an entry's events go to. */
const areaOf = (subject: LabourSubject) => (subject.kind === 'order' ? 'workorders' : 'maintenance');

/** The order or task an entry is time on (exactly one is set: the table's check). */
export function subjectOf(row: Pick<LabourRow, 'work_order_id' | 'task_id'>): LabourSubject {
  return row.work_order_id !== null ? { kind: 'order', id: row.work_order_id } : { kind: 'task', id: row.task_id ?? 0 };
}

export class LabourRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The order's or task's entries, oldest first (by when the work started, then as recorded). */
  list(subject: LabourSubject): Promise<LabourRow[]> {
    return this.db.selectFrom('labour_entries').selectAll().where(columnOf(subject), '=', subject.id).where('deleted_at', 'is', null).orderBy('started_at').orderBy('id').execute();
  }

  /** One entry of one order or task, deleted ones included (undefined when the entry is another's). */
  findEntry(subject: LabourSubject, entryId: number): Promise<LabourRow | undefined> {
    return this.db.selectFrom('labour_entries').selectAll().where('id', '=', entryId).where(columnOf(subject), '=', subject.id).executeTakeFirst();
  }

  /** The user's running timer on the order or task, if any. */
  runningOn(subject: LabourSubject, userId: number): Promise<LabourRow | undefined> {
    return this.db
      .selectFrom('labour_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('stopped_at', 'is', null)
      .where('deleted_at', 'is', null)
      .where(columnOf(subject), '=', subject.id)
      .orderBy('id')
      .executeTakeFirst();
  }

  /**
   * The finished labour of each of these orders, in one query (orders without any are left out).
   * Each entry's cost is rounded to the cent as its own answer shows it (shared/rules/money.ts
   * `labourCostCents`: (2·m·r + 60) div 120 is m·r/60 rounded half up, in whole numbers on both
   * engines), so an order's cost is the sum of its entries' costs. Widened to bigint first: minutes
   * times a rate in cents outgrows PostgreSQL's integer.
   */
  async totalsOf(orderIds: readonly number[]): Promise<Map<number, LabourTotals>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('labour_entries')
      .select((eb) => [
        'work_order_id',
        eb.fn.sum<number | string>('minutes').as('minutes'),
        LABOUR_COST_CENTS.as('cost_cents'),
      ])
      .where('work_order_id', 'in', orderIds)
      .where('stopped_at', 'is not', null)
      .where('deleted_at', 'is', null)
      .groupBy('work_order_id')
      .$narrowType<{ work_order_id: number }>()
      .execute();
    return new Map(rows.map((r) => [r.work_order_id, { minutes: Number(r.minutes), costCents: Number(r.cost_cents) }]));
  }

  /** Time by hand or a finished timer, at the author's rate now. */
  add(subject: LabourSubject, userId: number, time: LabourTime, now: string): Promise<LabourRow> {
    return createRecorded(
      this.db,
      (row: LabourRow) => ({ area: areaOf(subject), recordId: subject.id, kind: 'labour_added', actorId: userId, at: now, details: { entry_id: row.id, minutes: row.minutes } }),
      async (trx) => {
        const rate = await rateOf(trx, userId);
        return trx
          .insertInto('labour_entries')
          .values({ ...subjectColumns(subject), user_id: userId, ...time, rate_cents: rate, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
      },
    );
  }

  /**
   * A timer started at `startedAt`: the user's running timers stop first (labour.times.ts
   * `replacedTimerStop`), each recorded on its own order or task. The user's row is read locked, so two
   * starts of one user (two devices) run one after the other and the second stops the first's timer:
   * a user never has two running.
   */
  startTimer(subject: LabourSubject, userId: number, startedAt: string, now: string): Promise<TimerStarted> {
    return this.db.transaction().execute(async (trx) => {
      const rate = await rateOf(trx, userId);
      const running = await trx.selectFrom('labour_entries').selectAll().where('user_id', '=', userId).where('stopped_at', 'is', null).where('deleted_at', 'is', null).orderBy('id').execute();
      const stopped: LabourRow[] = [];
      for (const timer of running) {
        const start = Date.parse(timer.started_at);
        const stop = replacedTimerStop(start, Date.parse(startedAt));
        const row = await stopEntry(trx, timer, new Date(stop).toISOString(), labourMinutes(start, stop), userId, now);
        if (row) stopped.push(row);
      }
      const row = await trx
        .insertInto('labour_entries')
        .values({ ...subjectColumns(subject), user_id: userId, started_at: startedAt, stopped_at: null, minutes: null, date: null, rate_cents: rate, created_at: now, deleted_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordActivity(trx, { area: areaOf(subject), recordId: subject.id, kind: 'timer_started', actorId: userId, at: now, details: { entry_id: row.id, minutes: null } });
      return { row, stopped };
    });
  }

  /** Stops a running timer; undefined when it is no longer running (stopped meanwhile, or deleted). */
  stopTimer(timer: LabourRow, stoppedAt: string, minutes: number, actorId: number, now: string): Promise<LabourRow | undefined> {
    return this.db.transaction().execute((trx) => stopEntry(trx, timer, stoppedAt, minutes, actorId, now));
  }

  /** Marks an entry deleted; false when it was deleted already (a delete sent again). */
  delete(entry: LabourRow, actorId: number, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const gone = await trx.updateTable('labour_entries').set({ deleted_at: now }).where('id', '=', entry.id).where('deleted_at', 'is', null).returningAll().executeTakeFirst();
      if (gone) {
        const subject = subjectOf(gone);
        await recordActivity(trx, { area: areaOf(subject), recordId: subject.id, kind: 'labour_deleted', actorId, at: now, details: { entry_id: gone.id, minutes: gone.minutes } });
      }
      return gone !== undefined;
    });
  }
}

/**
 * The user's hourly rate now, read in the write's transaction with the user's row locked: not the
 * signed-in user's row of the request, which a process may remember for a while (users/remembered-users.ts).
 */
async function rateOf(trx: Transaction<Database>, userId: number): Promise<number> {
  const user = await lockedRead(trx, trx.selectFrom('users').select('hourly_rate_cents').where('id', '=', userId)).executeTakeFirstOrThrow();
  return user.hourly_rate_cents;
}

/** An entry's columns for its order or task. */
function subjectColumns(subject: LabourSubject): Pick<LabourRow, 'work_order_id' | 'task_id' | 'task_completion_id'> {
  return subject.kind === 'order' ? { work_order_id: subject.id, task_id: null, task_completion_id: null } : { work_order_id: null, task_id: subject.id, task_completion_id: null };
}

/**
 * A task's completion takes the time worked on it since the one before: a timer still running on it
 * stops at the completion (recorded on the task), and every entry not yet given to a completion goes
 * to this one. In the completion's transaction, so the time and the completion stand or fall together.
 */
export async function giveTimeToCompletion(trx: Transaction<Database>, taskId: number, completionId: number, actorId: number, now: string): Promise<void> {
  const running = await trx.selectFrom('labour_entries').selectAll().where('task_id', '=', taskId).where('stopped_at', 'is', null).where('deleted_at', 'is', null).execute();
  for (const timer of running) {
    const start = Date.parse(timer.started_at);
    // As a timer replaced by another start: at the completion, within an entry's longest.
    const stop = replacedTimerStop(start, Date.parse(now));
    await stopEntry(trx, timer, new Date(stop).toISOString(), labourMinutes(start, stop), actorId, now);
  }
  await trx.updateTable('labour_entries').set({ task_completion_id: completionId }).where('task_id', '=', taskId).where('task_completion_id', 'is', null).where('deleted_at', 'is', null).execute();
}

/** A conditional stop (only while the timer runs), recorded on its order or task when it applied. */
async function stopEntry(trx: Transaction<Database>, timer: LabourRow, stoppedAt: string, minutes: number, actorId: number, now: string): Promise<LabourRow | undefined> {
  const row = await trx
    .updateTable('labour_entries')
    .set({ stopped_at: stoppedAt, minutes })
    .where('id', '=', timer.id)
    .where('stopped_at', 'is', null)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (row) {
    const subject = subjectOf(row);
    await recordActivity(trx, { area: areaOf(subject), recordId: subject.id, kind: 'timer_stopped', actorId, at: now, details: { entry_id: row.id, minutes: row.minutes } });
  }
  return row;
}
