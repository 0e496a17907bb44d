/**
 * The state the device database keeps (shared/data/db-schema.ts) and the protocol pushes to the
 * tabs (shared/data/protocol.ts): a queued item's status, the network's and the version's state.
 */

/**
 * Behaviour §4's five statuses, and 'conflict': an update refused because the record changed since the
 * user edited it (docs/decisions.md: Edits never roll back newer data), or a task's completion refused
 * because its steps changed since they were answered (docs/decisions.md: Procedures on maintenance
 * tasks). It is not sent again by itself; it waits, with the user's changes or answers kept, until
 * the user re-applies them to the record as it is now or discards them.
 */
export type QueueItemStatus = 'queued' | 'pending' | 'retrying' | 'failed' | 'synced' | 'conflict';

export interface NetworkEvent {
  at: string;
  isOnline: boolean;
  reason: string;
  details: string | null;
}

export interface NetworkIssue {
  key: string;
  message: string;
  type: string;
  scope: string;
  meta: Record<string, string | number | boolean | null> | null;
  count: number;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** Behaviour §3 Network state. */
export interface NetworkState {
  isOnline: boolean;
  offlineSince: string | null;
  lastOnlineAt: string | null;
  lastChangeAt: string | null;
  lastReason: string | null;
  lastDetails: string | null;
  events: NetworkEvent[];
  issues: NetworkIssue[];
}

export interface VersionState {
  latestVersion: string | null;
  minVersion: string | null;
  message: string | null;
  /** "Update available" (dismissible). */
  updateAvailable: boolean;
  /** "Update required": no close button, reload after 15 s, once per target version. */
  forced: boolean;
}
