/** The vendor list as CSV (GET vendors/export.csv; docs/decisions.md: CSV exports). */
import type { Vendor } from '../../../shared/api/vendors.js';
import type { CsvExport } from '../../exports/csv-export.js';
import type { CsvColumn } from '../../exports/csv.js';
import { presentVendor } from './vendors.presenter.js';
import type { VendorRow, VendorsRepository } from './vendors.repository.js';

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

export function vendorsCsv(vendors: VendorsRepository): CsvExport<VendorRow, Vendor> {
  return {
    area: 'vendors',
    rowsAfter: (_filter, after, limit) => vendors.rowsAfter(after, limit),
    present: (rows) => rows.map(presentVendor),
    columns: VENDOR_CSV_COLUMNS,
  };
}
