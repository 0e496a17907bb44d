/**
 * A record's history (docs/decisions.md: History on every record), read like every detail
 * (behaviour §4): the network first; on an offline, network or retryable failure the page saved when
 * it was last read, with its time. Each page of each record is saved under its own path.
 */
import { activityPath, type ActivityEntry } from '../../shared/api/activity.js';
import type { Page } from '../../shared/api/common.js';
import type { WorkerApi } from '../../shared/data/protocol.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { AreaContext } from './area-context.js';

export function historyCalls(ctx: Pick<AreaContext, 'api' | 'cache'>): WorkerApi['history'] {
  return {
    page: (entity, id, page) => {
      const path = activityPath(entity, id, page);
      return readThroughCache(ctx.cache, path, () => ctx.api.request<Page<ActivityEntry>>({ path }));
    },
  };
}
