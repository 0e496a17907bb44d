/**
 * A record's history (docs/decisions.md: History on every record): what was done to it, by whom and
 * when, newest first, in pages of 10, served at `<records path><id>/activity/` (e.g.
 * `workorders/12/activity/`) with the record's own access. Written by the server in the same
 * transaction as each write, and never changed afterwards.
 */
import type { EveryKey, LocationRef, UserRef } from './common.js';

/** The records that keep a history, by the name of their area (users: the staff's Users screen). */
export const HISTORY_AREAS = ['workorders', 'maintenance', 'assets', 'locations', 'vendors', 'parts', 'chemicals', 'users'] as const;
export type HistoryArea = (typeof HISTORY_AREAS)[number];

export function isHistoryArea(area: string): area is HistoryArea {
  return (HISTORY_AREAS as readonly string[]).includes(area);
}

/** Where each record's detail is served; its history is `<path><id>/activity/`. */
export const ACTIVITY_RECORD_PATHS = {
  workorders: 'workorders/',
  maintenance: 'maintenance/tasks/',
  assets: 'assets/',
  locations: 'locations/',
  vendors: 'vendors/',
  parts: 'parts/',
  chemicals: 'chemicals/',
  users: 'admin/users/',
} as const satisfies Record<HistoryArea, `${string}/`>;

/** The path (under /api/v1/) of one page of a record's history. */
export function activityPath(area: HistoryArea, id: number, page = 1): string {
  return `${ACTIVITY_RECORD_PATHS[area]}${id}/activity/?page=${page > 0 ? page : 1}`;
}

/**
 * What happened:
 * - `created`, `claimed`, `unclaimed`, `completed` (with the field notes);
 * - `edited`: fields changed, each with its value before and after; `moved`: the same, the location among them;
 * - `filled`, `counted`: a fill or an inventory count of a part or chemical (the quantity, the stock after);
 * - `wash_counted`: a wash count recorded at a location (the package, the count, the day);
 * - `activated`: an account activated by its own link; `access_changed`: a staff user (or the
 *   operator at the command line: no actor) changed an account's full access, staff right or activity;
 * - on an asset, its meters (docs/decisions.md: Meters and readings): `meter_added`, `meter_removed`
 *   (the meter and its unit), `meter_read` and `reading_voided` (the reading too);
 * - on a work order, its labour (docs/decisions.md: What the work costs): `labour_added` (time by
 *   hand or a finished timer), `timer_started`, `timer_stopped` (by its stop, or by the start of the
 *   user's next timer), `labour_deleted`, each with the entry and its minutes (null while running);
 * - parts on work orders (docs/decisions.md: What the work costs): `part_issued`, `part_returned`,
 *   on the work order and on the part alike, with the part and the whole units moved (on the part
 *   also the order and the stock after). A part's entry that made it short (Part.short) says so
 *   (`became_short`), and so does a count's or an edit's: the shortage mail is read from it.
 */
export const ACTIVITY_KINDS = [
  'created',
  'edited',
  'moved',
  'claimed',
  'unclaimed',
  'completed',
  'filled',
  'counted',
  'wash_counted',
  'activated',
  'access_changed',
  'meter_added',
  'meter_removed',
  'meter_read',
  'reading_voided',
  'labour_added',
  'labour_deleted',
  'timer_started',
  'timer_stopped',
  'part_issued',
  'part_returned',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A field's value as the history keeps it: a location by id and name (as it was named then). */
export type ActivityValue = string | number | boolean | null | LocationRef;

/**
 * One changed field, named as the API names it (`location` for the location's id). Where the value is
 * not worth keeping as text (a thumbnail's stored file, a procedure's steps), both values are null:
 * the history says only that it changed.
 */
export interface FieldChange {
  field: string;
  old: ActivityValue;
  new: ActivityValue;
}

/** What an entry says besides its kind; each kind uses the keys its comment names. */
export interface ActivityDetails {
  /** edited, moved, access_changed. */
  changes?: FieldChange[];
  /** completed: the notes given, or null. */
  field_notes?: string | null;
  /** filled, counted: the quantity filled or counted; the stock after it. */
  quantity?: number;
  stock_after?: number;
  /** filled, counted (a chemical's stock is kept per location; a part's location), wash_counted. */
  location?: LocationRef | null;
  /** filled, counted, wash_counted: the record's day (YYYY-MM-DD, the device's when it was made). */
  date?: string;
  /** wash_counted: the package's name and the cars counted. */
  wash_package?: string;
  count?: number;
  /** created, for a follow-up work order: the task whose completion opened it. */
  follow_up_of_task?: number;
  /** created, for a work order accepted from a visitor's request: the request. */
  from_request?: number;
  /** meter_added, meter_removed, meter_read, reading_voided: the meter's name and unit. */
  meter?: string;
  unit?: string;
  /** meter_read, reading_voided: the reading, when it was taken, whether it was a reset, and why (a reset's or a void's reason). */
  value?: number;
  taken_at?: string;
  reset?: boolean;
  reason?: string | null;
  /** labour_added, labour_deleted, timer_started, timer_stopped: the labour entry and its minutes (null while a timer runs). */
  entry_id?: number;
  minutes?: number | null;
  /** part_issued, part_returned: the part moved (with `quantity`, its whole units). */
  part?: { id: number; name: string };
  /** part_issued, part_returned on the part: the work order it went to or came from. */
  work_order_id?: number;
  /** counted, edited, part_issued on a part: true when this made the part short (Part.short). */
  became_short?: boolean;
}

export interface ActivityEntry {
  id: number;
  kind: ActivityKind;
  /** ISO time of the write. */
  at: string;
  /** Who made it; null for the command line, the demo data, or a user no longer known. */
  actor: UserRef | null;
  details: ActivityDetails;
}

export const ACTIVITY_ENTRY_KEYS = { id: true, kind: true, at: true, actor: true, details: true } satisfies EveryKey<ActivityEntry>;
