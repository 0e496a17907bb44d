/** The maintenance area's calls from a tab to the data worker (implemented in `src-worker/areas/maintenance.ts`). */
import type { Page } from '../api/common.js';
import type { MaintenanceTask, TaskPatchBody } from '../api/maintenance.js';
import type { ProcedureStep } from '../api/procedures.js';
import type { ChosenFile, MutationResult, ReadResult } from '../data/call-results.js';
import type { AnswerDraft } from '../rules/procedure.js';
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
  /** By usage: the meter and the interval in its units, both or neither (null). */
  meter_id?: number | null;
  meter_interval?: number | null;
  /** The procedure, when the form gave the task one. */
  steps?: TaskPatchBody['steps'];
}

/** An edit: only the fields the user changed, and the version of the task the form showed. */
export interface TaskEdit {
  version: number;
  changes: TaskPatchBody;
}

/**
 * What the Complete dialog answered of a task's procedure: the steps it showed (the task's
 * `procedure_version` and `steps` as read), an answer per step as typed, and the photo steps' photos.
 */
export interface ProcedureAnswers {
  procedureVersion: number;
  steps: ProcedureStep[];
  answers: AnswerDraft[];
  photos: { stepId: string; file: ChosenFile }[];
}

/** A task by usage's meter, read at its completion. */
export interface CompletionReading {
  meterId: number;
  value: number;
}

export interface MaintenanceCalls extends StatusCalls<MaintenanceTask> {
  list(params: TaskListParams): Promise<ReadResult<Page<MaintenanceTask>>>;
  get(id: number): Promise<ReadResult<MaintenanceTask>>;
  create(input: NewTask): Promise<MutationResult<MaintenanceTask>>;
  update(id: number, edit: TaskEdit): Promise<MutationResult<MaintenanceTask>>;
  /**
   * Complete, with the answers to the task's steps when it has any (sent now, or queued with its
   * photos), and for a task by usage its meter's reading now when one was read (checked on the
   * device against the readings it knows, as the server checks it again).
   */
  complete(id: number, fieldNotes: string, procedure?: ProcedureAnswers, meterReading?: CompletionReading): Promise<MutationResult<MaintenanceTask>>;
}
