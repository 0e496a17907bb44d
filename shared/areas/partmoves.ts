/**
 * Parts on a work order through the stock ledger (shared/api/stock-ledger.ts; docs/decisions.md:
 * What the work costs), from a tab to the data worker (`src-worker/areas/partmoves.ts`): what went to
 * an order, an issue or a return sent now or queued and sent once, and a part's ledger.
 */
import type { Page } from '../api/common.js';
import type { Part } from '../api/parts.js';
import type { StockEntry, WorkOrderPart } from '../api/stock-ledger.js';
import type { BinaryAnswer, MutationResult, ReadResult } from '../data/call-results.js';

export interface PartMove {
  partId: number;
  /** The part's name, for the Offline Activity panel while the move waits. */
  partName: string;
  quantity: number;
  kind: 'issue' | 'return';
}

export interface PartmovesCalls {
  /** The parts issued to and returned from the order, oldest first; the saved copy offline. */
  ofOrder(orderId: number): Promise<ReadResult<WorkOrderPart[]>>;
  /** An issue or a return: sent now, or queued and sent once (an issue is never refused for stock). */
  move(orderId: number, move: PartMove): Promise<MutationResult<WorkOrderPart>>;
  /** The parts stocked at a location, by name (the Use Part picker): the working set's, else read page by page. */
  partsAt(locationId: number): Promise<Part[]>;
  /** A part's unit cost and reorder point (null: none), sent now or queued (full access). */
  setCosts(partId: number, costs: { unitCost: number; reorderPoint: number | null }): Promise<MutationResult<Part>>;
  /** The parts short now, by name (full access): the server's list, the working set's offline. */
  short(): Promise<ReadResult<Part[]>>;
  /** A part's ledger, newest first, pages of 10. */
  ledger(partId: number, page: number): Promise<ReadResult<Page<StockEntry>>>;
  /** Every entry of a part's ledger as a CSV file, oldest first (needs a connection). */
  ledgerCsv(partId: number): Promise<BinaryAnswer>;
}
