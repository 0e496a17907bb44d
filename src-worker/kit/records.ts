/**
 * The generic reads of a record type served at `<base>` (e.g. `workorders/`): list pages with their
 * filters, a detail that falls back to a saved list page holding the record (an item never opened),
 * and "all" (every page, following `next`, saved under one key) for pickers and filters. Every read
 * goes through the cache (behaviour §4: network first, the saved copy on a transient failure).
 */
import type { Page } from '../../shared/api/common.js';
import type { SyncedArea } from '../../shared/api/sync.js';
import type { ListRule } from '../../shared/rules/list-rules.js';
import type { ReadResult } from '../../shared/data/protocol.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { CacheHit, CacheInvalidation } from '../cache/response-cache.js';
import type { SavedAnswer, StoredWrite } from '../outbox/write-action.js';
import type { AreaContext } from './area-context.js';

/** List filters as the query carries them; empty ones are left out. */
export type ListFilters = Record<string, string | number | null | undefined>;

/** A server that keeps answering `next` must not keep the worker looping forever. */
const MAX_PAGES = 1_000;

export interface Records<T extends { id: number }> {
  /** The collection's path, e.g. `workorders/` (creates are POSTed here). */
  readonly base: string;
  /** Every saved list page's key starts with this (list paths always carry a query). */
  readonly listPrefix: string;
  listPath(page: number | undefined, filters?: ListFilters): string;
  detailPath(id: number | string): string;
  list(ctx: AreaContext, page: number | undefined, filters?: ListFilters): Promise<ReadResult<Page<T>>>;
  get(ctx: AreaContext, id: number): Promise<ReadResult<T>>;
  /** Every record, saved under `<base>all`. */
  all(ctx: AreaContext): Promise<ReadResult<T[]>>;
  /** After a write to a record: every list page, the whole list and the record's detail are stale (behaviour §4). */
  staleAfterWrite(item: StoredWrite): CacheInvalidation;
  /** A write answered with the record: kept as its fresh detail. */
  savesRecord(record: T): SavedAnswer;
}

/**
 * A record type the sync keeps on the device: its area and list rule, and the list filters that
 * carry the location and the search (default `location` and `search`).
 */
export interface SyncedRecords<T> {
  area: SyncedArea;
  rule: ListRule<T>;
  locationFilter?: string;
  searchFilter?: string;
}

/**
 * `list`: where the pages are read when not at `base` itself (behaviour §7: `parts/list/`,
 * `chemicals/list/`). `synced`: the records are also in the working set, which answers lists and
 * details the device never opened once the server cannot be reached.
 */
export function recordsAt<T extends { id: number }>(base: `${string}/`, opts: { list?: `${string}/`; synced?: SyncedRecords<T> } = {}): Records<T> {
  const listPrefix = `${opts.list ?? base}?`;
  const synced = opts.synced;
  const detailPath = (id: number | string) => `${base}${id}/`;

  function listPath(page: number | undefined, filters: ListFilters = {}): string {
    const query = new URLSearchParams({ page: String(page && page > 0 ? page : 1) });
    for (const [name, value] of Object.entries(filters)) {
      const text = typeof value === 'string' ? value.trim() : value ? String(value) : '';
      if (text) query.set(name, text);
    }
    return `${listPrefix}${query.toString()}`;
  }

  /** A record never opened may still be inside a saved list page. */
  async function fromSavedLists(ctx: AreaContext, id: number): Promise<CacheHit<T> | null> {
    for (const page of await ctx.cache.withPrefix<Page<T>>(listPrefix)) {
      const record = page.data.results.find((r) => r.id === id);
      if (record) return { data: record, cachedAt: page.cachedAt };
    }
    return null;
  }

  return {
    base,
    listPrefix,
    listPath,
    detailPath,
    list(ctx, page, filters = {}) {
      const path = listPath(page, filters);
      const fromWorkingSet = () => {
        if (!synced) return Promise.resolve(null);
        const location = filters[synced.locationFilter ?? 'location'];
        const search = filters[synced.searchFilter ?? 'search'];
        return ctx.workingSet.page(synced.area, synced.rule, {
          page: page && page > 0 ? page : 1,
          location: typeof location === 'number' ? location : location ? Number(location) : null,
          search: typeof search === 'string' ? search : null,
        });
      };
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Page<T>>({ path }), fromWorkingSet);
    },
    get(ctx, id) {
      const path = detailPath(id);
      return readThroughCache(
        ctx.cache,
        path,
        () => ctx.http.request<T>({ path }),
        () => fromSavedLists(ctx, id),
        () => (synced ? ctx.workingSet.record<T>(synced.area, id) : Promise.resolve(null)),
      );
    },
    all(ctx) {
      const fromWorkingSet = () => (synced ? ctx.workingSet.all<T>(synced.area, synced.rule) : Promise.resolve(null));
      return readThroughCache(ctx.cache, `${base}all`, async () => {
        const all: T[] = [];
        let path: string | null = listPath(1);
        for (let pages = 0; path && pages < MAX_PAGES; pages++) {
          const page: Page<T> = await ctx.http.request<Page<T>>({ path });
          all.push(...page.results);
          path = page.next ? ctx.http.pathOf(page.next) : null;
        }
        return all;
      }, fromWorkingSet);
    },
    staleAfterWrite: (item) => ({ prefixes: [listPrefix], keys: [`${base}all`, ...(item.targetId ? [detailPath(item.targetId)] : [])] }),
    savesRecord: (record) => ({ key: detailPath(record.id), id: String(record.id), ...(synced ? { synced: synced.area } : {}) }),
  };
}
