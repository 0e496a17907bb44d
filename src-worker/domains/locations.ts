/** Locations: the full list for pickers and filters, read by following `next` (spec 7). */
import type { Page } from '../../shared/api/common.js';
import type { Location } from '../../shared/api/locations.js';
import type { ReadResult, WorkerApi } from '../../shared/data/protocol.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { DomainContext } from './domain-context.js';

/** Saved under one key: the screens always want every location at once. */
const ALL_LOCATIONS_KEY = 'locations/all';
/** A server that keeps answering `next` must not keep the worker looping forever. */
const MAX_PAGES = 1_000;

export function createLocationsApi(ctx: DomainContext): WorkerApi['locations'] {
  const { api, cache } = ctx;
  return {
    all(): Promise<ReadResult<Location[]>> {
      return readThroughCache(cache, ALL_LOCATIONS_KEY, async () => {
        const all: Location[] = [];
        let path: string | null = 'locations/?page=1';
        for (let pages = 0; path && pages < MAX_PAGES; pages++) {
          const page: Page<Location> = await api.request<Page<Location>>({ path });
          all.push(...page.results);
          path = page.next ? api.pathOf(page.next) : null;
        }
        return all;
      });
    },
  };
}
