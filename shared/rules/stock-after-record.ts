/**
 * What a stocked item looks like after a fill or an inventory count, from the server's answer
 * alone: the answer carries the quantity on hand after the record. The screen shows it without
 * reading again, and the data worker keeps it as the item's saved copy, so the item still opens
 * offline after a fill made online (one rule for both realms).
 */
import type { Chemical, ChemicalQuantityRecord } from '../api/chemicals.js';
import type { Part, PartQuantityRecord } from '../api/parts.js';

export function partAfterRecord(part: Part, record: PartQuantityRecord): Part {
  return { ...part, quantity: record.current_quantity };
}

/** Only the entry the record was made at (the chemical at one location) changes. */
export function chemicalAfterRecord(chemical: Chemical, record: ChemicalQuantityRecord): Chemical {
  return {
    ...chemical,
    locations: chemical.locations.map((entry) => (entry.id === record.chemical_location_id ? { ...entry, current_quantity: record.current_quantity } : entry)),
  };
}
