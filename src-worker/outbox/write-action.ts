/**
 * One definition per offline-capable write (an area's action): how its request is built from the
 * stored item, which saved answers it makes stale, and its texts. The same definition serves the
 * online send (`write-or-queue.ts`) and the queued flush (`flush.ts`, through the handler that
 * `registerWriteAction` builds), so an online write and its replay cannot drift apart.
 */
import type { SyncedArea } from '../../shared/api/sync.js';
import type { OutboxDomain } from '../../shared/areas/registry.js';
import type { JsonValue } from '../../shared/data/db-schema.js';
import type { BlobLike } from '../../shared/data/protocol.js';
import type { HttpClient, HttpRequest } from '../http/http-client.js';
import type { CacheInvalidation, ResponseCache } from '../cache/response-cache.js';
import type { AreaContext } from '../kit/area-context.js';
import type { WorkingSet } from '../sync/working-set.js';
import type { HandlerOutcome, HandlerRegistry, SavedUpdate } from './handlers.js';

/** A file carried by a write, before and after it was stored. */
export interface WriteFile {
  name: string;
  type: string;
  blob: BlobLike;
}

/**
 * What a write is built from: the outbox row when replayed, the same fields in memory when sent at
 * once. Its idempotency key is shared by every attempt. `Payload` is the definition's own type of
 * what it stores, so its request reads the payload without a cast.
 */
export interface StoredWrite<Payload extends JsonValue = JsonValue> {
  targetId: string | null;
  payload: Payload;
  attachments: readonly WriteFile[];
  idempotencyKey: string;
}

/** Behaviour §8 texts of the action (shared/data/messages.ts). */
export interface WriteMessages {
  success: string;
  queued: string;
  /** The screen's fallback when the server refuses the write without a text of its own. */
  failure: string;
}

/** What a write saves of the server's answer, so a screen needs no second request for it. */
export interface SavedAnswer {
  /** The cache key (an API path) the answer is the fresh copy of. */
  key: string;
  /** The record's id (for creates: reported in the `synced` event). */
  id: string;
  /** The working set's area when the sync keeps these records: the answer goes there too. */
  synced?: SyncedArea;
}

export interface WriteAction<Answer = unknown, Payload extends JsonValue = JsonValue> {
  /** The area it belongs to (the outbox item's domain), or the user's own account. */
  area: OutboxDomain;
  action: string;
  /** Method, path and JSON or FormData body for the stored item (the key and If-Match are added). */
  request(item: StoredWrite<Payload>): Omit<HttpRequest, 'idempotencyKey' | 'ifMatch'>;
  /**
   * The version the write is based on, sent as `If-Match` (updates). A 412 answer means someone
   * changed the record since: the write is not retried (a "conflict" rather than a failure).
   */
  precondition?(item: StoredWrite<Payload>): string | null;
  /** Saved answers the write makes stale (behaviour §4: the cached lists and the record's detail). */
  invalidates(item: StoredWrite<Payload>): CacheInvalidation;
  /** Where the answer is kept as the record's fresh copy, if it is one. */
  saves?(answer: Answer): SavedAnswer | null;
  /**
   * A saved copy the answer brings up to date without being that record itself (a fill's answer
   * carries the part's quantity on hand): kept, updated, rather than dropped with the stale ones.
   */
  updatesSaved?(item: StoredWrite<Payload>, answer: Answer): SavedUpdate | null;
  /**
   * For a write kept as a conflict: why it cannot be re-applied to the record as it is now (a
   * completion whose answers no longer fit the task's steps), or null when it can. Without it, a
   * conflict is always re-applicable.
   */
  reapplyRefusal?(item: StoredWrite<Payload>, ctx: AreaContext): Promise<string | null>;
  messages: WriteMessages;
}

/**
 * The stored payload of an update: only the fields the user changed, and the version of the record
 * the edit was made on (sent as If-Match, so an edit never overwrites a newer write).
 */
export type VersionedChanges = {
  version: number;
  changes: { [field: string]: JsonValue };
};

/** The `precondition` of an update whose payload is VersionedChanges. */
export function versionedPrecondition(item: StoredWrite<VersionedChanges>): string | null {
  // Checked although typed: the payload may have been stored by an older client.
  return typeof item.payload?.version === 'number' ? String(item.payload.version) : null;
}

/** Identity helper that keeps the answer and payload types of a definition. */
export function defineWrite<Answer, Payload extends JsonValue = JsonValue>(action: WriteAction<Answer, Payload>): WriteAction<Answer, Payload> {
  return action;
}

/** The HTTP request of a write: the definition's, with the item's key and precondition. */
export function requestFor<Payload extends JsonValue>(action: WriteAction<unknown, Payload>, item: StoredWrite<Payload>): HttpRequest {
  const request: HttpRequest = { ...action.request(item), idempotencyKey: item.idempotencyKey };
  const version = action.precondition?.(item) ?? null;
  if (version !== null) request.ifMatch = version;
  return request;
}

/** Where a write's answer is kept on the device. */
export interface SavedStores {
  cache: ResponseCache;
  workingSet: WorkingSet;
}

/**
 * After a write succeeded, online or replayed: drop what it made stale, keep its answer (also in
 * the working set, so lists show it before the next pull: docs/decisions.md: Working set in
 * Dexie), and keep (updated) a saved copy the answer brings up to date. The copy is read before
 * the drop, which may include it.
 */
export async function settleCache(stores: SavedStores, invalidation: CacheInvalidation, outcome: HandlerOutcome | void): Promise<void> {
  const { cache, workingSet } = stores;
  const updated = outcome?.updated ?? null;
  const before = updated ? await cache.get<unknown>(updated.key) : null;
  await cache.invalidate(invalidation);
  const saved = outcome?.saved;
  if (saved) await cache.put(saved.key, saved.data);
  if (saved?.synced) await workingSet.keep(saved.synced, saved.data as { id: number });
  if (updated && before) await cache.put(updated.key, updated.update(before.data));
}

/**
 * Sends a write and returns the server's answer with what to keep of it. `waitedOn`: a screen
 * waits for it (sent now, not replayed), so the global spinner shows and the progress of its files
 * is reported. A queued write replayed by a flush is background work, like the heartbeat: the
 * badge and the Offline Activity panel show it, and a spinner flickering on and off for each of a
 * hundred replayed requests cost the tab a render each time.
 */
export async function sendWrite<Answer, Payload extends JsonValue>(http: HttpClient, action: WriteAction<Answer, Payload>, item: StoredWrite<Payload>, waitedOn = false): Promise<{ answer: Answer; outcome: HandlerOutcome }> {
  const answer = await http.request<Answer>({ ...requestFor(action, item), spinner: waitedOn, reportProgress: waitedOn && item.attachments.length > 0 });
  const saved = action.saves?.(answer) ?? null;
  return { answer, outcome: { createdId: saved?.id ?? null, saved: saved ? { key: saved.key, data: answer, synced: saved.synced } : null, updated: action.updatesSaved?.(item, answer) ?? null } };
}

/** Makes the definition the outbox handler of its area:action. */
export function registerWriteAction<Answer, Payload extends JsonValue>(registry: HandlerRegistry, action: WriteAction<Answer, Payload>): void {
  // The one place a stored payload takes its definition's type: the row was written by
  // `writeOrQueue` from this definition's own `WriteRequest<Payload>` (same area and action).
  const asStored = (item: StoredWrite) => item as StoredWrite<Payload>;
  registry.register(action.area, action.action, {
    send: async (item, http) => (await sendWrite(http, action, asStored(item))).outcome,
    invalidates: (item) => action.invalidates(asStored(item)),
  });
}
