/** Chemicals: stock per location, fills (add) and inventory counts (replace), inventory report. */
import { Type, type Static } from '@sinclair/typebox';
import type { LocationRef } from './common.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const ChemicalListQuery = Type.Object({
  locations__id: Type.Optional(Id),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
});
export type ChemicalListQuery = Static<typeof ChemicalListQuery>;

/**
 * Fill or inventory count. `quantity` is checked by the server itself (a number, or a numeric
 * string, finite and in bounds) rather than by schema coercion, which would turn null into 0.
 */
export const ChemicalQuantityBody = Type.Object({
  chemical: Id,
  chemical_location_id: Id,
  date: Type.String({ maxLength: 64, description: "YYYY-MM-DD, the device's date when the record was made; from the same day a year before the server's today to one day after it" }),
  quantity: Type.Unknown({ description: 'fill: > 0, and the stock after it below 1,000,000; inventory: >= 0, below 1,000,000; both with at most 2 decimal places' }),
});
/** What the client sends. */
export interface ChemicalQuantityRequest {
  chemical: number;
  chemical_location_id: number;
  date: string;
  quantity: number;
}

export type ChemicalUnit = 'sacks' | 'gallons';

export interface ChemicalLocationEntry {
  /** The chemical_location id that fills and counts name. */
  id: number;
  location: LocationRef;
  current_quantity: number;
}

export interface Chemical {
  id: number;
  brand: { brand: string };
  chemical_name_description: { name: string; description: string };
  chemical_type: { chemical_type: string };
  unit: ChemicalUnit;
  thumbnail_url: string | null;
  locations: ChemicalLocationEntry[];
}

export interface ChemicalQuantityRecord {
  id: number;
  chemical: number;
  chemical_location_id: number;
  date: string;
  quantity: number;
  /** Stock at the entry after this record. */
  current_quantity: number;
}

/** Salt is counted in sacks, everything else in gallons. */
export function chemicalUnit(chemicalType: string): ChemicalUnit {
  return chemicalType.trim().toLowerCase() === 'salt' ? 'sacks' : 'gallons';
}
