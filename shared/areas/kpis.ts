/** The key figures of /home as a tab reads them through the data worker (`src-worker/areas/kpis.ts`). */
import type { YearCosts } from '../api/costs.js';
import type { Kpis } from '../api/kpis.js';
import type { ReadResult } from '../data/call-results.js';

export interface KpisCalls {
  /** The figures over `period` days (the server's default when absent); the saved copy while offline. */
  get(period?: number): Promise<ReadResult<Kpis>>;
  /** What the work at an asset or a location cost this year; the saved copy while offline. */
  yearCosts(of: 'assets' | 'locations', id: number): Promise<ReadResult<YearCosts>>;
}
