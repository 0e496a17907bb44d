/**
 * The `code` of a refusal that clients act on, not only show. A module of plain strings: the data
 * layer and the first screen's script import it, and a schema module would bring TypeBox with it
 * (its schemas are built when the module loads; BENCHMARKS.md: Scanning).
 */

/** `code` of the 409 a write gets while an earlier request with its Idempotency-Key is still running. */
export const REQUEST_IN_FLIGHT = 'request_in_flight';

/** `code` of the 412 an update gets when the record changed since the version it was based on (`current` is the record now). */
export const STALE_VERSION_CODE = 'stale_version';

/**
 * `code` of the 412 a task's completion gets when the task's steps changed since the procedure
 * version its answers were given on (`current` is the task now, with its steps and procedure_version).
 */
export const STALE_PROCEDURE_CODE = 'stale_procedure';
