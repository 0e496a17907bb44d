/** The locations area's calls from a tab to the data worker (`src-worker/areas/locations.ts`). */
import type { Page } from '../api/common.js';
import type { Location, LocationCreateBody, LocationUpdateBody } from '../api/locations.js';
import type { BinaryAnswer, MutationResult, ReadResult } from '../data/call-results.js';

export interface LocationsCalls {
  /** Every location, read by following `next` (pickers and filters). */
  all(): Promise<ReadResult<Location[]>>;
  list(params: { page?: number }): Promise<ReadResult<Page<Location>>>;
  get(id: number): Promise<ReadResult<Location>>;
  /** Sent now or not at all (locations are not offline actions). */
  create(body: LocationCreateBody): Promise<MutationResult<Location>>;
  update(id: number, body: LocationUpdateBody): Promise<MutationResult<Location>>;
  /** The location's own label (a PDF made by the server: needs a connection). */
  label(id: number): Promise<BinaryAnswer>;
}
