/** Parts: stock on hand, fills (add) and inventory counts (replace), inventory report. */
import { Type, type Static } from '@sinclair/typebox';
import type { LocationRef } from './common.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const PartListQuery = Type.Object({
  location: Type.Optional(Id),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
});
export type PartListQuery = Static<typeof PartListQuery>;

/** Fill or inventory count; `quantity` is checked by the server (see ChemicalQuantityBody). */
export const PartQuantityBody = Type.Object({
  part: Id,
  date: Type.String({ maxLength: 64, description: "YYYY-MM-DD, the device's date when the record was made; from the same day a year before the server's today to one day after it" }),
  quantity: Type.Unknown({ description: 'fill: > 0, and the stock after it below 1,000,000; inventory: >= 0, below 1,000,000; both with at most 2 decimal places' }),
});
export interface PartQuantityRequest {
  part: number;
  date: string;
  quantity: number;
}

export interface Part {
  id: number;
  brand: { brand: string };
  name: { name: string };
  description: { description: string };
  part_type: { part_type: string };
  item_number: string;
  location: LocationRef | null;
  quantity: number;
  thumbnail_url: string | null;
}

export interface PartQuantityRecord {
  id: number;
  part: number;
  date: string;
  quantity: number;
  /** Quantity on hand after this record. */
  current_quantity: number;
}
