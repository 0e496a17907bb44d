/** Maintenance tasks as the API shows them (behaviour §3), built from rows and their batch-loaded relations. */
import type { MaintenanceTask } from '../../../shared/api/maintenance.js';
import type { CompletionAnswer, ProcedureStep } from '../../../shared/api/procedures.js';
import { taskMeterFigures, usageFrom, type TaskMeterFigures } from '../../../shared/rules/meter-due.js';
import { formatRecurrenceInterval, TASK_STATUS_LABELS, taskDueDate, taskStatusOn } from '../../../shared/rules/task-status.js';
import { mediaUrl } from '../../http/uploads.js';
import { locationRefOf } from '../locations/locations.presenter.js';
import { userRefOf } from '../users/users.presenter.js';
import type { StoredAnswer, TaskMeter, TaskRelations, TaskRow } from './maintenance.repository.js';

/**
 * Columns the presenter does not read (tests/server/response-shapes.test.ts holds the list to the
 * table): when a task was claimed is not shown, and its due date is shown as derived afresh.
 */
export const MAINTENANCE_TASK_NOT_EXPOSED = ['claimed_at', 'due_date', 'meter_since_value', 'meter_since_at'] as const satisfies readonly (keyof TaskRow)[];

/** JSON the repository wrote; a list it cannot read shows as none rather than failing the whole answer. */
function storedList<T>(json: string | null): T[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** The steps a task keeps, in order. */
export function stepsOf(row: Pick<TaskRow, 'procedure_steps'>): ProcedureStep[] {
  return storedList<ProcedureStep>(row.procedure_steps);
}

/** A kept answer, its photo as a link on `origin`. */
export function presentCompletionAnswer(answer: StoredAnswer, origin: string): CompletionAnswer {
  return {
    step_id: answer.step_id,
    kind: answer.kind,
    label: answer.label,
    unit: answer.unit,
    min: answer.min,
    max: answer.max,
    value: answer.value,
    note: answer.note,
    photo: mediaUrl(origin, answer.photo),
    follow_up_work_order_id: answer.follow_up_work_order_id,
  };
}

/**
 * A task by usage's figures, from the readings its meter took since the task's point (its last
 * completion's reading; the meter's first when it has none). Null for a task by days only, or one
 * whose meter is gone.
 */
function meterFiguresOf(row: TaskRow, meter: TaskMeter | undefined, today: string): TaskMeterFigures | null {
  if (row.meter_interval === null || !meter) return null;
  const since = row.meter_since_at === null || row.meter_since_value === null ? null : { value: Number(row.meter_since_value), taken_at: row.meter_since_at };
  const counted = since ? meter.readings.filter((r) => Date.parse(r.taken_at) > Date.parse(since.taken_at)) : meter.readings;
  return taskMeterFigures(Number(row.meter_interval), usageFrom(since, counted), meter.last, meter.ref.average_daily_use, today);
}

/**
 * `today` is the date in the configured time zone: the status depends on it, so it is computed per
 * read. `origin` is where the answers' photos are linked (http/origin.ts).
 */
export function presentTask(row: TaskRow, relations: TaskRelations, today: string, origin: string): MaintenanceTask {
  const person = (id: number | null) => userRefOf(relations.users, id);
  const location = locationRefOf(relations.locations, row.location_id);
  const assignee = person(row.assigned_to_id);
  const meter = row.meter_id === null ? undefined : relations.meters.get(row.meter_id);
  const figures = meterFiguresOf(row, meter, today);
  // The one rule that takes the meter's verdict in with the days' (shared/rules/task-status.ts).
  const status = taskStatusOn(
    {
      assigned_to: assignee ? [assignee] : [],
      last_completed_date: row.last_completed_date,
      completed_through_system: row.completed_through_system === 1,
      recurrence_interval: row.recurrence_interval,
      meter_interval: figures ? Number(row.meter_interval) : null,
      meter_used: figures?.meter_used ?? null,
    },
    today,
  );
  return {
    id: row.id,
    location,
    location_id: location.id,
    description: { full_description: row.description },
    recurrence_interval: row.recurrence_interval,
    formatted_recurrence_interval: formatRecurrenceInterval(row.recurrence_interval),
    assigned_to: assignee ? [assignee] : [],
    created: row.created_at,
    created_by: person(row.created_by_id),
    last_completed_date: row.last_completed_date,
    completed_through_system: row.completed_through_system === 1,
    // Derived rather than read back, so a row written outside the repository still shows the right date.
    due_date: taskDueDate(row.last_completed_date, row.recurrence_interval),
    status,
    formatted_status: TASK_STATUS_LABELS[status],
    task_notes: row.task_notes,
    field_notes: row.field_notes,
    last_completed_by: person(row.last_completed_by_id),
    last_completed_at: row.last_completed_at,
    version: row.version,
    updated_at: row.updated_at,
    updated_by: person(row.updated_by_id),
    steps: stepsOf(row),
    procedure_version: row.procedure_version,
    last_completion_answers: storedList<StoredAnswer>(row.last_completion_answers).map((answer) => presentCompletionAnswer(answer, origin)),
    meter_id: figures ? row.meter_id : null,
    meter: figures ? meter!.ref : null,
    meter_interval: figures ? Number(row.meter_interval) : null,
    meter_used: figures?.meter_used ?? null,
    meter_last_reading: figures?.meter_last_reading ?? null,
    meter_due_at: figures?.meter_due_at ?? null,
    forecast_due_date: figures?.forecast_due_date ?? null,
  };
}
