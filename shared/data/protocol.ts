/**
 * The contract between the tabs (src-ui) and the data worker (src-worker). Realm-free types only.
 *
 * The UI calls the worker through Comlink (`WorkerCalls`, request/response) and receives state as
 * small patches on a separate MessagePort it hands over in `connect()`. The UI never fetches and
 * never opens IndexedDB itself.
 */
import type { HistoryArea, ActivityEntry } from '../api/activity.js';
import type { User } from '../api/auth.js';
import type { LocationRef, Page } from '../api/common.js';
import type { CsvExportArea, CsvExportFilters } from '../api/exports.js';
import type { AreaCalls } from '../areas/registry.js';
import type { Language } from '../i18n/languages.js';
import type { BinaryAnswer, MutationResult, ReadResult } from './call-results.js';
import type { OutboxRow } from './db-schema.js';
import type { NetworkState, VersionState } from './stored-state.js';

export type { BinaryAnswer, BlobLike, ChosenFile, MutationResult, ReadResult } from './call-results.js';
export type { NetworkEvent, NetworkIssue, NetworkState, QueueItemStatus, VersionState } from './stored-state.js';

/**
 * Structural stand-ins for MessagePort and Blob, so this realm-free file needs no DOM or worker
 * typings; the real objects satisfy them.
 */
export interface PortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  close(): void;
}
type Transferable = object;

/** Bumped whenever this contract changes incompatibly; a mismatch makes the tab reload. */
export const PROTOCOL_VERSION = 2;

// ---- state pushed to tabs -------------------------------------------------------------------


/** A queued mutation as the panel shows it (behaviour §3 Queued mutation, without blobs): the stored row's fields it shows. */
export type QueueItemView = Pick<OutboxRow, 'id' | 'domain' | 'action' | 'targetId' | 'targetLabel' | 'createdAt' | 'retryCount' | 'status' | 'lastError' | 'retryAt' | 'byteSize'> & {
  attachmentCount: number;
  /** For a conflict: the fields the user changed and their values (a completion: each step's answer), as text. */
  changes: Record<string, string> | null;
  /** For a create: the plain fields it will create with (files are counted in attachmentCount), for lists to show it. */
  draft: Record<string, string | number | boolean | null> | null;
};

export interface QueueStats {
  totalItems: number;
  totalBytes: number;
  lastFlushAt: string | null;
}





export interface StorageState {
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

/** An upload a screen waits on (a form with photos sent now): bytes of its body sent so far. */
export interface UploadProgress {
  sent: number;
  total: number;
}

export interface DataState {
  /** 'unknown' until the worker has read the device DB. */
  session: { status: 'unknown' | 'signed-out' | 'signed-in'; user: User | null };
  network: NetworkState;
  queue: { items: QueueItemView[]; stats: QueueStats; error: string | null };
  version: VersionState;
  storage: StorageState;
  /** Number of requests in flight that asked for the global spinner. */
  busy: number;
  /** The upload a form is sending now, or null. */
  upload: UploadProgress | null;
  host: { mode: 'shared' | 'dedicated'; instanceId: string };
  /** What is saved for offline use beyond the pages opened (null before the first sync). */
  workingSet: WorkingSetState | null;
}

export interface WorkingSetState {
  records: number;
  bytes: number;
  syncedAt: string | null;
  /** The last pull's failure, until one succeeds. */
  error: string | null;
}

/** A state change: each present top-level slice replaces the tab's copy of that slice. */
export type StatePatch = Partial<DataState>;

export type ToastSeverity = 'success' | 'info' | 'warn' | 'error';

/** One-off events for tabs. */
export type WorkerEvent =
  | { type: 'patch'; patch: StatePatch }
  | { type: 'toast'; severity: ToastSeverity; summary: string; detail: string; key: string }
  /** Session ended (refresh failed, second 401, logout in another tab): every tab goes here. */
  | { type: 'navigate'; to: string }
  /** Queued actions for these targets synced: open details reload. */
  | { type: 'synced'; area: string; targetIds: string[] }
  | { type: 'reload'; reason: 'forced-update' | 'protocol' };

// ---- errors -----------------------------------------------------------------------------------

export type ErrorType = 'offline' | 'network' | 'server' | 'auth' | 'forbidden' | 'not_found' | 'timeout' | 'validation' | 'cancelled' | 'unknown' | 'queue';

/**
 * Behaviour §8 normalised error. Thrown across the bridge as a plain object (not an Error) so every field
 * survives structured cloning.
 */
export interface NormalizedError {
  kind: 'normalized-error';
  type: ErrorType;
  status: number | null;
  message: string;
  /** The server's own text, when it gave one (detail, message, error or the first field). */
  serverMessage: string | null;
  /** Field errors as the server sent them (DRF shape). */
  fields: Record<string, string[]> | null;
  retryable: boolean;
  shouldNotify: boolean;
  /** QUEUE_ITEM_TOO_LARGE, QUEUE_TOTAL_LIMIT, NO_HANDLER for queue errors; the server's `code` otherwise. */
  code: string | null;
  /**
   * A stale refusal (412): the record's version now, or for a stale completion of a task with steps
   * the version of its steps now (`procedure_version`), from the record the server sent back.
   */
  currentVersion?: number | null;
}

// ---- reads and writes -----------------------------------------------------------------------




export interface RegisterInput {
  email: string;
  password: string;
  re_password: string;
  first_name: string;
  last_name: string;
}

export interface TabHello {
  tabId: string;
  protocol: number;
  /** navigator.onLine of the tab at connect time (workers get no online/offline events in Chromium). */
  online: boolean;
  visible: boolean;
  isPwa: boolean;
  userAgent: string;
}

/**
 * What the data worker exposes over Comlink: the core groups below, and one group per area
 * (`shared/areas/registry.ts`), nested objects of async calls.
 */
export interface WorkerCalls extends AreaCalls {
  /** Registers a tab; events for it go to `events`. Returns the full current state. */
  connect(hello: TabHello, events: PortLike): Promise<{ state: DataState; instanceId: string; protocol: number }>;
  /** The tab is going away (best effort; tab death is also detected through its `tab:<id>` lock). */
  disconnect(tabId: string): Promise<void>;

  network: {
    /** Forwarded window online/offline events. */
    browserOnline(online: boolean): Promise<void>;
    /** A tab became visible: heartbeat, flush and version check may run. */
    tabVisible(): Promise<void>;
  };

  session: {
    login(email: string, password: string): Promise<User>;
    register(input: RegisterInput): Promise<void>;
    activate(uid: string, token: string): Promise<void>;
    requestPasswordReset(email: string): Promise<void>;
    confirmPasswordReset(input: { uid: string; token: string; new_password: string; re_new_password: string }): Promise<void>;
    logout(): Promise<void>;
    /** Whether a refresh token is stored (the login page's redirect rule, behaviour §4 Auth). */
    hasRefreshToken(): Promise<boolean>;
    /**
     * The device's language changed (docs/i18n.md): the worker says its texts in it and asks the
     * server for its answers in it. `pseudo`: the tests' pseudo-locale (locale en-XA).
     */
    useLanguage(language: Language, pseudo?: boolean): Promise<void>;
    /**
     * Saves the language chosen on the signed-in user's account (`PATCH auth/users/me/`; null: follow
     * the device's). Offline it is queued and sent once; when it is sent, the signed-in user has it.
     */
    saveLanguage(language: Language | null): Promise<MutationResult<User>>;
  };

  /** A list's CSV export with the filters its screen shows (docs/decisions.md: CSV exports); needs a connection, never queued. */
  exports: {
    csv(area: CsvExportArea, filters: CsvExportFilters): Promise<BinaryAnswer>;
  };

  /** A record's history, newest first, 10 a page (docs/decisions.md: History on every record): the network first, the saved page offline. */
  history: {
    page(area: HistoryArea, id: number, page: number): Promise<ReadResult<Page<ActivityEntry>>>;
  };

  queue: {
    retry(): Promise<void>;
    clear(): Promise<void>;
    remove(id: string): Promise<void>;
    /** A conflict: the user's changes sent again, on the record's version now. */
    reapply(id: string): Promise<void>;
  };
}

export type { LocationRef };
