/**
 * The key figures of /home (GET kpis/, full-access users), and an asset's or a location's cost this
 * year (its detail): read from the network first, the saved copy while offline, so a screen shows
 * the last figures with the time they were computed.
 */
import type { YearCosts } from '../../shared/api/costs.js';
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
    yearCosts: (of, id) => {
      const path = `${of}/${id}/costs/`;
      return readThroughCache(ctx.cache, path, () => ctx.http.request<YearCosts>({ path }));
    },
  }),
});
