/** The part model (models/model-record.ts); its list as CSV is GET parts/export.csv (docs/decisions.md: CSV exports). */
import type { Part } from '../../../shared/api/parts.js';
import type { Repositories } from '../../db/repositories.js';
import type { CsvColumn } from '../../exports/csv.js';
import { recordsCsv, type ModelRecord } from '../../models/model-record.js';
import { limitedPartView, presentPart } from './parts.presenter.js';
import type { PartRow } from './parts.repository.js';

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

export function partModel({ parts }: Repositories): ModelRecord<PartRow, Part> {
  return {
    area: 'parts',
    noun: 'part',
    read: 'full',
    findById: (id) => parts.findById(id),
    findByIds: (ids) => parts.findByIds(ids),
    present: async (rows, { origin }) => rows.map((row) => presentPart(row, origin)),
    csv: recordsCsv((filter, after, limit) => parts.rowsAfter(filter.locationId, after, limit), PART_CSV_COLUMNS),
    // Unit costs are for full access only (docs/decisions.md: What the work costs).
    limitedView: limitedPartView,
  };
}
