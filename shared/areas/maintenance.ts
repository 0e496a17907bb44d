/** The maintenance area's calls from a tab to the data worker (implemented in `src-worker/areas/maintenance.ts`). */
import type { Page } from '../api/common.js';
import type { MaintenanceTask, TaskPatchBody } from '../api/maintenance.js';
import type { MutationResult, ReadResult } from '../data/protocol.js';
import type { StatusCalls } from './claims.js';

export interface TaskListParams {
  page?: number;
  location?: number | null;
  search?: string | null;
}

/** A new task as the form sends it (behaviour §5: location, description, interval and last completion required). */
export interface NewTask {
  location_id: number;
  description: string;
  recurrence_interval: number;
  /** YYYY-MM-DD. */
  last_completed_date: string;
  task_notes: string | null;
  /** A user id; the caller when null. */
  created_by: number | null;
}

/** An edit: only the fields the user changed, and the version of the task the form showed. */
export interface TaskEdit {
  version: number;
  changes: TaskPatchBody;
}

export interface MaintenanceApi extends StatusCalls<MaintenanceTask> {
  list(params: TaskListParams): Promise<ReadResult<Page<MaintenanceTask>>>;
  get(id: number): Promise<ReadResult<MaintenanceTask>>;
  create(input: NewTask): Promise<MutationResult<MaintenanceTask>>;
  update(id: number, edit: TaskEdit): Promise<MutationResult<MaintenanceTask>>;
}
