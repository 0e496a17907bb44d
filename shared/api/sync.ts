/**
 * GET sync/?since=CURSOR: the records a device keeps, and then what changed since
 * (docs/decisions.md: Sync by change log). A device starts with no cursor (or `0`), reads pages
 * while `more` is true passing each answer's `cursor` back, and keeps the last cursor for its next
 * pull. The cursor is opaque to the device: during the first read it names a place in the whole
 * working set, afterwards a place in the server's change log.
 *
 * 410 (`code: "cursor_gone"`): the cursor is older than the changes the server keeps, or ahead of
 * them (the database was restored); the device starts again without a cursor.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { AreaName } from '../areas/registry.js';
import { msg } from '../i18n/translate.js';

export const SYNC_CURSOR_PATTERN = '^(0|[1-9][0-9]{0,14}|s\\.[0-9]{1,15}\\.[0-9]{1,2}\\.[0-9]{1,15})$';

export const SyncQuery = Type.Object({
  since: Type.Optional(Type.String({ pattern: SYNC_CURSOR_PATTERN, maxLength: 64, description: 'The cursor of the last answer; none (or 0) for the whole working set' })),
});
export type SyncQuery = Static<typeof SyncQuery>;

/** The areas whose records a device keeps, in the order the whole working set is read. */
export const SYNCED_AREAS = ['locations', 'workorders', 'maintenance', 'assets', 'vendors', 'parts', 'chemicals', 'meters', 'requests'] as const satisfies readonly AreaName[];
export type SyncedArea = (typeof SYNCED_AREAS)[number];

/** One record as its detail answers it (`upsert`), or its id alone when the device is to drop it (`delete`). */
export type SyncChange = { area: SyncedArea; id: number; op: 'upsert'; record: unknown } | { area: SyncedArea; id: number; op: 'delete' };

export interface SyncAnswer {
  /** Pass it back as `since`. */
  cursor: string;
  /** More to read now: ask again with `cursor`. */
  more: boolean;
  /**
   * A page of the whole working set: once the last one (`more` false) is read, records of these
   * areas that no page named are no longer the device's to keep.
   */
  snapshot: boolean;
  /** The areas this user may read; the device drops what it keeps of any other. */
  scope: SyncedArea[];
  changes: SyncChange[];
  /**
   * How many bytes of records the device keeps (`SYNC_DEVICE_BUDGET_MB`); past it, it drops its
   * oldest completed work orders first. Absent from older servers: the device's own default.
   */
  deviceBudgetBytes?: number;
}

export const SYNC_CURSOR_GONE = msg('This sync cursor is no longer valid. Sync again from the start.');
