/** The parts area's calls from a tab to the data worker (`src-worker/domains/parts.ts`). */
import type { Page } from '../api/common.js';
import type { Part, PartQuantityRecord } from '../api/parts.js';
import type { ReportSentResponse } from '../api/reports.js';
import type { BinaryAnswer, MutationResult, ReadResult } from '../data/protocol.js';

export interface PartQuantityInput {
  /** 'fill' adds to the quantity on hand, 'inventory' replaces it (spec 4). */
  kind: 'fill' | 'inventory';
  quantity: number;
  /** YYYY-MM-DD: the device's date when the user acted (kept when it syncs later). */
  date: string;
}

export interface PartsApi {
  list(params: { page?: number; location?: number | null }): Promise<ReadResult<Page<Part>>>;
  get(id: number): Promise<ReadResult<Part>>;
  /** Queued while offline, sent once. */
  recordQuantity(part: { id: number; label: string }, input: PartQuantityInput): Promise<MutationResult<PartQuantityRecord>>;
  /** The part inventory report of a location (PDF); needs a connection. */
  report(location: number): Promise<BinaryAnswer>;
  emailReport(location: number, email: string): Promise<MutationResult<ReportSentResponse>>;
}
