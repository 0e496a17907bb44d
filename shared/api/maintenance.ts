/** Maintenance tasks: the request schemas the server checks and the shapes it answers with. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TEXT_LIMIT, type TaskStatus } from '../constants.js';
import { Id, LocationSearchQuery, type EveryKey, type LocationRef, type UserRef } from './common.js';
import { READING_MAX } from '../rules/meter-readings.js';
import type { CountedReading } from '../rules/meter-due.js';
import { AnswersBody, ProcedureBody, type CompletionAnswer, type ProcedureStep } from './procedures.js';

/** Longest recurrence the server accepts, in days (ten years). */
export const RECURRENCE_INTERVAL_MAX = 3650;

/**
 * A field that may also be sent as null. Ajv's `nullable` keeps one type per field, so a bad value
 * gets one clear message instead of one per union branch.
 */
const nullable = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** GET maintenance/tasks/?page=&location=&search= */
export const TaskListQuery = LocationSearchQuery;
export type TaskListQuery = Static<typeof TaskListQuery>;

/**
 * PUT maintenance/tasks/{id}/. Every field is optional here so that the route reports all missing
 * ones together with the other errors (behaviour §5: location, description, recurrence interval and last
 * completed date are required). The location may be sent as `location_id` or `location`.
 */
export const TaskUpdateBody = Type.Object({
  location_id: Type.Optional(nullable(Id)),
  location: Type.Optional(nullable(Id)),
  description: Type.Optional(nullable(Type.String({ maxLength: TEXT_LIMIT }))),
  /** Whole days between completions. */
  recurrence_interval: Type.Optional(nullable(Type.Integer({ minimum: 1, maximum: RECURRENCE_INTERVAL_MAX }))),
  /** YYYY-MM-DD, not after today in the server's time zone. */
  last_completed_date: Type.Optional(nullable(Type.String({ maxLength: 32 }))),
  task_notes: Type.Optional(nullable(Type.String({ maxLength: TEXT_LIMIT }))),
  /** The task's procedure (shared/api/procedures.ts); left out, the steps stay as they are. */
  steps: Type.Optional(ProcedureBody),
  /**
   * Maintenance by usage (docs/decisions.md: Maintenance by usage): a meter and the interval in its
   * units, both or neither; null clears them. Left out, they stay as they are.
   */
  meter_id: Type.Optional(nullable(Id)),
  meter_interval: Type.Optional(Type.Unknown({ description: 'the interval in the meter\'s units: a number above 0, below 1,000,000,000,000; null for none' })),
});
export type TaskUpdateBody = Static<typeof TaskUpdateBody>;

/**
 * PATCH maintenance/tasks/{id}/: only the fields that changed, each checked as in PUT; at least one.
 * With `If-Match: <version>` the change applies only to that version of the task (412 otherwise).
 */
export const TaskPatchBody = TaskUpdateBody;
export type TaskPatchBody = TaskUpdateBody;

/** POST maintenance/tasks/: the update fields plus an optional creator (a user id; the caller when absent). */
export const TaskCreateBody = Type.Object({ ...TaskUpdateBody.properties, created_by: Type.Optional(nullable(Id)) });
export type TaskCreateBody = Static<typeof TaskCreateBody>;

/**
 * The task form as the client checks it before sending (behaviour §5: location, description, recurrence
 * interval and last completed date required; notes optional), from the same field rules as the
 * request schemas above.
 */
export const TaskForm = Type.Object({
  location_id: Id,
  description: Type.String({ minLength: 1, maxLength: TEXT_LIMIT }),
  recurrence_interval: Type.Integer({ minimum: 1, maximum: RECURRENCE_INTERVAL_MAX }),
  last_completed_date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  task_notes: Type.Optional(Type.String({ maxLength: TEXT_LIMIT })),
  meter_id: Type.Optional(Id),
  meter_interval: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: READING_MAX })),
});
export type TaskForm = Static<typeof TaskForm>;

/**
 * POST maintenance/tasks/{id}/complete/: field notes are optional (behaviour §5); the body may be empty.
 * A task with steps is completed with their answers, on the procedure version they were given on
 * (412 `stale_procedure` when the steps changed since). JSON, or multipart/form-data when photo steps
 * are answered: then `answers` is JSON text and each photo is the file field `photo_<step id>`.
 */
export const TaskCompleteBody = Type.Object({
  field_notes: Type.Optional(nullable(Type.String({ maxLength: TEXT_LIMIT }))),
  procedure_version: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'The procedure_version of the task the answers were given on; 0 (or left out) for a task without steps.' }),
  ),
  answers: Type.Optional(AnswersBody),
  /** A task by usage: its meter's reading now, kept as a reading of the meter and counted from. */
  meter_reading: Type.Optional(Type.Unknown({ description: 'the meter\'s reading: a number from 0 to 1,000,000,000,000, or null' })),
  /** When that reading was taken (ISO 8601); the time the completion is sent when left out. A queued completion sends its device's time. */
  meter_reading_taken_at: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
});
export type TaskCompleteBody = Static<typeof TaskCompleteBody>;

export interface MaintenanceTask {
  id: number;
  location: LocationRef;
  location_id: number;
  description: { full_description: string };
  recurrence_interval: number;
  /** Daily, Weekly, Every 2 weeks, Monthly, Quarterly, Yearly or "Every N days". */
  formatted_recurrence_interval: string;
  /** The claimer while claimed, else empty. */
  assigned_to: UserRef[];
  /** ISO timestamp of creation. */
  created: string;
  created_by: UserRef | null;
  last_completed_date: string | null;
  /** Whether a completion was ever recorded through the system (the status rule's NEW). */
  completed_through_system: boolean;
  /** last_completed_date + recurrence_interval days; null when never completed. */
  due_date: string | null;
  /** Computed when read, in the server's time zone (shared/rules/task-status.ts). */
  status: TaskStatus;
  formatted_status: string;
  task_notes: string | null;
  field_notes: string | null;
  last_completed_by: UserRef | null;
  last_completed_at: string | null;
  /** Raised by every write (update, claim, unclaim, completion); send it back as If-Match. */
  version: number;
  /** ISO timestamp of the last write. */
  updated_at: string;
  /** Who wrote last; null when unknown (rows older than versions). */
  updated_by: UserRef | null;
  /** The task's procedure: its ordered steps (empty for a task without one). */
  steps: ProcedureStep[];
  /** Raised whenever the steps change; a completion sends the version its answers were given on. */
  procedure_version: number;
  /** The answers of the last completion, one per step it had, with the follow-up orders they opened. */
  last_completion_answers: CompletionAnswer[];
  /** By usage (shared/rules/meter-due.ts): the meter, or null for a task by days only. */
  meter_id: number | null;
  meter: TaskMeterRef | null;
  /** The interval in the meter's units. */
  meter_interval: number | null;
  /** What the meter counted since the last completion (or since it was set on the task). */
  meter_used: number | null;
  /** The latest valid reading counted. */
  meter_last_reading: CountedReading | null;
  /** The reading the task is due at. */
  meter_due_at: number | null;
  /** The day it is forecast to be due by its meter, at the meter's daily use of the last 30 days; null without one. */
  forecast_due_date: string | null;
}

/** A task's meter, named as the task shows it. */
export interface TaskMeterRef {
  id: number;
  asset_id: number;
  name: string;
  unit: string;
  average_daily_use: number | null;
}

export const MAINTENANCE_TASK_KEYS = {
  id: true,
  location: true,
  location_id: true,
  description: true,
  recurrence_interval: true,
  formatted_recurrence_interval: true,
  assigned_to: true,
  created: true,
  created_by: true,
  last_completed_date: true,
  completed_through_system: true,
  due_date: true,
  status: true,
  formatted_status: true,
  task_notes: true,
  field_notes: true,
  last_completed_by: true,
  last_completed_at: true,
  version: true,
  updated_at: true,
  updated_by: true,
  steps: true,
  procedure_version: true,
  last_completion_answers: true,
  meter_id: true,
  meter: true,
  meter_interval: true,
  meter_used: true,
  meter_last_reading: true,
  meter_due_at: true,
  forecast_due_date: true,
} satisfies EveryKey<MaintenanceTask>;
