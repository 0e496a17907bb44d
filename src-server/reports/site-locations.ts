/** Reports exist only for the locations the site configuration names (docs/decisions.md: Site capabilities are configuration). */
import { fieldError } from '../http/errors.js';
import type { LocationRow, LocationsRepository } from '../modules/locations/locations.repository.js';

/**
 * The location a report is asked for, when `allowed` names it and it exists; otherwise a 400 on
 * `location` that says why.
 */
export async function reportLocation(locations: LocationsRepository, id: number, allowed: readonly number[], reportName: string): Promise<LocationRow> {
  if (!allowed.includes(id)) {
    throw fieldError(
      'location',
      allowed.length ? `The ${reportName} is available only for locations ${allowed.join(', ')}.` : `The ${reportName} is not available for any location.`,
    );
  }
  const row = await locations.findById(id);
  if (!row) throw fieldError('location', `Location ${id} does not exist.`);
  return row;
}
