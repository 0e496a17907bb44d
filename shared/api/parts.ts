/** Parts: stock on hand, fills (add) and inventory counts (replace), inventory report. */
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageNumber, type EveryKey, type LocationRef, type NestedTexts } from './common.js';
import { QuantityRecordFields } from './quantities.js';

export const PartListQuery = Type.Object({ location: Type.Optional(Id), page: Type.Optional(PageNumber) });
export type PartListQuery = Static<typeof PartListQuery>;

/** Fill or inventory count of the part. */
export const PartQuantityBody = Type.Object({ part: Id, ...QuantityRecordFields });
export interface PartQuantityRequest {
  part: number;
  date: string;
  quantity: number;
}

export interface Part extends NestedTexts {
  id: number;
  part_type: { part_type: string };
  item_number: string;
  location: LocationRef | null;
  quantity: number;
  thumbnail_url: string | null;
  /**
   * What one unit costs now (docs/decisions.md: What the work costs), in the site's currency; null
   * for users without full access. A part's issue keeps the cost of its time.
   */
  unit_cost: number | null;
  /** At or under this quantity the part is short; null: no reorder point. */
  reorder_point: number | null;
  /** Below 0 on hand, or at or under its reorder point (shared/api/stock-ledger.ts `partIsShort`). */
  short: boolean;
}

export const PART_KEYS = {
  id: true,
  brand: true,
  name: true,
  description: true,
  part_type: true,
  item_number: true,
  location: true,
  quantity: true,
  thumbnail_url: true,
  unit_cost: true,
  reorder_point: true,
  short: true,
} satisfies EveryKey<Part>;

export interface PartQuantityRecord {
  id: number;
  part: number;
  date: string;
  quantity: number;
  /** Quantity on hand after this record. */
  current_quantity: number;
}

export const PART_QUANTITY_RECORD_KEYS = { id: true, part: true, date: true, quantity: true, current_quantity: true } satisfies EveryKey<PartQuantityRecord>;
