/**
 * What a failed worker call looks like to screens. The worker throws a NormalizedError as a plain
 * object (so it survives structured cloning); the bridge turns it, or anything else that went
 * wrong on the way, into a DataError, which is still a NormalizedError for the shared helpers
 * (messageForScreen, authFailureMessage).
 */
import { isNormalizedError } from '../../shared/data/errors';
import { ERROR_MESSAGES } from '../../shared/data/messages';
import type { ErrorType, NormalizedError } from '../../shared/data/protocol';

export class DataError extends Error implements NormalizedError {
  readonly kind = 'normalized-error' as const;
  readonly type: ErrorType;
  readonly status: number | null;
  readonly serverMessage: string | null;
  readonly fields: Record<string, string[]> | null;
  readonly retryable: boolean;
  readonly shouldNotify: boolean;
  readonly code: string | null;

  constructor(error: Omit<NormalizedError, 'kind'>) {
    super(error.message);
    this.name = 'DataError';
    this.type = error.type;
    this.status = error.status;
    this.serverMessage = error.serverMessage;
    this.fields = error.fields;
    this.retryable = error.retryable;
    this.shouldNotify = error.shouldNotify;
    this.code = error.code;
  }
}

export function unknownError(message: string = ERROR_MESSAGES.default): DataError {
  return new DataError({ type: 'unknown', status: null, message, serverMessage: null, fields: null, retryable: false, shouldNotify: true, code: null });
}

export function toDataError(err: unknown): DataError {
  if (err instanceof DataError) return err;
  if (isNormalizedError(err)) return new DataError(err);
  return unknownError();
}

/** The first message the server gave for a field, if any (DRF shape). */
export function fieldError(err: unknown, field: string): string | null {
  return isNormalizedError(err) ? (err.fields?.[field]?.[0] ?? null) : null;
}
