/**
 * What sends a queued item: one handler per area:action, registered by the area modules
 * (src-worker/areas/*). The data worker and the service worker build the same registry.
 */
import type { OutboxRow } from '../../shared/data/db-schema.js';
import type { SyncedArea } from '../../shared/api/sync.js';
import type { HttpClient } from '../http/http-client.js';
import type { CacheInvalidation } from '../cache/response-cache.js';

/** A saved copy at `key`, and how the write's answer changes it (a write-action.ts definition says). */
export interface SavedUpdate {
  key: string;
  update(saved: unknown): unknown;
}

export interface HandlerOutcome {
  /** For creates: the id the server gave the new record (reported in the `synced` event). */
  createdId?: string | null;
  /** The server's answer to keep as the record's fresh copy, after the invalidation (and in the working set when `synced`). */
  saved?: { key: string; data: unknown; synced?: SyncedArea } | null;
  /** A saved copy the answer brings up to date (kept, updated, after the invalidation). */
  updated?: SavedUpdate | null;
}

export interface MutationHandler {
  /** Sends the item; throws a NormalizedError when the server refuses or cannot be reached. */
  send(item: OutboxRow, http: HttpClient): Promise<HandlerOutcome | void>;
  /** Saved answers the write made stale (behaviour §4: the cached lists and the record's detail). */
  invalidates(item: OutboxRow): CacheInvalidation;
}

export class HandlerRegistry {
  private readonly handlers = new Map<string, MutationHandler>();

  register(area: string, action: string, handler: MutationHandler): void {
    this.handlers.set(`${area}:${action}`, handler);
  }

  get(area: string, action: string): MutationHandler | undefined {
    return this.handlers.get(`${area}:${action}`);
  }
}
