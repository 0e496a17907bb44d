import type { ExpressionBuilder, Kysely, Selectable, Transaction, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { LocationRef, UserRef } from '../../../shared/api/common.js';
import { followUpDescription, type CheckedAnswer, type ProcedureStep } from '../../../shared/rules/procedure.js';
import type { CompletionAnswer } from '../../../shared/api/procedures.js';
import type { TaskMeterRef } from '../../../shared/api/maintenance.js';
import { meterVerdict, usageFrom } from '../../../shared/rules/meter-due.js';
import { lastReading, type ReadingPoint } from '../../../shared/rules/meter-readings.js';
import { taskDueDate } from '../../../shared/rules/task-status.js';
import type { Database, MaintenanceTasksTable } from '../../db/schema.js';
import { descriptionOrLocationLike, distinctIds, toCount } from '../../db/dialect.js';
import type { RecordWrite } from '../../db/versions.js';
import type { PageWindow } from '../../http/pagination.js';
import type { ClaimState, TransitionResult } from '../claims/claim-flow.js';
import { createRecorded, editRecorded, recordActivity, updateRecorded } from '../activity/activity.repository.js';
import { addReadingIn, MetersRepository } from '../meters/meters.repository.js';
import { giveTimeToCompletion } from '../labour/labour.repository.js';

export type TaskRow = Selectable<MaintenanceTasksTable>;

/** The fields create and update both write; due_date is derived from them here, never taken from a caller. */
export interface TaskFields {
  location_id: number;
  description: string;
  recurrence_interval: number;
  last_completed_date: string;
  task_notes: string | null;
  /** The procedure, when the write sets it (left out: the steps stay as they are). */
  steps?: ProcedureStep[];
  /** The meter and its interval, when the write sets them (null: none; left out: as they are). */
  meter?: { id: number; interval: number } | null;
}

/** A completion as the route judged it (procedure.fields.ts). */
export interface TaskCompletion {
  today: string;
  fieldNotes: string | null;
  now: string;
  /** The procedure version the answers were given on: the completion applies only while the task is at it. */
  procedureVersion: number;
  /** One per step of that version, in order (none for a task without steps). */
  answers: readonly CheckedAnswer[];
  /** Stored names of the photos, by step id. */
  photos: ReadonlyMap<string, string>;
  /** A task by usage: its meter's reading at the completion, added as a reading of the meter (null: none given). */
  meterReading: { value: number; taken_at: string } | null;
}

/**
 * A completion whose meter reading (its own, or a step's answer) cannot stand among the meter's
 * readings: the rule's words (shared/rules/meter-readings.ts) and the field it is about.
 */
export class MeterReadingRefused extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** An answer as a completion keeps it (JSON in task_completions.answers and the task's last_completion_answers). */
export type StoredAnswer = Omit<CompletionAnswer, 'photo'> & {
  /** The photo's stored name (presented as its URL, CompletionAnswer.photo). */
  photo: string | null;
};

export interface TaskFilter {
  locationId?: number | undefined;
  search?: string | undefined;
}

/** Names a page of tasks needs, loaded with one query per table. */
export interface TaskRelations {
  locations: Map<number, LocationRef>;
  users: Map<number, UserRef>;
  /** The meters of tasks by usage, with their figures and the valid readings the tasks count. */
  meters: Map<number, TaskMeter>;
}

/** A task's meter as a page of tasks loads it. */
export interface TaskMeter {
  ref: TaskMeterRef;
  last: ReadingPoint | null;
  /** Valid readings taken after the earliest point a task of the page counts from, in the order taken. */
  readings: ReadingPoint[];
}


/**
 * The columns an edit's history compares besides those it sets: the due date follows from the date
 * and the interval, and the procedure's steps are written as procedure_steps.
 */
const EDITED_COLUMNS = ['due_date', 'procedure_steps', 'meter_id', 'meter_interval'] as const;

/** A partial update whose date or interval keeps being changed under it gives up after this many tries. */
const PATCH_ATTEMPTS = 10;

type TaskUpdateQuery = UpdateQueryBuilder<Database, 'maintenance_tasks', 'maintenance_tasks', UpdateResult>;

/** Every write to a task raises its version and records who wrote when, in the same statement. */
function stamped(eb: ExpressionBuilder<Database, 'maintenance_tasks'>, userId: number, now: string) {
  return { version: eb('version', '+', 1), updated_at: now, updated_by_id: userId };
}

/**
 * The columns that set a procedure: its steps as JSON (one spelling for equal steps: the rule builds
 * every step with its keys in one order) and its version, raised in the same statement only when the
 * steps differ from those stored, so saving a form with the same steps leaves completions valid.
 */
function procedureColumns(eb: ExpressionBuilder<Database, 'maintenance_tasks'>, steps: readonly ProcedureStep[] | undefined) {
  if (steps === undefined) return {};
  const json = JSON.stringify(steps);
  return {
    procedure_steps: json,
    procedure_version: eb.case().when('procedure_steps', '=', json).then(eb.ref('procedure_version')).else(eb('procedure_version', '+', 1)).end(),
  };
}

/** The newest valid reading of a meter, in the order taken: what a task set on it counts from. */
function latestReading(db: Kysely<Database> | Transaction<Database>, meterId: number) {
  return db.selectFrom('meter_readings').where('meter_id', '=', meterId).where('void', '=', 0).orderBy('taken_at', 'desc').orderBy('id', 'desc').limit(1);
}

/**
 * The columns that set a task's meter: a meter newly set counts from its newest reading; the same
 * meter with another interval keeps counting from where it did. Null clears them.
 */
function meterColumns(eb: ExpressionBuilder<Database, 'maintenance_tasks'>, db: Kysely<Database> | Transaction<Database>, meter: TaskFields['meter']) {
  if (meter === undefined) return {};
  if (meter === null) return { meter_id: null, meter_interval: null, meter_since_value: null, meter_since_at: null };
  // SET reads the row as it was: the same meter keeps its point, another starts from its newest reading.
  const latest = latestReading(db, meter.id);
  const sameMeter = eb('meter_id', '=', meter.id);
  return {
    meter_id: meter.id,
    meter_interval: meter.interval,
    meter_since_value: eb.case().when(sameMeter).then(eb.ref('meter_since_value')).else(latest.select('value')).end(),
    meter_since_at: eb.case().when(sameMeter).then(eb.ref('meter_since_at')).else(latest.select('taken_at')).end(),
  };
}

export class MaintenanceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Soonest due first, tasks without a due date last, then by id so pages never overlap. The CASE
   * puts nulls last on both engines (SQLite sorts them first, PostgreSQL last).
   */
  async page(window: PageWindow, filter: TaskFilter): Promise<{ count: number; rows: TaskRow[] }> {
    const base = this.matching(filter);
    const [countRow, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll('maintenance_tasks')
        .orderBy((eb) => eb.case().when('maintenance_tasks.due_date', 'is', null).then(eb.lit(1)).else(eb.lit(0)).end())
        .orderBy('maintenance_tasks.due_date')
        .orderBy('maintenance_tasks.id')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    ]);
    return { count: toCount(countRow.n), rows };
  }

  /**
   * The export's next rows (keyset: those after `after` in the list's order): the rest of the dated
   * tasks and then every undated one after a dated task, only undated ones after an undated task.
   */
  rowsAfter(filter: TaskFilter, after: Pick<TaskRow, 'due_date' | 'id'> | null, limit: number): Promise<TaskRow[]> {
    let rows = this.matching(filter).selectAll('maintenance_tasks');
    if (after) {
      const { due_date: due, id } = after;
      rows = rows.where((eb) =>
        due === null
          ? eb.and([eb('maintenance_tasks.due_date', 'is', null), eb('maintenance_tasks.id', '>', id)])
          : eb.or([eb('maintenance_tasks.due_date', 'is', null), eb(eb.refTuple('maintenance_tasks.due_date', 'maintenance_tasks.id'), '>', eb.tuple(due, id))]),
      );
    }
    return rows
      .orderBy((eb) => eb.case().when('maintenance_tasks.due_date', 'is', null).then(eb.lit(1)).else(eb.lit(0)).end())
      .orderBy('maintenance_tasks.due_date')
      .orderBy('maintenance_tasks.id')
      .limit(limit)
      .execute();
  }

  /** The tasks a list with this filter shows. */
  private matching(filter: TaskFilter) {
    let base = this.db.selectFrom('maintenance_tasks');
    if (filter.locationId !== undefined) base = base.where('maintenance_tasks.location_id', '=', filter.locationId);
    const search = filter.search;
    if (search) base = base.where((eb) => descriptionOrLocationLike(eb.ref('maintenance_tasks.description'), eb.ref('maintenance_tasks.location_id'), search));
    return base;
  }

  findById(id: number): Promise<TaskRow | undefined> {
    return this.db.selectFrom('maintenance_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<TaskRow[]> {
    return ids.length === 0 ? [] : this.db.selectFrom('maintenance_tasks').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }


  /** A task is claimed or free; being recurring, it is never completed for good. */
  async claimState(id: number): Promise<ClaimState | undefined> {
    const row = await this.db.selectFrom('maintenance_tasks').select('assigned_to_id').where('id', '=', id).executeTakeFirst();
    return row && { claimedBy: row.assigned_to_id, completed: false };
  }

  async userExists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
  }

  async relationsOf(rows: TaskRow[]): Promise<TaskRelations> {
    const locationIds = distinctIds(rows.map((r) => r.location_id));
    const userIds = distinctIds(rows.flatMap((r) => [r.assigned_to_id, r.created_by_id, r.last_completed_by_id, r.updated_by_id]));
    const [locations, users, meters] = await Promise.all([
      locationIds.length ? this.db.selectFrom('locations').select(['id', 'name']).where('id', 'in', locationIds).execute() : [],
      userIds.length ? this.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', userIds).execute() : [],
      this.metersOf(rows),
    ]);
    return { locations: new Map(locations.map((l) => [l.id, l])), users: new Map(users.map((u) => [u.id, u])), meters };
  }

  /** The meters of the tasks by usage among `rows`: each named, with its figures and the readings they count. */
  private async metersOf(rows: readonly TaskRow[]): Promise<Map<number, TaskMeter>> {
    // Per meter, the earliest point a task counts from (null: one counts from the first reading).
    const from = new Map<number, string | null>();
    for (const row of rows) {
      if (row.meter_id === null) continue;
      const since = row.meter_since_at;
      const earliest = from.get(row.meter_id);
      if (earliest === undefined || (earliest !== null && (since === null || since < earliest))) from.set(row.meter_id, since);
    }
    if (from.size === 0) return new Map();
    const meters = new MetersRepository(this.db);
    const ids = [...from.keys()];
    const [named, figures, readings] = await Promise.all([meters.findByIds(ids), meters.figures(ids, new Date()), meters.pointsAfter(from)]);
    return new Map(
      named.map((m) => {
        const figure = figures.get(m.id);
        const ref: TaskMeterRef = { id: m.id, asset_id: m.asset_id, name: m.name, unit: m.unit, average_daily_use: figure?.averageDailyUse ?? null };
        return [m.id, { ref, last: figure?.last ? { ...figure.last, reset: false } : null, readings: readings.get(m.id) ?? [] }];
      }),
    );
  }

  create(fields: TaskFields, createdById: number | null, write: { userId: number; now: string }): Promise<TaskRow> {
    const { now } = write;
    const { steps = [], meter, ...columns } = fields;
    const created = (row: TaskRow) => ({ area: 'maintenance', recordId: row.id, kind: 'created', actorId: write.userId, at: now }) as const;
    return createRecorded(this.db, created, async (trx) => {
      const since = meter ? await latestReading(trx, meter.id).select(['value', 'taken_at']).executeTakeFirst() : undefined;
      return trx
        .insertInto('maintenance_tasks')
        .values({
          ...columns,
          meter_id: meter?.id ?? null,
          meter_interval: meter?.interval ?? null,
          meter_since_value: since ? Number(since.value) : null,
          meter_since_at: since?.taken_at ?? null,
          procedure_steps: JSON.stringify(steps),
          procedure_version: steps.length > 0 ? 1 : 0,
          due_date: taskDueDate(fields.last_completed_date, fields.recurrence_interval),
          completed_through_system: 0,
          created_by_id: createdById,
          created_at: now,
          updated_at: now,
          updated_by_id: write.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * Writes every field, with the due date they give, in one statement. Undefined when the task is
   * gone or, with `write.version`, no longer at that version.
   */
  update(id: number, fields: TaskFields, write: RecordWrite): Promise<TaskRow | undefined> {
    return this.conditionalUpdate(id, { ...fields, due_date: taskDueDate(fields.last_completed_date, fields.recurrence_interval) }, write);
  }

  /**
   * Writes only the given fields. The due date follows the date and the interval together, so when
   * one of them changes alone the other is read first and the write applies only while it is still
   * the value read; a concurrent change of it in between is retried. Undefined as for update.
   */
  async patch(id: number, changes: Partial<TaskFields>, write: RecordWrite): Promise<TaskRow | undefined> {
    const dateSent = changes.last_completed_date !== undefined;
    const intervalSent = changes.recurrence_interval !== undefined;
    if (dateSent === intervalSent) {
      const dueDate = dateSent ? { due_date: taskDueDate(changes.last_completed_date ?? null, changes.recurrence_interval ?? 0) } : {};
      return this.conditionalUpdate(id, { ...changes, ...dueDate }, write);
    }
    for (let attempt = 0; attempt < PATCH_ATTEMPTS; attempt++) {
      const row = await this.findById(id);
      if (!row || (write.version !== undefined && row.version !== write.version)) return undefined;
      const due_date = taskDueDate(changes.last_completed_date ?? row.last_completed_date, changes.recurrence_interval ?? row.recurrence_interval);
      const updated = await this.conditionalUpdate(id, { ...changes, due_date }, write, (query) =>
        dateSent
          ? query.where('recurrence_interval', '=', row.recurrence_interval)
          : row.last_completed_date === null
            ? query.where('last_completed_date', 'is', null)
            : query.where('last_completed_date', '=', row.last_completed_date),
      );
      if (updated || write.version !== undefined) return updated;
    }
    return undefined;
  }

  /**
   * One UPDATE, applied only to `write.version` when given and to the rows `unchanged` keeps, and the
   * fields it changed recorded in the task's history in the same transaction (`moved` when the location changed).
   */
  private conditionalUpdate(
    id: number,
    values: Partial<TaskFields> & { due_date?: string | null },
    write: RecordWrite,
    unchanged: (query: TaskUpdateQuery) => TaskUpdateQuery = (query) => query,
  ): Promise<TaskRow | undefined> {
    const { steps, meter, ...columns } = values;
    const edit = { area: 'maintenance', recordId: id, actorId: write.userId, at: write.now } as const;
    return editRecorded(this.db, 'maintenance_tasks', edit, [...EDITED_COLUMNS, ...Object.keys(columns)], (trx) => {
      let query = trx
        .updateTable('maintenance_tasks')
        .set((eb) => ({ ...columns, ...procedureColumns(eb, steps), ...meterColumns(eb, trx, meter), ...stamped(eb, write.userId, write.now) }))
        .where('id', '=', id);
      if (write.version !== undefined) query = query.where('version', '=', write.version);
      return unchanged(query).returningAll().executeTakeFirst();
    });
  }

  /** Unclaimed → claimed. The test is part of the UPDATE, so of concurrent claims exactly one changes the row. */
  claim(id: number, userId: number, now: string): Promise<TransitionResult> {
    return updateRecorded(this.db, { area: 'maintenance', recordId: id, kind: 'claimed', actorId: userId, at: now }, (trx) =>
      trx.updateTable('maintenance_tasks').set((eb) => ({ assigned_to_id: userId, claimed_at: now, ...stamped(eb, userId, now) })).where('id', '=', id).where('assigned_to_id', 'is', null),
    );
  }

  /** Claimed by this user → unclaimed. */
  unclaim(id: number, userId: number, now: string): Promise<TransitionResult> {
    return updateRecorded(this.db, { area: 'maintenance', recordId: id, kind: 'unclaimed', actorId: userId, at: now }, (trx) =>
      trx.updateTable('maintenance_tasks').set((eb) => ({ assigned_to_id: null, claimed_at: null, ...stamped(eb, userId, now) })).where('id', '=', id).where('assigned_to_id', '=', userId),
    );
  }

  /**
   * Claimed by this user, at the procedure version the answers were given on → completed today: the
   * claim is released, who, when, the notes and the answers are recorded, the due date moves on, the
   * completion is kept in the history, and each failed check or reading outside its range opens a
   * follow-up work order at the task's location, all or nothing. Being derived here, inside the
   * completion's own transaction, the follow-ups exist exactly when the completion does: a replayed
   * request gets the stored answer (http/idempotency.ts) and a second completion finds no claim.
   */
  complete(id: number, userId: number, completion: TaskCompletion): Promise<TransitionResult> {
    const { today, fieldNotes, now } = completion;
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('maintenance_tasks')
        .set((eb) => ({
          last_completed_date: today,
          completed_through_system: 1,
          assigned_to_id: null,
          claimed_at: null,
          last_completed_by_id: userId,
          last_completed_at: now,
          field_notes: fieldNotes,
          ...stamped(eb, userId, now),
        }))
        .where('id', '=', id)
        .where('assigned_to_id', '=', userId)
        .where('procedure_version', '=', completion.procedureVersion)
        // due_date is not set by this UPDATE, so it reads back as the due date the completion met or missed.
        .returning(['recurrence_interval', 'due_date', 'location_id', 'description', 'meter_id', 'meter_interval', 'meter_since_value', 'meter_since_at'])
        .executeTakeFirst();
      if (!claimed) return 'unchanged';
      const answers = completion.answers.length > 0 ? JSON.stringify(await this.keepAnswers(trx, { id, ...claimed }, userId, completion)) : null;
      const counted = await this.countFromNow(trx, claimed, userId, completion);
      // The row stays locked by the update above until commit, so the interval read back is current.
      await trx
        .updateTable('maintenance_tasks')
        .set({ due_date: taskDueDate(today, claimed.recurrence_interval), last_completion_answers: answers, ...counted.since })
        .where('id', '=', id)
        .execute();
      const completionRow = await trx
        .insertInto('task_completions')
        .values({
          task_id: id,
          completed_by_id: userId,
          completed_at: now,
          completed_date: today,
          field_notes: fieldNotes,
          due_date: claimed.due_date,
          procedure_version: completion.procedureVersion,
          answers,
          meter_late: counted.late,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The time worked on the task since its last completion goes to this one (docs/decisions.md: What the work costs).
      await giveTimeToCompletion(trx, id, completionRow.id, userId, now);
      await recordActivity(trx, { area: 'maintenance', recordId: id, kind: 'completed', actorId: userId, at: now, details: { field_notes: fieldNotes } });
      return 'done';
    });
  }

  /**
   * A task by usage counts again from its completion: from the reading given with it, added to the
   * meter here in the completion's transaction (refused as a whole when it cannot stand among the
   * meter's readings), else from the meter's newest reading. Whether the meter had it past due,
   * counting that reading, is kept with the completion (the key figures' compliance).
   */
  private async countFromNow(
    trx: Transaction<Database>,
    task: Pick<TaskRow, 'meter_id' | 'meter_interval' | 'meter_since_value' | 'meter_since_at'>,
    userId: number,
    completion: TaskCompletion,
  ): Promise<{ since: Partial<Pick<TaskRow, 'meter_since_value' | 'meter_since_at'>>; late: 0 | 1 | null }> {
    const meterId = task.meter_id;
    if (meterId === null || task.meter_interval === null) return { since: {}, late: null };
    const given = completion.meterReading;
    if (given) {
      const added = await addReadingIn(trx, meterId, { ...given, reset: false, reason: null, user_id: userId, created_at: completion.now }, new Date());
      if (added && 'problem' in added) throw new MeterReadingRefused(added.problem, 'meter_reading');
    }
    const before = task.meter_since_at === null || task.meter_since_value === null ? null : { value: Number(task.meter_since_value), taken_at: task.meter_since_at };
    const readings = (await new MetersRepository(trx).pointsAfter(new Map([[meterId, before?.taken_at ?? null]]))).get(meterId) ?? [];
    const late = meterVerdict(usageFrom(before, readings), Number(task.meter_interval)) === 'PAST_DUE' ? 1 : 0;
    const latest = lastReading(readings);
    const from = given ?? latest ?? before;
    return { since: { meter_since_value: from?.value ?? null, meter_since_at: from?.taken_at ?? null }, late };
  }

  /**
   * The answers as the completion keeps them, opening a follow-up work order (Pending, at the task's
   * location, made by the one who completed) for each that needs one. The orders are written here
   * rather than through the work-order routes because they belong to the completion's transaction.
   */
  private async keepAnswers(trx: Transaction<Database>, task: { id: number; location_id: number; description: string }, userId: number, completion: TaskCompletion): Promise<StoredAnswer[]> {
    const kept: StoredAnswer[] = [];
    for (const answer of completion.answers) {
      const { step } = answer;
      // A reading that names a meter is a reading of it too, taken with the completion.
      if (step.kind === 'reading' && step.meter_id !== undefined && typeof answer.value === 'number') {
        const reading = { value: answer.value, taken_at: completion.meterReading?.taken_at ?? completion.now, reset: false, reason: null, user_id: userId, created_at: completion.now };
        const added = await addReadingIn(trx, step.meter_id, reading, new Date());
        if (added && 'problem' in added) throw new MeterReadingRefused(added.problem, `answers.${step.id}`);
      }
      let followUp: number | null = null;
      if (answer.followUp) {
        const order = await trx
          .insertInto('work_orders')
          .values({ status: 'Pending', description: followUpDescription(task, answer), location_id: task.location_id, created_by_id: userId, created_at: completion.now, updated_at: completion.now })
          .returning('id')
          .executeTakeFirstOrThrow();
        followUp = order.id;
        // Its history starts like any order's, saying which completion opened it.
        await recordActivity(trx, { area: 'workorders', recordId: order.id, kind: 'created', actorId: userId, at: completion.now, details: { follow_up_of_task: task.id } });
      }
      kept.push({
        step_id: step.id,
        kind: step.kind,
        label: step.label,
        unit: step.unit,
        min: step.min,
        max: step.max,
        value: answer.value,
        note: answer.note,
        photo: completion.photos.get(step.id) ?? null,
        follow_up_work_order_id: followUp,
      });
    }
    return kept;
  }
}
