/** Vendors as the API shows them (behaviour §3). */
import type { Vendor } from '../../../shared/api/vendors.js';
import type { VendorRow } from './vendors.repository.js';

/**
 * Columns of the table the API does not show (none). Every other column is presented: a test
 * (tests/server/response-shapes.test.ts) holds the table, this list and `Vendor` together, so a new
 * column is either shown or named here.
 */
export const VENDOR_NOT_EXPOSED = [] as const satisfies readonly (keyof VendorRow)[];

export function presentVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    telephone_number: row.telephone_number,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
