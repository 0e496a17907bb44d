/** Chemicals, their stock per location, and their fills and inventory counts as the API shows them (behaviour §3). */
import { chemicalUnit, type Chemical, type ChemicalLocationEntry, type ChemicalQuantityRecord } from '../../../shared/api/chemicals.js';
import { mediaUrl } from '../../http/uploads.js';
import type { QuantityRecordRow } from '../stock/stock.repository.js';
import type { ChemicalEntryRow, ChemicalLocationRow, ChemicalRow } from './chemicals.repository.js';

/** Columns of the table the API does not show (tests/server/response-shapes.test.ts holds the list to the table). */
export const CHEMICAL_NOT_EXPOSED = ['created_at'] as const satisfies readonly (keyof ChemicalRow)[];

/** `entries` are the chemical's own, in the order shown. */
export function presentChemical(row: ChemicalRow, entries: ChemicalEntryRow[], origin: string): Chemical {
  return {
    id: row.id,
    brand: { brand: row.brand },
    chemical_name_description: { name: row.name, description: row.description },
    chemical_type: { chemical_type: row.chemical_type },
    unit: chemicalUnit(row.chemical_type),
    thumbnail_url: mediaUrl(origin, row.thumbnail),
    locations: entries.map(presentChemicalLocation),
  };
}

/** Chemicals with their entries, loaded in one query whatever the number of chemicals. */
export async function presentChemicals(rows: ChemicalRow[], entriesOf: (chemicalIds: number[]) => Promise<ChemicalEntryRow[]>, origin: string): Promise<Chemical[]> {
  const entries = await entriesOf(rows.map((r) => r.id));
  return rows.map((row) => presentChemical(row, entries.filter((e) => e.chemical_id === row.id), origin));
}

/** Columns of chemical_locations an entry does not show: it is shown inside its chemical. */
export const CHEMICAL_LOCATION_NOT_EXPOSED = ['chemical_id'] as const satisfies readonly (keyof ChemicalLocationRow)[];

export function presentChemicalLocation(entry: ChemicalEntryRow): ChemicalLocationEntry {
  return { id: entry.id, location: { id: entry.location_id, name: entry.location_name }, current_quantity: entry.current_quantity };
}

/** Columns of a chemical's record the answer does not show. */
export const CHEMICAL_QUANTITY_RECORD_NOT_EXPOSED = ['kind', 'part_id', 'user_id', 'created_at'] as const satisfies readonly (keyof QuantityRecordRow)[];

/** A fill or count at one of the chemical's locations (`entry`) and the stock there after it. */
export function presentChemicalQuantityRecord(record: QuantityRecordRow, entry: ChemicalLocationRow, currentQuantity: number): ChemicalQuantityRecord {
  return {
    id: record.id,
    chemical: entry.chemical_id,
    // Null only on parts' records, which share the table.
    chemical_location_id: record.chemical_location_id!,
    date: record.date,
    quantity: record.quantity,
    current_quantity: currentQuantity,
  };
}
