/** The part list as CSV (GET parts/export.csv; docs/decisions.md: CSV exports). */
import type { Part } from '../../../shared/api/parts.js';
import type { CsvExport } from '../../exports/csv-export.js';
import type { CsvColumn } from '../../exports/csv.js';
import { requestOrigin } from '../../http/origin.js';
import { presentPart } from './parts.presenter.js';
import type { PartRow, PartsRepository } from './parts.repository.js';

export const PART_CSV_COLUMNS: readonly CsvColumn<Part>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Name', value: (p) => p.name.name },
  { header: 'Brand', value: (p) => p.brand.brand },
  { header: 'Description', value: (p) => p.description.description },
  { header: 'Part Type', value: (p) => p.part_type.part_type },
  { header: 'Item Number', value: (p) => p.item_number },
  { header: 'Location', value: (p) => p.location?.name },
  { header: 'Quantity on Hand', value: (p) => p.quantity },
  { header: 'Location ID', value: (p) => p.location?.id },
];

export function partsCsv(parts: PartsRepository): CsvExport<PartRow, Part> {
  return {
    area: 'parts',
    rowsAfter: (filter, after, limit) => parts.rowsAfter(filter.locationId, after, limit),
    present: (rows, request) => {
      const origin = requestOrigin(request);
      return rows.map((row) => presentPart(row, origin));
    },
    columns: PART_CSV_COLUMNS,
  };
}
