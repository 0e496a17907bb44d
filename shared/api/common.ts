/** Shapes shared by every area. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A location as other records show it. */
export interface LocationRef {
  id: number;
  name: string;
}

/** A user as `assigned_to` lists show them. */
export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

/** DRF error bodies. */
export type ApiErrorBody = { detail: string; code?: string } | Record<string, string[]>;

/** `code` of the 409 a write gets while an earlier request with its Idempotency-Key is still running. */
export const REQUEST_IN_FLIGHT = 'request_in_flight';

/** `code` of the 412 an update gets when the record changed since the version it was based on (`current` is the record now). */
export const STALE_VERSION_CODE = 'stale_version';
