/**
 * Row types of every table, as Kysely sees them. Portable choices (see db/dialect.ts):
 * timestamps are ISO-8601 text, dates are YYYY-MM-DD text, booleans are 0/1 integers, so rows read
 * the same on SQLite and PostgreSQL.
 */
import type { Generated, GeneratedAlways } from 'kysely';
import type { Location } from '../../shared/api/locations.js';
import type { Vendor } from '../../shared/api/vendors.js';

type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_active: Flag;
  is_staff: Flag;
  full_feature_access: Flag;
  last_login: string | null;
  date_joined: string;
  /** When the account was first activated; null until then (migration 0004). */
  activated_at?: string | null;
  /** What the address looks like (shared/rules/email-address.ts `emailSkeleton`; migration 0008). */
  email_skeleton?: string | null;
  /** Raised whenever every login of the user ends; access tokens carry the value they were issued under (migration 0009). */
  token_generation: Generated<number>;
  /** Per hour, in cents; set by staff, 0 until then. Each labour entry keeps the rate of its time (migration 0025). */
  hourly_rate_cents: Generated<number>;
  /** The language chosen on the account ('en', 'es'); null: the device's (migration 0029). */
  language: Generated<string | null>;
}

/** Sign-in attempts per account address since the first failed one (migration 0010). */
export interface LoginFailuresTable {
  account: string;
  failures: number;
  first_failed_at: string;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  family_id: string;
  issued_at: string;
  expires_at: string;
  replaced_by: string | null;
  revoked_at: string | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  fingerprint: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: string;
}

/** The user who stored an uploaded file, and its size (the per-user quota counts these). */
export interface UploadOwnersTable {
  stored_name: string;
  owner_id: number;
  size: number;
  created_at: string;
}

/** A location's row is its API record (shared/api/locations.ts) with the id and code the database makes. */
export interface LocationsTable extends Omit<Location, 'id' | 'code'> {
  id: Generated<number>;
  /** The label's code, computed by the database from the id (migration 0014; shared/rules/record-codes.ts). */
  code: GeneratedAlways<string>;
}

/** A vendor's row is its API record (shared/api/vendors.ts) with the id the database makes. */
export interface VendorsTable extends Omit<Vendor, 'id'> {
  id: Generated<number>;
}

export interface AssetsTable {
  id: Generated<number>;
  brand: string;
  name: string;
  description: string;
  asset_type: string;
  serial_number: string;
  location_id: number | null;
  acquisition_date: string | null;
  purchase_price: number | null;
  thumbnail: string | null;
  created_at: string;
  updated_at: string;
  /** Raised by every write to the row; an update may require it (If-Match). Migration 0005. */
  version: Generated<number>;
  /** Who wrote the row last; null for rows written before migration 0005. */
  updated_by_id: number | null;
  /** The label's code, computed by the database from the id (migration 0014; shared/rules/record-codes.ts). */
  code: GeneratedAlways<string>;
}

/** An asset's meter (migration 0019). */
export interface MetersTable {
  id: Generated<number>;
  asset_id: number;
  name: string;
  unit: string;
  created_at: string;
  updated_at: string;
}

/** A meter's reading, in the order it was taken (migration 0019). */
export interface MeterReadingsTable {
  id: Generated<number>;
  meter_id: number;
  value: number;
  taken_at: string;
  user_id: number | null;
  reset: Generated<number>;
  reason: string | null;
  void: Generated<number>;
  flagged: Generated<number>;
  created_at: string;
}

export interface WorkOrdersTable {
  id: Generated<number>;
  status: 'Pending' | 'Claimed' | 'Completed';
  description: string;
  location_id: number;
  created_by_id: number;
  created_at: string;
  updated_at: string;
  assigned_to_id: number | null;
  claimed_at: string | null;
  field_notes: string | null;
  completed_at: string | null;
  completed_by_id: number | null;
  /** The asset the order is about, at the order's location when it was made; optional (migration 0014). */
  asset_id: number | null;
}

/** Work orders per location, and in all under location 0; kept by triggers (migration 0003). */
export interface WorkOrderCountsTable {
  location_id: number;
  n: number;
}

export interface WorkOrderAttachmentsTable {
  id: Generated<number>;
  work_order_id: number;
  /** Name of the stored file inside DATA_DIR/uploads (generated, never user-supplied). */
  stored_name: string;
  original_name: string;
  content_type: string;
  size: number;
  created_at: string;
}

/**
 * Time worked on a work order (migration 0025; docs/decisions.md: What the work costs): by hand (its
 * date at 00:00Z and that many minutes on) or by a timer; a running timer has neither `stopped_at`
 * nor `minutes`. `rate_cents` is the author's hourly rate when the entry was made.
 */
export interface LabourEntriesTable {
  id: Generated<number>;
  /** The order the time was worked on, or null for time on a task (migration 0028: exactly one of the two). */
  work_order_id: number | null;
  /** The maintenance task the time was worked on (migration 0028). */
  task_id: number | null;
  /** The task's completion the time went to; null until the task is completed, and for an order's time. */
  task_completion_id: number | null;
  user_id: number;
  started_at: string;
  stopped_at: string | null;
  minutes: number | null;
  /** The day of time entered by hand; null for a timer (migration 0025). */
  date: string | null;
  rate_cents: number;
  created_at: string;
  /** Marked deleted (counted nowhere), so a replayed delete answers as the first did. */
  deleted_at: string | null;
}

export interface MaintenanceTasksTable {
  id: Generated<number>;
  location_id: number;
  description: string;
  recurrence_interval: number;
  last_completed_date: string | null;
  /** last_completed_date + recurrence_interval days, kept by the maintenance repository (migration 0002). */
  due_date: string | null;
  /** 1 once someone completed the task through the system (NEW status until then). */
  completed_through_system: Flag;
  task_notes: string | null;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
  assigned_to_id: number | null;
  claimed_at: string | null;
  last_completed_by_id: number | null;
  last_completed_at: string | null;
  field_notes: string | null;
  /** Raised by every write to the row; an update may require it (If-Match). Migration 0005. */
  version: Generated<number>;
  /** Who wrote the row last; null for rows written before migration 0005. */
  updated_by_id: number | null;
  /** The ordered steps as JSON text, `[]` without a procedure (migration 0015). */
  procedure_steps: Generated<string>;
  /** Raised whenever the steps change; 0 until the task has any (migration 0015). */
  procedure_version: Generated<number>;
  /** The last completion's answers as JSON text, with their follow-up orders; null before any (migration 0015). */
  last_completion_answers: string | null;
  /** By usage (migration 0021): the meter and the interval in its units, both or neither. */
  meter_id: number | null;
  meter_interval: number | null;
  /** The reading the task counts from: its last completion's, or the meter's latest when it was set; null: from the meter's first. */
  meter_since_value: number | null;
  meter_since_at: string | null;
}

export interface TaskCompletionsTable {
  id: Generated<number>;
  task_id: number;
  completed_by_id: number;
  completed_at: string;
  completed_date: string;
  field_notes: string | null;
  /** The procedure version the answers were given on; null for completions before migration 0015. */
  procedure_version: number | null;
  /** The answers as JSON text (as the task's last_completion_answers); null without a procedure. */
  answers: string | null;
  /** The task's due date when it was completed; null when it had none (migration 0013). */
  due_date: string | null;
  /** A task by usage: 1 when its meter had it past due at the completion, else 0; null for a task by days only (migration 0021). */
  meter_late: Flag | null;
}

/** A visitor's request from a label's form (migration 0022; shared/api/requests.ts). */
export interface WorkRequestsTable {
  id: Generated<number>;
  /** The status page's unguessable token. */
  token: string;
  /** The Idempotency-Key it was sent with: one request however often it is sent again. */
  idempotency_key: string | null;
  /** The label's code, as read (the per-label limit counts by it). */
  code: string;
  location_id: number;
  asset_id: number | null;
  description: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** The photo's stored name, original name, type and size; null without one. */
  photo: string | null;
  photo_name: string | null;
  photo_type: string | null;
  photo_size: number | null;
  /** new, accepted or rejected (completed is read from its work order). */
  status: 'new' | 'accepted' | 'rejected';
  reason: string | null;
  work_order_id: number | null;
  created_at: string;
  decided_at: string | null;
  decided_by_id: number | null;
  /** The language the visitor's form was in ('en', 'es'): their mails are written in it (migration 0030). */
  language: Generated<string | null>;
}

/** A location whose labels take no requests (migration 0022). */
export interface RequestClosedLocationsTable {
  location_id: number;
  closed_at: string;
}

export interface ChemicalsTable {
  id: Generated<number>;
  brand: string;
  name: string;
  description: string;
  chemical_type: string;
  thumbnail: string | null;
  created_at: string;
}

export interface ChemicalLocationsTable {
  id: Generated<number>;
  chemical_id: number;
  location_id: number;
  current_quantity: number;
}

/** Fills and inventory counts share one shape; `kind` tells them apart. */
export interface QuantityRecordsTable {
  id: Generated<number>;
  kind: 'fill' | 'inventory';
  chemical_location_id: number | null;
  part_id: number | null;
  date: string;
  quantity: number;
  user_id: number;
  created_at: string;
}

export interface WashPackagesTable {
  id: Generated<number>;
  location_id: number;
  name: string;
  sort_order: number;
}

export interface WashRecordsTable {
  id: Generated<number>;
  wash_package_id: number;
  location_id: number;
  count: number;
  date: string;
  user_id: number;
  created_at: string;
}

export interface PartsTable {
  id: Generated<number>;
  brand: string;
  name: string;
  description: string;
  part_type: string;
  item_number: string;
  location_id: number | null;
  quantity: number;
  thumbnail: string | null;
  created_at: string;
  /** What one unit costs now, in cents (migration 0026); 0 until full access sets it. */
  unit_cost_cents: Generated<number>;
  /** At or under this quantity the part is short; null: none (migration 0026). */
  reorder_point: number | null;
}

export type StockEntryKind = 'opening' | 'fill' | 'count' | 'issue' | 'return' | 'adjust';

/**
 * The append-only stock ledger of parts (migration 0026; docs/decisions.md: What the work costs):
 * every change of a part's quantity, signed, with the quantity after it and the part's unit cost
 * then. A part's quantity is the sum of its entries' changes.
 */
export interface StockEntriesTable {
  id: Generated<number>;
  part_id: number;
  kind: StockEntryKind;
  change: number;
  quantity_after: number;
  unit_cost_cents: number;
  /** The order an issue went to or a return came from; null for the others (and once the order is deleted). */
  work_order_id: number | null;
  /** Why an adjustment was made; null for the other kinds. */
  reason: string | null;
  /** Who made it; null for the opening balance and the demo data. */
  user_id: number | null;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  user_id: number | null;
  created_at: string;
  /** When a staff user marked it read; null while unread (migration 0005). */
  read_at?: string | null;
}

export interface DevicesTable {
  id: Generated<number>;
  installation_id: string;
  user_id: number;
  app_version: string;
  platform: string;
  device_name: string;
  os_name: string;
  os_version: string;
  is_pwa: Flag;
  created_at: string;
  last_seen_at: string;
}

/**
 * One change to a record that devices keep (db/migrations/0011_change_log.ts writes it by trigger).
 * `seq` is in commit order; on PostgreSQL it is null until the writing transaction commits.
 */
export interface ChangeLogTable {
  seq: number | null;
  /** The area the record belongs to (`shared/areas/registry.ts`). */
  entity: string;
  record_id: number;
  /** 'upsert': read the record again; 'delete': it is gone (a tombstone). */
  op: 'upsert' | 'delete';
  changed_at: string;
}

export interface ChangeHeadTable {
  id: number;
  /** PostgreSQL's last number given (SQLite numbers rows by their own key). */
  seq: number;
  /** The last number compaction removed: a cursor below it has missed changes. */
  floor_seq: number;
}

/** A record's history, appended in each write's transaction and never changed (migration 0016; shared/api/activity.ts). */
export interface ActivityTable {
  id: Generated<number>;
  /** The record's area name (shared/api/activity.ts HistoryArea). */
  entity: string;
  record_id: number;
  kind: string;
  /** Who did it; null for the command line or the demo data. */
  actor_id: number | null;
  at: string;
  /** JSON text of ActivityDetails. */
  details: string;
}

/** What a user asks to be mailed about (migration 0017; shared/api/notifications.ts). */
export interface NotificationSettingsTable {
  user_id: number;
  order_created: Flag;
  order_claimed: Flag;
  order_completed: Flag;
  task_due: Flag;
  /** New requests from labels at the chosen locations (full-access users; migration 0024). */
  request_created: Generated<Flag>;
  /** A part at the chosen locations becomes short (full-access users; migration 0026). */
  part_short: Generated<Flag>;
  digest: Flag;
  /** JSON array of location ids. */
  location_ids: string;
  /** Signed into unsubscribe links; raised by each unsubscribe, so a link works once. */
  unsubscribe_version: Generated<number>;
  updated_at: string;
}

/** The dispatcher's one row: how far the activity has been read, the daily jobs' last days, the lease. */
export interface NotificationStateTable {
  id: number;
  activity_floor: number;
  tasks_checked_on: string | null;
  digest_sent_on: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

/** Activity rows above the floor already turned into notices (the key decides once). */
export interface NotifiedActivityTable {
  activity_id: number;
}

/** One key per task notice ever queued: task, due date, kind and user. */
export interface NoticesSentTable {
  key: string;
  sent_at: string;
}

/** A notice waiting for its mail, then claimed by one (mail_key) and sent. */
export interface NotificationQueueTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  subject: string;
  body: string;
  created_at: string;
  /** When it may be mailed; null: with the user's daily digest. */
  send_after: string | null;
  mail_key: string | null;
  claimed_at: string | null;
  sent_at: string | null;
}

/** What of a request may mail someone (migration 0024): its supervisors' notices when new, its sender's mails after. */
export type RequestEventKind = 'created' | 'accepted' | 'rejected' | 'completed';

/** One event of a request, handled once: claimed by a conditional UPDATE of `claim_key` (migration 0024). */
export interface RequestEventsTable {
  id: Generated<number>;
  request_id: number;
  kind: RequestEventKind;
  created_at: string;
  /** When it may be handled; a mail that failed is tried again later. */
  send_after: string;
  /** Mails tried and failed so far. */
  attempts: Generated<number>;
  claim_key: string | null;
  claimed_at: string | null;
  /** What became of it: `notices` (queued for supervisors), `sent`, or why nothing was mailed. */
  outcome: string | null;
}

/** An address whose owner unsubscribed from requests' mails, in lower case (migration 0024). */
export interface RequestMailStopsTable {
  email: string;
  stopped_at: string;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  idempotency_keys: IdempotencyKeysTable;
  upload_owners: UploadOwnersTable;
  locations: LocationsTable;
  vendors: VendorsTable;
  assets: AssetsTable;
  meters: MetersTable;
  work_requests: WorkRequestsTable;
  request_closed_locations: RequestClosedLocationsTable;
  request_events: RequestEventsTable;
  request_mail_stops: RequestMailStopsTable;
  meter_readings: MeterReadingsTable;
  work_orders: WorkOrdersTable;
  work_order_attachments: WorkOrderAttachmentsTable;
  labour_entries: LabourEntriesTable;
  work_order_counts: WorkOrderCountsTable;
  maintenance_tasks: MaintenanceTasksTable;
  task_completions: TaskCompletionsTable;
  chemicals: ChemicalsTable;
  chemical_locations: ChemicalLocationsTable;
  quantity_records: QuantityRecordsTable;
  wash_packages: WashPackagesTable;
  wash_records: WashRecordsTable;
  parts: PartsTable;
  stock_entries: StockEntriesTable;
  contact_messages: ContactMessagesTable;
  devices: DevicesTable;
  change_log: ChangeLogTable;
  change_head: ChangeHeadTable;
  activity: ActivityTable;
  notification_settings: NotificationSettingsTable;
  notification_state: NotificationStateTable;
  notified_activity: NotifiedActivityTable;
  notices_sent: NoticesSentTable;
  notification_queue: NotificationQueueTable;
}
