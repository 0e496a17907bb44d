/**
 * The calls of a stocked item's area (behaviour §2, 4, 7: parts and chemicals): pages by location, one
 * item, a fill or an inventory count queued while offline and sent once, and the inventory report
 * of a location. Each area names its item, its quantity input and the record the server answers.
 */
import type { Page } from '../api/common.js';
import type { QuantityKind } from '../api/quantities.js';
import type { ReportSentResponse } from '../api/reports.js';
import type { BinaryAnswer, MutationResult, ReadResult } from '../data/call-results.js';

export interface QuantityInput {
  kind: QuantityKind;
  quantity: number;
  /** YYYY-MM-DD: the device's date when the user acted (kept when it syncs later). */
  date: string;
}

/** The stocked item a quantity is recorded for: its id, and `label` naming it in the Offline Activity panel. */
export interface StockTarget {
  id: number;
  label: string;
}

export interface StockCalls<Item, Input extends QuantityInput, Answer> {
  list(params: { page?: number; location?: number | null }): Promise<ReadResult<Page<Item>>>;
  get(id: number): Promise<ReadResult<Item>>;
  /** Queued while offline, sent once. */
  recordQuantity(target: StockTarget, input: Input): Promise<MutationResult<Answer>>;
  /** The inventory report of a location (PDF); needs a connection. */
  report(location: number): Promise<BinaryAnswer>;
  emailReport(location: number, email: string): Promise<MutationResult<ReportSentResponse>>;
}
