/**
 * Rows that carry a version (maintenance tasks and assets, migration 0005): every write raises it
 * and records who wrote when, in the statement that writes.
 */

/** Who writes and when; with `version` (a request's If-Match) the write applies only to that version of the row. */
export interface RecordWrite {
  userId: number;
  now: string;
  version?: number | undefined;
}
