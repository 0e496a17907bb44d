/**
 * The chemical model (models/model-record.ts). Its list as CSV (GET chemicals/export.csv;
 * docs/decisions.md: CSV exports) has one line per chemical and location it is stocked at, so each
 * quantity is a number in a column of its own (a chemical stocked nowhere has one line without a
 * location). With a location, only that location's.
 */
import type { Chemical, ChemicalLocationEntry } from '../../../shared/api/chemicals.js';
import type { Repositories } from '../../db/repositories.js';
import type { CsvColumn } from '../../exports/csv.js';
import type { ModelRecord } from '../../models/model-record.js';
import { presentChemicals } from './chemicals.presenter.js';
import type { ChemicalRow } from './chemicals.repository.js';

/** A chemical at one of its locations (null: it is stocked nowhere). */
export interface ChemicalStockLine {
  chemical: Chemical;
  entry: ChemicalLocationEntry | null;
}

export const CHEMICAL_CSV_COLUMNS: readonly CsvColumn<ChemicalStockLine>[] = [
  { header: 'ID', value: (l) => l.chemical.id },
  { header: 'Name', value: (l) => l.chemical.chemical_name_description.name },
  { header: 'Brand', value: (l) => l.chemical.brand.brand },
  { header: 'Description', value: (l) => l.chemical.chemical_name_description.description },
  { header: 'Chemical Type', value: (l) => l.chemical.chemical_type.chemical_type },
  { header: 'Location', value: (l) => l.entry?.location.name },
  { header: 'Quantity', value: (l) => l.entry?.current_quantity },
  { header: 'Unit', value: (l) => l.chemical.unit },
  { header: 'Location ID', value: (l) => l.entry?.location.id },
];

export function chemicalModel({ chemicals }: Repositories): ModelRecord<ChemicalRow, Chemical, ChemicalStockLine> {
  return {
    area: 'chemicals',
    noun: 'chemical',
    read: 'full',
    findById: (id) => chemicals.findById(id),
    findByIds: (ids) => chemicals.findByIds(ids),
    present: (rows, { origin }) => presentChemicals(rows, (ids) => chemicals.entriesOf(ids), origin),
    csv: {
      rowsAfter: (filter, after, limit) => chemicals.rowsAfter(filter.locationId, after, limit),
      items: (shown, filter) =>
        shown.flatMap((chemical): ChemicalStockLine[] => {
          const entries = filter.locationId === undefined ? chemical.locations : chemical.locations.filter((e) => e.location.id === filter.locationId);
          return entries.length === 0 ? [{ chemical, entry: null }] : entries.map((entry) => ({ chemical, entry }));
        }),
      columns: CHEMICAL_CSV_COLUMNS,
    },
  };
}
