/** Parts and their fills and inventory counts as the API shows them (behaviour §3). */
import { nestedTexts } from '../../../shared/api/common.js';
import type { Part, PartQuantityRecord } from '../../../shared/api/parts.js';
import { partIsShort } from '../../../shared/api/stock-ledger.js';
import { centsToUnits } from '../../../shared/rules/money.js';
import { mediaUrl } from '../../http/uploads.js';
import type { QuantityRecordRow } from '../stock/stock.repository.js';
import type { PartRow } from './parts.repository.js';

/** Columns of the table the API does not show (tests/server/response-shapes.test.ts holds the list to the table). */
export const PART_NOT_EXPOSED = ['created_at'] as const satisfies readonly (keyof PartRow)[];

export function presentPart(row: PartRow, origin: string): Part {
  return {
    id: row.id,
    ...nestedTexts(row),
    part_type: { part_type: row.part_type },
    item_number: row.item_number,
    location: row.location_id !== null && row.location_name !== null ? { id: row.location_id, name: row.location_name } : null,
    quantity: row.quantity,
    thumbnail_url: mediaUrl(origin, row.thumbnail),
    unit_cost: centsToUnits(row.unit_cost_cents),
    reorder_point: row.reorder_point,
    short: partIsShort(row.quantity, row.reorder_point),
  };
}

/** A part as users without full access see it: what it costs is not theirs to see (the model's limitedView). */
export function limitedPartView(part: Part): Part {
  return { ...part, unit_cost: null };
}

/** Columns of a part's record the answer does not show. */
export const PART_QUANTITY_RECORD_NOT_EXPOSED = ['kind', 'chemical_location_id', 'user_id', 'created_at'] as const satisfies readonly (keyof QuantityRecordRow)[];

/** A part's fill or count and the quantity on hand after it. */
export function presentPartQuantityRecord(record: QuantityRecordRow, currentQuantity: number): PartQuantityRecord {
  return {
    id: record.id,
    // Null only on chemicals' records, which share the table.
    part: record.part_id!,
    date: record.date,
    quantity: record.quantity,
    current_quantity: currentQuantity,
  };
}
