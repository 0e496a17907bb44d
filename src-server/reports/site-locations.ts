/** Reports exist only for the locations the site configuration names (docs/decisions.md: Site capabilities are configuration). */
import { t } from '../../shared/i18n/translate.js';
import { fieldError } from '../http/errors.js';
import type { LocationRow, LocationsRepository } from '../modules/locations/locations.repository.js';

/**
 * The location a report is asked for, when `allowed` names it and it exists; otherwise a 400 on
 * `location` that says why. `reportName` is English, marked with `msg` where it is defined.
 */
export async function reportLocation(locations: LocationsRepository, id: number, allowed: readonly number[], reportName: string): Promise<LocationRow> {
  if (!allowed.includes(id)) {
    throw fieldError(
      'location',
      allowed.length
        ? t('The {report} is available only for locations {locations}.', { report: t(reportName), locations: allowed.join(', ') })
        : t('The {report} is not available for any location.', { report: t(reportName) }),
    );
  }
  const row = await locations.findById(id);
  if (!row) throw fieldError('location', t('Location {id} does not exist.', { id }));
  return row;
}
