/**
 * A record's history (docs/decisions.md: History on every record), read like every detail
 * (behaviour §4): the network first; on an offline, network or retryable failure the page saved when
 * it was last read, with its time. Each page of each record is saved under its own path.
 */
import { activityPath, type ActivityEntry } from '../../shared/api/activity.js';
import type { Page } from '../../shared/api/common.js';
import type { WorkerCalls } from '../../shared/data/protocol.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { AreaContext } from './area-context.js';

export function historyCalls(ctx: Pick<AreaContext, 'http' | 'cache'>): WorkerCalls['history'] {
  return {
    page: (area, id, page) => {
      const path = activityPath(area, id, page);
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Page<ActivityEntry>>({ path }));
    },
  };
}
