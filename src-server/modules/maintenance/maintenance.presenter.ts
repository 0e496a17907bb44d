/** Maintenance tasks as the API shows them (behaviour §3), built from rows and their batch-loaded relations. */
import type { MaintenanceTask } from '../../../shared/api/maintenance.js';
import { formatRecurrenceInterval, TASK_STATUS_LABELS, taskDueDate, taskStatus } from '../../../shared/rules/task-status.js';
import { locationRefOf } from '../locations/locations.presenter.js';
import { userRefOf } from '../users/users.presenter.js';
import type { TaskRelations, TaskRow } from './maintenance.repository.js';

/**
 * Columns the presenter does not read (tests/server/response-shapes.test.ts holds the list to the
 * table): when a task was claimed is not shown, and its due date is shown as derived afresh.
 */
export const MAINTENANCE_TASK_NOT_EXPOSED = ['claimed_at', 'due_date'] as const satisfies readonly (keyof TaskRow)[];

/** `today` is the date in the configured time zone: the status depends on it, so it is computed per read. */
export function presentTask(row: TaskRow, relations: TaskRelations, today: string): MaintenanceTask {
  const person = (id: number | null) => userRefOf(relations.users, id);
  const location = locationRefOf(relations.locations, row.location_id);
  const assignee = person(row.assigned_to_id);
  const status = taskStatus(
    {
      claimed: row.assigned_to_id !== null,
      lastCompletedDate: row.last_completed_date,
      completedThroughSystem: row.completed_through_system === 1,
      recurrenceInterval: row.recurrence_interval,
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
  };
}
