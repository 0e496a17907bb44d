/**
 * Behaviour §8 error normalisation: one table from an HTTP status (or a failure without one) to the
 * NormalizedError every caller sees. Realm-free: it takes a status and an already parsed body.
 */
import { STALE_PROCEDURE_CODE, STALE_VERSION_CODE } from '../api/refusal-codes.js';
import { t } from '../i18n/translate.js';
import { ERROR_MESSAGES, QUEUE_CODES, QUEUE_MESSAGES } from './messages.js';
import type { ErrorType, NormalizedError } from './protocol.js';

interface ErrorFields {
  type: ErrorType;
  status?: number | null;
  message: string;
  serverMessage?: string | null;
  fields?: Record<string, string[]> | null;
  retryable: boolean;
  shouldNotify: boolean;
  code?: string | null;
}

function makeError(f: ErrorFields): NormalizedError {
  return {
    kind: 'normalized-error',
    type: f.type,
    status: f.status ?? null,
    message: f.message,
    serverMessage: f.serverMessage ?? null,
    fields: f.fields ?? null,
    retryable: f.retryable,
    shouldNotify: f.shouldNotify,
    code: f.code ?? null,
  };
}

export function isNormalizedError(value: unknown): value is NormalizedError {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'normalized-error';
}

function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item);
      if (text) return text;
    }
  }
  return null;
}

/** The server's own text: `detail`, `message` or `error`, else the first field's first message. */
export function serverTextOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error']) {
    const text = firstText(record[key]);
    if (text) return text;
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === 'code') continue;
    const text = firstText(value);
    if (text) return text;
  }
  return null;
}

/** DRF field errors (`{"field": ["message"]}`), without the detail/code envelope. */
export function fieldErrorsOf(body: unknown): Record<string, string[]> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'detail' || key === 'code') continue;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) fields[key] = value as string[];
    else if (typeof value === 'string' && key !== 'message' && key !== 'error') fields[key] = [value];
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/** Behaviour §8, row by row, for a response that arrived with an error status. */
export function normalizeHttpError(status: number, body: unknown): NormalizedError {
  const serverMessage = serverTextOf(body);
  const fields = fieldErrorsOf(body);
  const serverCode = body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : null;
  const base = { status, serverMessage, fields, code: serverCode };
  if (status === 412 && (serverCode === STALE_VERSION_CODE || serverCode === STALE_PROCEDURE_CODE)) {
    // A stale edit names the record's version now; a stale completion the version of its steps now.
    const current = (body as { current?: { version?: unknown; procedure_version?: unknown } }).current;
    const version = serverCode === STALE_PROCEDURE_CODE ? current?.procedure_version : current?.version;
    const currentVersion = typeof version === 'number' ? version : null;
    return { ...makeError({ ...base, type: 'validation', message: serverMessage ?? t(ERROR_MESSAGES.validation), retryable: false, shouldNotify: true }), currentVersion };
  }
  if (status === 401) return makeError({ ...base, type: 'auth', message: t(ERROR_MESSAGES.auth), retryable: false, shouldNotify: true });
  if (status === 403) {
    return makeError({ ...base, type: 'forbidden', message: serverMessage ?? t(ERROR_MESSAGES.forbidden), retryable: false, shouldNotify: false });
  }
  if (status === 404) return makeError({ ...base, type: 'not_found', message: t(ERROR_MESSAGES.notFound), retryable: false, shouldNotify: false });
  if (status === 408 || status === 429 || status === 504) {
    return makeError({ ...base, type: 'timeout', message: serverMessage ?? t(ERROR_MESSAGES.default), retryable: true, shouldNotify: true });
  }
  if (status >= 500) return makeError({ ...base, type: 'server', message: t(ERROR_MESSAGES.server), retryable: true, shouldNotify: true });
  if (status >= 400) {
    return makeError({ ...base, type: 'validation', message: serverMessage ?? t(ERROR_MESSAGES.validation), retryable: false, shouldNotify: true });
  }
  return makeError({ ...base, type: 'unknown', message: t(ERROR_MESSAGES.default), retryable: false, shouldNotify: true });
}

/** The browser says it has no connection: stored for later, recorded as an issue, never toasted. */
export function offlineError(): NormalizedError {
  return makeError({ type: 'offline', message: t(ERROR_MESSAGES.offline), retryable: true, shouldNotify: false });
}

/**
 * A write that is sent now or not at all (not one of behaviour §4's offline actions) could not reach the
 * server: said to the user, who still has the form as typed.
 */
export function needsConnectionError(): NormalizedError {
  return makeError({ type: 'offline', message: t(ERROR_MESSAGES.needsConnection), retryable: false, shouldNotify: true, code: QUEUE_CODES.needsConnection });
}

/** The request could not reach the server although the browser thinks it is online. */
export function networkError(): NormalizedError {
  return makeError({ type: 'network', message: t(ERROR_MESSAGES.network), retryable: true, shouldNotify: true });
}

export function cancelledError(): NormalizedError {
  return makeError({ type: 'cancelled', message: t(ERROR_MESSAGES.cancelled), retryable: false, shouldNotify: false });
}

export function unknownError(): NormalizedError {
  return makeError({ type: 'unknown', message: t(ERROR_MESSAGES.default), retryable: false, shouldNotify: true });
}

/** Queue refusals (behaviour §5 and 8): QUEUE_ITEM_TOO_LARGE, QUEUE_TOTAL_LIMIT, NO_HANDLER, or none. */
export function queueError(message: string, code: string | null): NormalizedError {
  return makeError({ type: 'queue', message, serverMessage: null, retryable: false, shouldNotify: true, code });
}

export function enqueueValidationError(): NormalizedError {
  return queueError(QUEUE_MESSAGES.enqueueInvalid, null);
}

/**
 * Behaviour §4 Offline handling: offline, a network issue, or any retryable error. A write that fails like
 * this is stored and reported as queued, and a read falls back to the cache; anything else is
 * rethrown (a 404 or another 4xx never falls back).
 */
export function isTransientFailure(error: NormalizedError): boolean {
  return error.type === 'offline' || error.type === 'network' || error.retryable;
}

/** Anything thrown, as a NormalizedError (already normalised ones pass through). */
export function toNormalizedError(value: unknown): NormalizedError {
  return isNormalizedError(value) ? value : unknownError();
}
