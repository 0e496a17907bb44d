/** The maintenance task model (models/model-record.ts); its list as CSV is GET maintenance/tasks/export.csv (docs/decisions.md: CSV exports). */
import type { MaintenanceTask } from '../../../shared/api/maintenance.js';
import { answerWithNote } from '../../../shared/rules/procedure.js';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { Repositories } from '../../db/repositories.js';
import { personName, type CsvColumn } from '../../exports/csv.js';
import { recordsCsv, type ModelRecord } from '../../models/model-record.js';
import { presentTask } from './maintenance.presenter.js';
import type { TaskRow } from './maintenance.repository.js';

export const TASK_CSV_COLUMNS: readonly CsvColumn<MaintenanceTask>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'Location', value: (t) => t.location.name },
  { header: 'Description', value: (t) => t.description.full_description },
  { header: 'Status', value: (t) => t.formatted_status },
  { header: 'Recurrence', value: (t) => t.formatted_recurrence_interval },
  { header: 'Recurrence Interval (days)', value: (t) => t.recurrence_interval },
  { header: 'Last Completed Date', value: (t) => t.last_completed_date },
  { header: 'Due Date', value: (t) => t.due_date },
  { header: 'Claimed By', value: (t) => t.assigned_to.map(personName).join('; ') },
  { header: 'Last Completed By', value: (t) => personName(t.last_completed_by) },
  { header: 'Last Completed At', value: (t) => t.last_completed_at },
  { header: 'Task Notes', value: (t) => t.task_notes },
  { header: 'Field Notes', value: (t) => t.field_notes },
  // The procedure: how many steps, and the last completion's answers as the task detail says them.
  { header: 'Procedure Steps', value: (t) => t.steps.length },
  {
    header: 'Last Completion Answers',
    value: (t) => t.last_completion_answers.map((a) => `${a.label}: ${answerWithNote(a)}`).join('; '),
  },
  // By usage: the meter, its interval, what it counted since the last completion, the reading due at, the forecast day.
  { header: 'Meter', value: (t) => (t.meter ? `${t.meter.name} (${t.meter.unit})` : null) },
  { header: 'Meter Interval', value: (t) => t.meter_interval },
  { header: 'Counted Since Completion', value: (t) => t.meter_used },
  { header: 'Due at Reading', value: (t) => t.meter_due_at },
  { header: 'Forecast Due Date', value: (t) => t.forecast_due_date },
  { header: 'Created By', value: (t) => personName(t.created_by) },
  { header: 'Created At', value: (t) => t.created },
  { header: 'Updated By', value: (t) => personName(t.updated_by) },
  { header: 'Updated At', value: (t) => t.updated_at },
  { header: 'Location ID', value: (t) => t.location_id },
];

/** Statuses are of the site's day (TIME_ZONE), as the list shows them; the origin links a task's answers' photos. */
export function taskModel({ maintenance: tasks }: Repositories): ModelRecord<TaskRow, MaintenanceTask> {
  return {
    area: 'maintenance',
    noun: 'maintenance task',
    read: 'full',
    findById: (id) => tasks.findById(id),
    findByIds: (ids) => tasks.findByIds(ids),
    async present(rows, { origin, timeZone }) {
      const relations = await tasks.relationsOf(rows);
      const today = todayIn(timeZone);
      return rows.map((row) => presentTask(row, relations, today, origin));
    },
    csv: recordsCsv((filter, after, limit) => tasks.rowsAfter(filter, after, limit), TASK_CSV_COLUMNS),
  };
}
