/** Chemicals: stock per location, fills (add) and inventory counts (replace), inventory report. */
import { Type, type Static } from '@sinclair/typebox';
import { Id, PageNumber, type EveryKey, type LocationRef } from './common.js';
import { QuantityRecordFields } from './quantities.js';

export const ChemicalListQuery = Type.Object({ locations__id: Type.Optional(Id), page: Type.Optional(PageNumber) });
export type ChemicalListQuery = Static<typeof ChemicalListQuery>;

/** Fill or inventory count of the chemical at one of its locations. */
export const ChemicalQuantityBody = Type.Object({
  chemical: Id,
  chemical_location_id: Id,
  ...QuantityRecordFields,
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

export const CHEMICAL_LOCATION_ENTRY_KEYS = { id: true, location: true, current_quantity: true } satisfies EveryKey<ChemicalLocationEntry>;

export interface Chemical {
  id: number;
  brand: { brand: string };
  chemical_name_description: { name: string; description: string };
  chemical_type: { chemical_type: string };
  unit: ChemicalUnit;
  thumbnail_url: string | null;
  locations: ChemicalLocationEntry[];
}

export const CHEMICAL_KEYS = {
  id: true,
  brand: true,
  chemical_name_description: true,
  chemical_type: true,
  unit: true,
  thumbnail_url: true,
  locations: true,
} satisfies EveryKey<Chemical>;

export interface ChemicalQuantityRecord {
  id: number;
  chemical: number;
  chemical_location_id: number;
  date: string;
  quantity: number;
  /** Stock at the entry after this record. */
  current_quantity: number;
}

export const CHEMICAL_QUANTITY_RECORD_KEYS = {
  id: true,
  chemical: true,
  chemical_location_id: true,
  date: true,
  quantity: true,
  current_quantity: true,
} satisfies EveryKey<ChemicalQuantityRecord>;

/** Salt is counted in sacks, everything else in gallons. */
export function chemicalUnit(chemicalType: string): ChemicalUnit {
  return chemicalType.trim().toLowerCase() === 'salt' ? 'sacks' : 'gallons';
}
