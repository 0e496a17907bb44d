/** The site's settings as a tab reads them through the data worker (`src-worker/areas/settings.ts`). */
import type { SiteSettings } from '../api/settings.js';
import type { ReadResult } from '../data/call-results.js';

export interface SettingsCalls {
  /** The site's capabilities and time zone; the saved copy while offline. */
  get(): Promise<ReadResult<SiteSettings>>;
}
