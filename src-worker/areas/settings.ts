/** The site's settings (capabilities and time zone), saved for offline use like any read. */
import type { SiteSettings } from '../../shared/api/settings.js';
import { readThroughCache } from '../cache/cached-read.js';
import { defineArea } from '../kit/area.js';

const PATH = 'settings/';

export const area = defineArea({
  name: 'settings',
  calls: (ctx) => ({ get: () => readThroughCache(ctx.cache, PATH, () => ctx.http.request<SiteSettings>({ path: PATH })) }),
});
