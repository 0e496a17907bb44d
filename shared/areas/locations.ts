/** The locations area's calls from a tab to the data worker (`src-worker/domains/locations.ts`). */
import type { Location } from '../api/locations.js';
import type { ReadResult } from '../data/protocol.js';

export interface LocationsApi {
  /** Every location, read by following `next`. */
  all(): Promise<ReadResult<Location[]>>;
}
