/**
 * Procedures on maintenance tasks (docs/decisions.md: Procedures on maintenance tasks): the request
 * schemas of a task's steps and of a completion's answers, and the shape a completion's answers are
 * shown in. The schemas only bound sizes and types; labels, ranges and numbers are judged by the
 * one rule both sides use (`shared/rules/procedure.ts`), so the server and the forms say the same.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { type EveryKey } from './common.js';
import {
  ANSWER_NOTE_MAX,
  ANSWER_TEXT_MAX,
  PROCEDURE_MAX_STEPS,
  STEP_KINDS,
  STEP_LABEL_MAX,
  STEP_UNIT_MAX,
  type ProcedureStep,
  type StepKind,
} from '../rules/procedure.js';

/**
 * A number, or text the procedure rule reads as one. Declared as text: the schema's coercion turns a
 * JSON number into its text and the rule reads it back, so "is not a number" is said in the rule's
 * words (the same as the form's) rather than the schema's, and no union type is needed.
 */
const numberOrText = (maxLength: number, description: string) => Type.Unsafe<number | string | null>({ type: 'string', nullable: true, maxLength, description });

const nullable = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** One step of a task's procedure as a create, update or partial update sends it. */
export const ProcedureStepBody = Type.Object({
  id: Type.Optional(nullable(Type.String({ maxLength: 40, description: 'Kept for the step\'s life; letters, digits, - and _. Given by the server when left out.' }))),
  kind: Type.String({ enum: [...STEP_KINDS], description: 'check (Pass / Fail), reading (a number), text or photo.' }),
  label: Type.String({ maxLength: STEP_LABEL_MAX + 100 }),
  required: Type.Optional(Type.Boolean()),
  unit: Type.Optional(nullable(Type.String({ maxLength: STEP_UNIT_MAX + 100 }))),
  min: Type.Optional(numberOrText(40, 'A number: a reading\'s lowest good value.')),
  max: Type.Optional(numberOrText(40, 'A number: a reading\'s highest good value.')),
  meter_id: Type.Optional(nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'A reading only: the meter its answer is also a reading of.' }))),
});
export type ProcedureStepBody = Static<typeof ProcedureStepBody>;

/** The whole procedure, in order: sending it replaces the task's steps (an empty list removes them). */
export const ProcedureBody = Type.Array(ProcedureStepBody, {
  maxItems: PROCEDURE_MAX_STEPS,
  description: 'The task\'s ordered checklist. Changing it raises procedure_version; completions answer the version they were made on.',
});

/** One answer of a completion. A photo step's photo is sent as the multipart file `photo_<step id>`. */
export const StepAnswerBody = Type.Object({
  step_id: Type.String({ maxLength: 40 }),
  value: Type.Optional(numberOrText(ANSWER_TEXT_MAX + 100, '"pass" or "fail" for a check, a number for a reading, the text of a text answer.')),
  note: Type.Optional(nullable(Type.String({ maxLength: ANSWER_NOTE_MAX + 100, description: 'Needed for a failed check or a reading outside its range.' }))),
});
export type StepAnswerBody = Static<typeof StepAnswerBody>;

export const AnswersBody = Type.Array(StepAnswerBody, { maxItems: PROCEDURE_MAX_STEPS });

/** One answered step of a completion, as the task shows its last completion's answers. */
export interface CompletionAnswer {
  step_id: string;
  /** The step as it was answered (later edits of the procedure do not change a kept answer). */
  kind: StepKind;
  label: string;
  unit: string | null;
  min: number | null;
  max: number | null;
  /** 'pass' or 'fail' for a check, the number of a reading, the text of a text answer; null for a photo or a step left unanswered. */
  value: string | number | null;
  note: string | null;
  /** Absolute URL of a photo step's photo. */
  photo: string | null;
  /** The work order a failed check or a reading outside its range opened. */
  follow_up_work_order_id: number | null;
}

export const COMPLETION_ANSWER_KEYS = {
  step_id: true,
  kind: true,
  label: true,
  unit: true,
  min: true,
  max: true,
  value: true,
  note: true,
  photo: true,
  follow_up_work_order_id: true,
} satisfies EveryKey<CompletionAnswer>;

export const PROCEDURE_STEP_KEYS = { id: true, kind: true, label: true, required: true, unit: true, min: true, max: true, meter_id: true } satisfies EveryKey<ProcedureStep>;

export type { ProcedureStep };
