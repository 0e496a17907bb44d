/**
 * Procedures on maintenance tasks: the one rule for a task's ordered steps and for the answers a
 * completion gives them. Realm-free, so the task form and the Complete dialog say exactly what the
 * server answers, in the same words (like `email-address.ts`).
 *
 * A step is a check (Pass / Fail), a reading (a number, with an optional unit and optional minimum
 * and maximum), a text answer or a photo; each has a label and a required flag. A failed check or a
 * reading outside its range needs a short note, and the server opens a follow-up work order for it
 * (docs/decisions.md: Procedures on maintenance tasks). A reading may name a meter: its answer is
 * then also a reading of that meter (docs/decisions.md: Maintenance by usage).
 */
import { msg, t } from '../i18n/translate.js';

export const STEP_KINDS = ['check', 'reading', 'text', 'photo'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** The multipart file field of a photo step's photo. */
export const photoField = (stepId: string) => `photo_${stepId}`;

/** How the form names each kind. */
export const STEP_KIND_LABELS: Record<StepKind, string> = { check: msg('Check (Pass / Fail)'), reading: msg('Reading'), text: msg('Text answer'), photo: msg('Photo') };

export const CHECK_RESULTS = ['pass', 'fail'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** Most steps one procedure has. */
export const PROCEDURE_MAX_STEPS = 50;
/**
 * Most photo steps one procedure has: a completion carries its photos in one request, and the server
 * takes at most 10 files per request (`UPLOAD_FILES_PER_REQUEST`).
 */
export const PROCEDURE_MAX_PHOTO_STEPS = 10;
export const STEP_LABEL_MAX = 200;
export const STEP_UNIT_MAX = 20;
export const ANSWER_TEXT_MAX = 5_000;
export const ANSWER_NOTE_MAX = 500;
/** A step's id: client-made (a form adds steps offline) or given by the server; kept for the step's life. */
export const STEP_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** A step as the server keeps it and answers it. */
export interface ProcedureStep {
  id: string;
  kind: StepKind;
  label: string;
  required: boolean;
  /** Readings only; null otherwise. */
  unit: string | null;
  min: number | null;
  max: number | null;
  /**
   * A reading's meter, whose reading its answer also is. Present only when set, so steps without
   * one keep the one spelling they always had (their JSON, and so the procedure's version).
   */
  meter_id?: number;
}

/** A step as a form holds it or a client sends it, before it is judged. */
export interface StepDraft {
  id?: string | null;
  kind: string;
  label?: string | null;
  /** Left out, the step is not required. Never null: the server refuses a null flag (http/input-guard.ts) rather than read it as false. */
  required?: boolean;
  unit?: string | null;
  /** A number, or text as typed. */
  min?: number | string | null;
  max?: number | string | null;
  /** A reading's meter; null or 0 for none. */
  meter_id?: number | null;
}

/** One problem, at the field it is about (`steps.1.label`, `answers.<step id>`, or the list itself). */
export interface ProcedureIssue {
  path: string;
  message: string;
}

/**
 * Every text this rule says; the server answers with these words and the forms show them. Each is
 * said when read (`t`), in the reader's language: the request's on the server, the active one on
 * the device.
 */
export const PROCEDURE_MESSAGES = {
  get tooManySteps() {
    return t('A procedure has at most {count} steps.', { count: PROCEDURE_MAX_STEPS });
  },
  get tooManyPhotoSteps() {
    return t('A procedure has at most {count} photo steps.', { count: PROCEDURE_MAX_PHOTO_STEPS });
  },
  badKind: (n: number) => t('Step {n}: choose a check, a reading, a text answer or a photo.', { n }),
  labelEmpty: (n: number) => t('Step {n}: enter a label.', { n }),
  labelTooLong: (n: number) => t('Step {n}: the label has at most {max} characters.', { n, max: STEP_LABEL_MAX }),
  unitTooLong: (n: number) => t('Step {n}: the unit has at most {max} characters.', { n, max: STEP_UNIT_MAX }),
  minNotNumber: (n: number) => t('Step {n}: the minimum is not a number.', { n }),
  maxNotNumber: (n: number) => t('Step {n}: the maximum is not a number.', { n }),
  minAboveMax: (n: number) => t('Step {n}: the minimum is greater than the maximum.', { n }),
  badId: (n: number) => t('Step {n}: the step id may hold only letters, digits, - and _ (at most 40).', { n }),
  sameId: (n: number) => t('Step {n}: another step has the same id.', { n }),
  get unknownStep() {
    return t('An answer names a step this task does not have.');
  },
  get answeredTwice() {
    return t('Two answers name the same step.');
  },
  needsAnswer: (label: string) => t('{label}: this step needs an answer.', { label }),
  chooseResult: (label: string) => t('{label}: choose Pass or Fail.', { label }),
  readingNotNumber: (label: string) => t('{label}: the reading is not a number.', { label }),
  textTooLong: (label: string) => t('{label}: the answer has at most {max} characters.', { label, max: ANSWER_TEXT_MAX }),
  failedNeedsNote: (label: string) => t('{label}: add a short note about the failure.', { label }),
  outOfRangeNeedsNote: (label: string) => t('{label}: the reading is outside its range; add a short note.', { label }),
  noteTooLong: (label: string) => t('{label}: the note has at most {max} characters.', { label, max: ANSWER_NOTE_MAX }),
} as const;

const isKind = (kind: string): kind is StepKind => (STEP_KINDS as readonly string[]).includes(kind);

/**
 * A number from a field: a JSON number, or text that is a decimal number (`42`, `-0.5`, `.5`, and
 * `1e-7`, the way a very small number is written as text). Empty is null; anything else ("forty",
 * `0x10`, `Infinity`, `1,5`) is 'invalid'.
 */
export function parseStepNumber(value: number | string | null | undefined): number | null | 'invalid' {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'invalid';
  const text = value.trim();
  if (text === '') return null;
  if (!/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) return 'invalid';
  const number = Number(text);
  return Number.isFinite(number) ? number : 'invalid';
}

/**
 * The procedure `drafts` describe, judged: labels and units trimmed, a reading's bounds as numbers,
 * the unit and bounds of other kinds dropped. `newId` names a step that comes without an id (the
 * server's ids; a form gives its own). Only meaningful when `issues` is empty.
 */
export function checkProcedure(drafts: readonly StepDraft[], newId: () => string): { steps: ProcedureStep[]; issues: ProcedureIssue[] } {
  const issues: ProcedureIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (drafts.length > PROCEDURE_MAX_STEPS) add('steps', PROCEDURE_MESSAGES.tooManySteps);
  if (drafts.filter((d) => d.kind === 'photo').length > PROCEDURE_MAX_PHOTO_STEPS) add('steps', PROCEDURE_MESSAGES.tooManyPhotoSteps);
  const seen = new Set<string>();
  const steps = drafts.map((draft, index): ProcedureStep => {
    const n = index + 1;
    const at = (field: string) => `steps.${index}.${field}`;
    const kind: StepKind = isKind(draft.kind) ? draft.kind : 'check';
    if (!isKind(draft.kind)) add(at('kind'), PROCEDURE_MESSAGES.badKind(n));
    const label = (draft.label ?? '').trim();
    if (label === '') add(at('label'), PROCEDURE_MESSAGES.labelEmpty(n));
    else if (label.length > STEP_LABEL_MAX) add(at('label'), PROCEDURE_MESSAGES.labelTooLong(n));
    let id = draft.id?.trim() || null;
    if (id !== null && !STEP_ID_PATTERN.test(id)) add(at('id'), PROCEDURE_MESSAGES.badId(n));
    else if (id !== null && seen.has(id)) add(at('id'), PROCEDURE_MESSAGES.sameId(n));
    id ??= newId();
    seen.add(id);
    const step: ProcedureStep = { id, kind, label, required: draft.required === true, unit: null, min: null, max: null };
    if (kind !== 'reading') return step;
    const unit = (draft.unit ?? '').trim();
    if (unit.length > STEP_UNIT_MAX) add(at('unit'), PROCEDURE_MESSAGES.unitTooLong(n));
    const min = parseStepNumber(draft.min);
    const max = parseStepNumber(draft.max);
    if (min === 'invalid') add(at('min'), PROCEDURE_MESSAGES.minNotNumber(n));
    if (max === 'invalid') add(at('max'), PROCEDURE_MESSAGES.maxNotNumber(n));
    if (typeof min === 'number' && typeof max === 'number' && min > max) add(at('min'), PROCEDURE_MESSAGES.minAboveMax(n));
    const meter = typeof draft.meter_id === 'number' && draft.meter_id > 0 ? { meter_id: draft.meter_id } : {};
    return { ...step, unit: unit || null, min: typeof min === 'number' ? min : null, max: typeof max === 'number' ? max : null, ...meter };
  });
  return { steps, issues };
}

/** An answer as a form holds it or a client sends it: the step it answers, its value, a note. */
export interface AnswerDraft {
  step_id: string;
  /** 'pass' or 'fail' for a check, a number (or its text) for a reading, the text of a text answer; a photo comes as a file. */
  value?: number | string | null;
  note?: string | null;
}

/** An answer judged against its step: its value as kept, and whether it opens a follow-up. */
export interface CheckedAnswer {
  step: ProcedureStep;
  value: CheckResult | number | string | null;
  note: string | null;
  /** A photo step with its photo. */
  photo: boolean;
  /** A failed check or a reading outside its range: the server opens a follow-up work order. */
  followUp: boolean;
}

/** Whether a reading lies outside its step's range (bounds included in the range). */
export function isOutOfRange(step: Pick<ProcedureStep, 'min' | 'max'>, reading: number): boolean {
  return (step.min !== null && reading < step.min) || (step.max !== null && reading > step.max);
}

/**
 * Every step of `steps` with its answer from `drafts`, judged: required steps answered, a check
 * Pass or Fail, a reading a number, a note where a follow-up is opened. `photoSteps` are the photo
 * steps whose photo came with the answers. One issue per step at most, at `answers.<step id>`.
 */
export function checkAnswers(steps: readonly ProcedureStep[], drafts: readonly AnswerDraft[], photoSteps: ReadonlySet<string>): { answers: CheckedAnswer[]; issues: ProcedureIssue[] } {
  const issues: ProcedureIssue[] = [];
  const byStep = new Map<string, AnswerDraft>();
  for (const draft of drafts) {
    if (!steps.some((s) => s.id === draft.step_id)) issues.push({ path: 'answers', message: PROCEDURE_MESSAGES.unknownStep });
    else if (byStep.has(draft.step_id)) issues.push({ path: 'answers', message: PROCEDURE_MESSAGES.answeredTwice });
    else byStep.set(draft.step_id, draft);
  }
  for (const id of photoSteps) {
    if (!steps.some((s) => s.id === id && s.kind === 'photo')) issues.push({ path: 'answers', message: PROCEDURE_MESSAGES.unknownStep });
  }
  const answers = steps.map((step): CheckedAnswer => {
    const draft = byStep.get(step.id);
    const problem = (message: string) => issues.push({ path: `answers.${step.id}`, message });
    const note = (draft?.note ?? '').trim() || null;
    const answer: CheckedAnswer = { step, value: null, note, photo: false, followUp: false };
    const raw = draft?.value ?? null;
    const text = typeof raw === 'string' ? raw.trim() : raw;
    if (step.kind === 'photo') answer.photo = photoSteps.has(step.id);
    else if (step.kind === 'check') {
      if (text === 'pass' || text === 'fail') answer.value = text;
      else if (text !== null && text !== '') problem(PROCEDURE_MESSAGES.chooseResult(step.label));
    } else if (step.kind === 'reading') {
      const reading = parseStepNumber(text);
      if (reading === 'invalid') problem(PROCEDURE_MESSAGES.readingNotNumber(step.label));
      else answer.value = reading;
    } else if (text !== null && text !== '') {
      const value = String(text);
      if (value.length > ANSWER_TEXT_MAX) problem(PROCEDURE_MESSAGES.textTooLong(step.label));
      answer.value = value;
    }
    if (issues.some((i) => i.path === `answers.${step.id}`)) return answer;
    const answered = answer.value !== null || answer.photo;
    if (!answered && step.required) problem(PROCEDURE_MESSAGES.needsAnswer(step.label));
    answer.followUp = answer.value === 'fail' || (typeof answer.value === 'number' && step.kind === 'reading' && isOutOfRange(step, answer.value));
    if (answer.followUp && note === null) problem(answer.value === 'fail' ? PROCEDURE_MESSAGES.failedNeedsNote(step.label) : PROCEDURE_MESSAGES.outOfRangeNeedsNote(step.label));
    else if (note !== null && note.length > ANSWER_NOTE_MAX) problem(PROCEDURE_MESSAGES.noteTooLong(step.label));
    return answer;
  });
  return { answers, issues };
}

/** Whether an answer as typed (before it is sent) opens a follow-up, so the dialog asks for its note. */
export function needsFollowUpNote(step: ProcedureStep, value: string | null | undefined): boolean {
  if (step.kind === 'check') return value === 'fail';
  if (step.kind !== 'reading') return false;
  const reading = parseStepNumber(value);
  return typeof reading === 'number' && isOutOfRange(step, reading);
}

/** A reading with its unit: `42 psi`, `7`. */
export function readingText(value: number, unit: string | null): string {
  return unit ? `${value} ${unit}` : String(value);
}

/** A step's range as said in words: `10–100 psi`, `at least 10 psi`, `at most 100 psi`, or null. */
export function rangeText(step: Pick<ProcedureStep, 'min' | 'max' | 'unit'>): string | null {
  const unit = step.unit ? ` ${step.unit}` : '';
  if (step.min !== null && step.max !== null) return `${step.min}–${step.max}${unit}`;
  if (step.min !== null) return t('at least {value}', { value: `${step.min}${unit}` });
  if (step.max !== null) return t('at most {value}', { value: `${step.max}${unit}` });
  return null;
}

/** An answer as the task detail and the Offline Activity panel say it. */
export function answerText(answer: { kind: StepKind; value: string | number | null; unit: string | null; photo?: string | boolean | null }): string {
  if (answer.kind === 'photo') return answer.photo ? t('Photo') : t('No photo');
  if (answer.value === null) return t('Not answered');
  if (answer.kind === 'check') return answer.value === 'fail' ? t('Fail') : t('Pass');
  if (answer.kind === 'reading' && typeof answer.value === 'number') return readingText(answer.value, answer.unit);
  return String(answer.value);
}

/** An answer with its note in brackets, as the task detail, the Offline Activity panel and the task export say it. */
export function answerWithNote(answer: Parameters<typeof answerText>[0] & { note?: string | null }): string {
  const text = answerText(answer);
  return answer.note ? `${text} (${answer.note})` : text;
}

/** Longest part of the task's description a follow-up repeats. */
const FOLLOW_UP_TASK_TEXT = 200;

/**
 * The description of the work order a failed check or an out-of-range reading opens: the task,
 * the step and the answer, and the technician's note.
 */
export function followUpDescription(task: { id: number; description: string }, answer: Pick<CheckedAnswer, 'step' | 'value' | 'note'>): string {
  const { step, value } = answer;
  const description = task.description.length > FOLLOW_UP_TASK_TEXT ? `${task.description.slice(0, FOLLOW_UP_TASK_TEXT - 1)}…` : task.description;
  const range = rangeText(step);
  const values = { id: task.id, description, step: step.label };
  let text: string;
  if (step.kind !== 'reading' || typeof value !== 'number') text = t('Follow-up from maintenance task #{id} ({description}): step "{step}" failed.', values);
  else if (range) text = t('Follow-up from maintenance task #{id} ({description}): step "{step}" read {reading}, outside {range}.', { ...values, reading: readingText(value, step.unit), range });
  else text = t('Follow-up from maintenance task #{id} ({description}): step "{step}" read {reading}.', { ...values, reading: readingText(value, step.unit) });
  return answer.note ? t('{text} Note: {note}', { text, note: answer.note }) : text;
}
