/**
 * A task's procedure on the server (docs/decisions.md: Procedures on maintenance tasks): its steps
 * in a create or an update, and a completion's answers and photos, judged by the one rule the forms
 * use (shared/rules/procedure.ts), so a refusal names the field in the form's own words. Also the
 * 412 of a completion answered on steps that have changed since.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { STALE_PROCEDURE_CODE } from '../../../shared/api/refusal-codes.js';
import type { MaintenanceTask } from '../../../shared/api/maintenance.js';
import type { ProcedureStepBody, StepAnswerBody } from '../../../shared/api/procedures.js';
import { checkAnswers, checkProcedure, type CheckedAnswer, type ProcedureStep } from '../../../shared/rules/procedure.js';
import { addFieldError, fieldError, HttpError, type FieldErrors } from '../../http/errors.js';
import { filesOf, type UploadedFile } from '../../http/uploads.js';
import { msg, t } from '../../../shared/i18n/translate.js';

/** A step the client sent without an id gets one that no other step of any task is likely to have. */
const newStepId = () => randomBytes(6).toString('hex');

/** The steps a body sends, judged; each problem recorded at its field (`steps.1.label`). */
export function checkSteps(errors: FieldErrors, drafts: readonly ProcedureStepBody[]): ProcedureStep[] {
  const { steps, issues } = checkProcedure(drafts, newStepId);
  for (const issue of issues) addFieldError(errors, issue.path, t(issue.message));
  return steps;
}

/** A completion's answers to `steps`, judged with the photos that came; each problem at `answers.<step id>`. */
export function checkCompletionAnswers(errors: FieldErrors, steps: readonly ProcedureStep[], answers: readonly StepAnswerBody[], photos: ReadonlyMap<string, UploadedFile>): CheckedAnswer[] {
  const checked = checkAnswers(steps, answers, new Set(photos.keys()));
  for (const issue of checked.issues) addFieldError(errors, issue.path, t(issue.message));
  return checked.answers;
}

const PHOTO_FIELD = /^photo_(.+)$/;

/**
 * The photos of a completion by step id: the multipart files `photo_<step id>`, one each. A JSON
 * body may not carry any (a value there that is no file is refused as the upload fields are).
 */
export function photosOf(body: object): Map<string, UploadedFile> {
  const photos = new Map<string, UploadedFile>();
  for (const [field, value] of Object.entries(body)) {
    const stepId = PHOTO_FIELD.exec(field)?.[1];
    if (stepId === undefined) continue;
    // A form with no file chosen still sends one nameless, empty part: that is no photo.
    const files = filesOf(value, field).filter((f) => f.filename !== '' || f.data.length > 0);
    if (files.length > 1) throw fieldError(field, t('Send one photo per step.'));
    if (files[0]) photos.set(stepId, files[0]);
  }
  return photos;
}

/**
 * A multipart completion carries its answers as JSON text (a form field is text): read it before
 * the schema checks the list. Other bodies are left as they are.
 */
export function readMultipartAnswers(request: FastifyRequest): void {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || !request.isMultipart() || typeof body.answers !== 'string') return;
  if (body.answers === '') {
    delete body.answers;
    return;
  }
  try {
    body.answers = JSON.parse(body.answers) as unknown;
  } catch {
    throw fieldError('answers', t('Send the answers as a JSON list.'));
  }
}

export const STALE_PROCEDURE_MESSAGE = msg('The steps of this task changed since these answers were given. Answer them again.');

/** 412 with the task as it is now (its steps and procedure_version), as a stale version answers. */
export function staleProcedure(current: MaintenanceTask): HttpError {
  const body = { detail: t(STALE_PROCEDURE_MESSAGE), code: STALE_PROCEDURE_CODE, current };
  return new HttpError(412, body);
}
