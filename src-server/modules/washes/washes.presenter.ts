/** Wash packages, wash records and their totals as the API shows them (behaviour §3). */
import type { PackageTotal, WashPackage, WashRecord } from '../../../shared/api/washes.js';
import type { WashPackageRow, WashPackageWithLocation, WashRecordRow, WashRecordWithNames } from './washes.repository.js';

/** Columns of the table the API does not show: the order is that of the list (tests/server/response-shapes.test.ts holds the list to the table). */
export const WASH_PACKAGE_NOT_EXPOSED = ['sort_order'] as const satisfies readonly (keyof WashPackageRow)[];

export function presentWashPackage(p: WashPackageWithLocation): WashPackage {
  return { id: p.id, name: p.name, location: { id: p.location_id, name: p.location_name } };
}

/** Columns of the table the API does not show. */
export const WASH_RECORD_NOT_EXPOSED = ['user_id'] as const satisfies readonly (keyof WashRecordRow)[];

export function presentWashRecord(r: WashRecordWithNames): WashRecord {
  return {
    id: r.id,
    wash_package: { id: r.wash_package_id, name: r.package_name },
    count: r.count,
    location: { id: r.location_id, name: r.location_name },
    date: r.date,
    created_at: r.created_at,
  };
}

/** The sum of a package's counts over the records a list covers. */
export function presentPackageTotal(p: WashPackageWithLocation, total: number): PackageTotal {
  return { package: { id: p.id, name: p.name }, total };
}
