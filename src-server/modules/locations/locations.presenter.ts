/** Locations as the API shows them (behaviour §3). */
import type { LocationRef } from '../../../shared/api/common.js';
import type { Location } from '../../../shared/api/locations.js';
import type { LocationRow } from './locations.repository.js';

/** Columns of the table the API does not show (none; tests/server/response-shapes.test.ts holds the list to the table). */
export const LOCATION_NOT_EXPOSED = [] as const satisfies readonly (keyof LocationRow)[];

export function presentLocation(row: LocationRow): Location {
  return {
    id: row.id,
    location_type: row.location_type,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    phone_number: row.phone_number,
    epos: row.epos,
    verifone_id: row.verifone_id,
    sagenet_id: row.sagenet_id,
    occ_id: row.occ_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    code: row.code,
  };
}

/**
 * The location a record names, from the names loaded for its page. The foreign key guarantees it
 * exists; the fallback only keeps the type honest.
 */
export function locationRefOf(locations: ReadonlyMap<number, LocationRef>, id: number): LocationRef {
  const location = locations.get(id) ?? { id, name: '' };
  return { id: location.id, name: location.name };
}
