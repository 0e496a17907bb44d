/**
 * The key figures of /home (GET kpis/, full-access users): read from the network first, the saved
 * copy while offline, so /home shows the last figures with the time they were computed.
 */
import type { Kpis } from '../../shared/api/kpis.js';
import { readThroughCache } from '../cache/cached-read.js';
import { defineArea } from '../kit/area.js';

const PATH = 'kpis/';

export const area = defineArea({
  name: 'kpis',
  calls: (ctx) => ({
    get: (period) => {
      const path = period === undefined ? PATH : `${PATH}?period=${period}`;
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Kpis>({ path }));
    },
  }),
});
