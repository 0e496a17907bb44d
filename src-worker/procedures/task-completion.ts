/**
 * A maintenance task's completion with the answers to its procedure (docs/decisions.md: Procedures on
 * maintenance tasks), as the outbox stores it and the server takes it: JSON, or multipart when photo
 * steps were answered (the photos being the item's attachments, made to fit and measured against the
 * queue's limits like a work order's). The answers carry the procedure version they were given on,
 * so the server refuses them (412, a conflict kept in Offline Activity) once the steps have changed;
 * the follow-up work orders are the server's to open, inside the completion's own transaction.
 */
import { msg, t } from '../../shared/i18n/translate.js';
import type { ProcedureAnswers } from '../../shared/areas/maintenance.js';
import type { JsonValue } from '../../shared/data/db-schema.js';
import { optionalText } from '../../shared/rules/optional-text.js';
import { answerWithNote, checkAnswers, parseStepNumber, photoField, type ProcedureStep } from '../../shared/rules/procedure.js';
import type { HttpRequest } from '../http/http-client.js';
import type { VersionedPayloadKind } from '../outbox/outbox-store.js';
import type { StoredWrite, WriteFile } from '../outbox/write-action.js';

/** One answer as stored and sent: the value as typed, a number for a reading that is one. */
type StoredAnswer = { step_id: string; value: string | number | null; note: string | null };

/**
 * The stored payload of a task's completion. Items queued before procedures hold `field_notes`
 * only and are sent as they always were.
 */
export type CompletePayload = {
  field_notes: string | null;
  /** The task's procedure_version the answers were given on. */
  procedure_version?: number;
  answers?: StoredAnswer[];
  /** The photo step of each attachment, in the attachments' order. */
  photo_steps?: string[];
  /** Each step's label and answer as text, for the Offline Activity panel (never sent). */
  summary?: { [label: string]: string };
  /** A task by usage: its meter's reading, taken when the completion was made on the device. */
  meter_reading?: { value: number; taken_at: string };
};

/** A stored completion that answered a procedure (it has a version to re-apply on). */
export function isAnsweredCompletion(payload: JsonValue): payload is CompletePayload & { procedure_version: number; answers: StoredAnswer[] } {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) && typeof payload.procedure_version === 'number' && Array.isArray(payload.answers);
}

/**
 * For the outbox (outbox-store.ts): a completion that answered a procedure is re-applied on the
 * task's current procedure version, and its answers are what the panel shows of a conflict.
 */
export const ANSWERED_COMPLETION: VersionedPayloadKind = {
  matches: isAnsweredCompletion,
  rebase: (payload, version) => (isAnsweredCompletion(payload) ? { ...payload, procedure_version: version } : payload),
  changes: (payload) => (isAnsweredCompletion(payload) ? (payload.summary ?? null) : null),
};

/** What a completion stores: its payload and its photos as the outbox's attachments. */
export function completionWrite(
  fieldNotes: string,
  procedure: ProcedureAnswers | undefined,
  meterReading?: CompletePayload['meter_reading'],
): { payload: CompletePayload; attachments: WriteFile[] } {
  const field_notes = optionalText(fieldNotes);
  const reading = meterReading ? { meter_reading: meterReading } : {};
  if (!procedure) return { payload: { field_notes, ...reading }, attachments: [] };
  const answers = procedure.answers.map((a): StoredAnswer => {
    const step = procedure.steps.find((s) => s.id === a.step_id);
    const typed = typeof a.value === 'string' ? a.value.trim() : (a.value ?? null);
    const reading = step?.kind === 'reading' ? parseStepNumber(typed) : null;
    // A reading is sent as the number it is; anything the rule would refuse stays as typed, for the server to name.
    return { step_id: a.step_id, value: typeof reading === 'number' ? reading : typed === '' ? null : typed, note: optionalText(a.note) };
  });
  const withPhotos = procedure.photos.filter((p) => procedure.steps.some((s) => s.id === p.stepId && s.kind === 'photo'));
  return {
    payload: {
      field_notes,
      procedure_version: procedure.procedureVersion,
      answers,
      photo_steps: withPhotos.map((p) => p.stepId),
      summary: summaryOf(procedure.steps, answers, new Set(withPhotos.map((p) => p.stepId)), field_notes),
      ...reading,
    },
    attachments: withPhotos.map((p) => ({ name: p.file.name, type: p.file.type, blob: p.file.blob })),
  };
}

/** Each step's answer as text, labelled: what the panel lists for a completion it keeps. */
function summaryOf(steps: readonly ProcedureStep[], answers: readonly StoredAnswer[], photos: ReadonlySet<string>, notes: string | null): { [label: string]: string } {
  const summary: { [label: string]: string } = {};
  for (const step of steps) {
    const answer = answers.find((a) => a.step_id === step.id);
    summary[step.label] = answerWithNote({ kind: step.kind, value: answer?.value ?? null, unit: step.unit, photo: photos.has(step.id), note: answer?.note ?? null });
  }
  if (notes) summary[t('Field notes')] = notes;
  return summary;
}

/** The request of a stored completion: JSON, or multipart when it carries photos. */
export function completionRequest(path: string, item: StoredWrite<CompletePayload>): Omit<HttpRequest, 'idempotencyKey' | 'ifMatch'> {
  const { payload } = item;
  const notes = payload.field_notes ?? null;
  const taken = payload.meter_reading;
  const reading = taken ? { meter_reading: taken.value, meter_reading_taken_at: taken.taken_at } : {};
  if (payload.procedure_version === undefined) return { method: 'POST', path, json: { field_notes: notes, ...reading } };
  const answers = payload.answers ?? [];
  if (item.attachments.length === 0) return { method: 'POST', path, json: { field_notes: notes, procedure_version: payload.procedure_version, answers, ...reading } };
  const form = new FormData();
  if (notes !== null) form.append('field_notes', notes);
  for (const [name, value] of Object.entries(reading)) form.append(name, String(value));
  form.append('procedure_version', String(payload.procedure_version));
  form.append('answers', JSON.stringify(answers));
  (payload.photo_steps ?? []).forEach((stepId, i) => {
    const file = item.attachments[i];
    if (file) form.append(photoField(stepId), file.blob as Blob, file.name);
  });
  return { method: 'POST', path, form };
}

/** Said when a kept completion's answers no longer fit the task's steps as they are now. */
export const ANSWERS_NO_LONGER_FIT = msg(
  'These answers no longer fit the steps of this task as they are now. Complete the task again from its page; your answers stay here until you discard them.',
);

/**
 * Whether a completion kept as a conflict can be sent again on the steps as they are now: every
 * answer still names one of them, and they are answered as the rule asks (required ones answered,
 * readings numbers, notes where a follow-up opens). Null when it can; else why not.
 */
export function reapplyRefusal(payload: JsonValue, steps: readonly ProcedureStep[] | null): string | null {
  if (!isAnsweredCompletion(payload)) return null;
  if (!steps) return t(ANSWERS_NO_LONGER_FIT);
  const { issues } = checkAnswers(steps, payload.answers, new Set(payload.photo_steps ?? []));
  return issues.length === 0 ? null : t(ANSWERS_NO_LONGER_FIT);
}
