/** The vendor model (models/model-record.ts); its list as CSV is GET vendors/export.csv (docs/decisions.md: CSV exports). */
import type { Vendor } from '../../../shared/api/vendors.js';
import type { Repositories } from '../../db/repositories.js';
import type { CsvColumn } from '../../exports/csv.js';
import { recordsCsv, type ModelRecord } from '../../models/model-record.js';
import { presentVendor } from './vendors.presenter.js';
import type { VendorRow } from './vendors.repository.js';

export const VENDOR_CSV_COLUMNS: readonly CsvColumn<Vendor>[] = [
  { header: 'ID', value: (v) => v.id },
  { header: 'Name', value: (v) => v.name },
  { header: 'Address', value: (v) => v.address },
  { header: 'City', value: (v) => v.city },
  { header: 'State', value: (v) => v.state },
  { header: 'Postal Code', value: (v) => v.postal_code },
  { header: 'Telephone Number', value: (v) => v.telephone_number },
  { header: 'Created At', value: (v) => v.created_at },
  { header: 'Updated At', value: (v) => v.updated_at },
];

export function vendorModel({ vendors }: Repositories): ModelRecord<VendorRow, Vendor> {
  return {
    area: 'vendors',
    noun: 'vendor',
    read: 'full',
    findById: (id) => vendors.findById(id),
    findByIds: (ids) => vendors.findByIds(ids),
    present: async (rows) => rows.map(presentVendor),
    csv: recordsCsv((_filter, after, limit) => vendors.rowsAfter(after, limit), VENDOR_CSV_COLUMNS),
  };
}
