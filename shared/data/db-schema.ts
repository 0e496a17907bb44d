/**
 * The device database (behaviour §3 Local device database, version 1): the outbox of queued mutations,
 * the response cache and a key/value meta store. Opened by the data worker and the service worker;
 * never by a tab.
 */
import { Dexie, type Table } from 'dexie';
import type { User } from '../api/auth.js';
import type { Language } from '../i18n/languages.js';
import type { BlobLike } from './call-results.js';
import type { NetworkState, QueueItemStatus, VersionState } from './stored-state.js';

export const DEVICE_DB_NAME = 'cmms-device';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Behaviour §3 Queue attachment: the file itself is kept as a Blob. */
export interface QueueAttachment {
  id: string;
  name: string;
  type: string;
  size: number;
  blob: BlobLike;
}

/** Behaviour §3 Queued mutation, plus what exactly-once delivery and the panel need. */
export interface OutboxRow {
  id: string;
  /** The area the write belongs to (its name in `shared/areas/registry.ts`); stored under the queue's own word for it, which the panel and its messages use. */
  domain: string;
  action: string;
  targetId: string | null;
  /** Human label of the target, e.g. "Work order #12" (the panel shows "Target: …"). */
  targetLabel: string | null;
  payload: JsonValue;
  attachments: QueueAttachment[];
  /** ISO time; the flush sends items in this order. */
  createdAt: string;
  retryCount: number;
  status: QueueItemStatus;
  lastError: string | null;
  retryAt: string | null;
  byteSize: number;
  /** Sent unchanged on every attempt, so the server runs the write once (docs/decisions.md: Exactly once with Idempotency-Key). */
  idempotencyKey: string;
  /** When the item became synced or failed; it leaves the panel 1 h / 24 h later. */
  finishedAt: string | null;
  /** Who queued it: another user's sign-in drops the queue instead of sending it as them. */
  userId: number | null;
  /** A conflict: the record's version when the server refused the update (re-applied on it). */
  conflictVersion?: number | null;
}

/** Behaviour §3 Cached response. `key` is the API path with its query. */
export interface CacheRow {
  key: string;
  data: JsonValue;
  cachedAt: string;
  expiresAt: string;
}

/**
 * One record of the working set (docs/decisions.md: Working set in Dexie): as its detail answers
 * it, kept until the server says it is gone or no longer this user's to keep.
 */
export interface RecordRow {
  area: string;
  id: number;
  record: JsonValue;
  /** The first sync that last named it: one that ends without naming it drops it. */
  generation: number;
  /** The record's size as JSON, for the storage figures. */
  bytes: number;
}

/**
 * A report sent from a label's form by a visitor (docs/decisions.md: Requests at the label): kept on
 * the device from the moment it is sent, so one made without a connection goes when it returns
 * (background sync, else the next visit), once, under its key. Sent ones stay a while so the
 * visitor finds the status page's link again; none of this belongs to a signed-in user, so no
 * sign-in or sign-out drops it.
 */
export interface VisitorReportRow {
  /** The Idempotency-Key it is sent under, every time. */
  key: string;
  code: string;
  /** Where the label is, as the form showed it (empty when the form could not know offline). */
  place: string;
  description: string;
  name: string;
  email: string;
  phone: string;
  /** The hidden field as the form had it. */
  website: string;
  /** Already fitted. */
  photo: QueueAttachment | null;
  createdAt: string;
  state: 'waiting' | 'sent' | 'refused';
  /** The report's number and status page, once sent. */
  taken: { id: number; status_url: string } | null;
  /** Why the server would not take it, when it was sent in the background. */
  refusal: string | null;
  attempts: number;
}

/** A label's place as its form last read it, so the form opens without a connection. */
export interface LabelPlaceRow {
  code: string;
  form: { location: { name: string }; asset: { name: string } | null };
  savedAt: string;
}

/** Where the working set stands: its cursor in the server's changes, and what the panel says of it. */
export interface WorkingSetMeta {
  cursor: string | null;
  /** Counts up with each first sync (see RecordRow.generation). */
  generation: number;
  /** Areas whose whole set is on the device (a first sync finished for them). */
  complete: string[];
  syncedAt: string | null;
  /** Why the last pull failed, until one succeeds. */
  error: string | null;
  /** Running totals of the records kept (the panel's figures without reading every record). */
  records?: number;
  bytes?: number;
  /** The server's budget for the records kept (SyncAnswer.deviceBudgetBytes). */
  budgetBytes?: number;
}

export interface StoredTokens {
  access: string;
  refresh: string;
}

/** Every meta key and the type of its value. */
export interface MetaValues {
  tokens: StoredTokens;
  user: User;
  network: NetworkState;
  installationId: string;
  lastFlushAt: string;
  /** The last failure the panel's error alert shows, until Retry or Clear. */
  queueError: string;
  /** Epoch ms of the last heartbeat and version check sent by any context. */
  lastHeartbeatAt: number;
  lastVersionCheckAt: number;
  /** What the last version check concluded; every context shows the same. */
  versionState: VersionState;
  /** The target version a forced update already reloaded for (once per version, behaviour §4). */
  forcedReloadFor: string;
  /** The user who signed in last: another user's sign-in drops the saved data and queue. */
  lastUserId: number;
  workingSet: WorkingSetMeta;
  /** Written when a context opens the DB and finds it without one: its absence later means the browser deleted the DB. */
  keptSince: string;
  /** The language the tabs last told the worker (docs/i18n.md): the service worker's flush asks the server in it. */
  language: Language;
}
export type MetaKey = keyof MetaValues;

export interface MetaRow {
  key: MetaKey;
  value: MetaValues[MetaKey];
}

export class DeviceDb extends Dexie {
  declare outbox: Table<OutboxRow, string>;
  declare cache: Table<CacheRow, string>;
  declare meta: Table<MetaRow, MetaKey>;
  declare records: Table<RecordRow, [string, number]>;
  declare visitorReports: Table<VisitorReportRow, string>;
  declare labelPlaces: Table<LabelPlaceRow, string>;

  constructor(name: string = DEVICE_DB_NAME) {
    super(name);
    this.version(1).stores({
      outbox: 'id, createdAt, status',
      cache: 'key, expiresAt',
      meta: 'key',
    });
    // The working set: records by area and id (a device's first sync and the pulls after it).
    this.version(2).stores({ records: '[area+id], area' });
    // Reports from labels' forms, and the places those forms showed (visitors, no account).
    this.version(3).stores({ visitorReports: 'key, createdAt', labelPlaces: 'code, savedAt' });
  }

  async getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | null> {
    const row = await this.meta.get(key);
    return row ? (row.value as MetaValues[K]) : null;
  }

  async setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
    await this.meta.put({ key, value });
  }

  async deleteMeta(...keys: MetaKey[]): Promise<void> {
    await this.meta.bulkDelete(keys);
  }
}
