/** The vendors area's calls from a tab to the data worker (`src-worker/areas/vendors.ts`). */
import type { Page } from '../api/common.js';
import type { Vendor, VendorBody } from '../api/vendors.js';
import type { MutationResult, ReadResult } from '../data/call-results.js';

export interface VendorsCalls {
  list(params: { page?: number }): Promise<ReadResult<Page<Vendor>>>;
  get(id: number): Promise<ReadResult<Vendor>>;
  /** Sent now or not at all (vendors are not offline actions). */
  create(body: VendorBody): Promise<MutationResult<Vendor>>;
  update(id: number, body: VendorBody): Promise<MutationResult<Vendor>>;
}
