/** The location model (models/model-record.ts); its list as CSV is GET locations/export.csv (docs/decisions.md: CSV exports). */
import type { Location } from '../../../shared/api/locations.js';
import type { Repositories } from '../../db/repositories.js';
import type { CsvColumn } from '../../exports/csv.js';
import { recordsCsv, type ModelRecord } from '../../models/model-record.js';
import { presentLocation } from './locations.presenter.js';
import type { LocationRow } from './locations.repository.js';

export const LOCATION_CSV_COLUMNS: readonly CsvColumn<Location>[] = [
  { header: 'ID', value: (l) => l.id },
  { header: 'Name', value: (l) => l.name },
  { header: 'Location Type', value: (l) => l.location_type },
  { header: 'Address', value: (l) => l.address },
  { header: 'City', value: (l) => l.city },
  { header: 'State', value: (l) => l.state },
  { header: 'Postal Code', value: (l) => l.postal_code },
  { header: 'Phone Number', value: (l) => l.phone_number },
  { header: 'EPOS', value: (l) => l.epos },
  { header: 'Verifone ID', value: (l) => l.verifone_id },
  { header: 'SageNet ID', value: (l) => l.sagenet_id },
  { header: 'OCC ID', value: (l) => l.occ_id },
  { header: 'Created At', value: (l) => l.created_at },
  { header: 'Updated At', value: (l) => l.updated_at },
];

/** Limited users read locations too: the work-order form needs them. */
export function locationModel({ locations }: Repositories): ModelRecord<LocationRow, Location> {
  return {
    area: 'locations',
    noun: 'location',
    read: 'user',
    findById: (id) => locations.findById(id),
    findByIds: (ids) => locations.findByIds(ids),
    present: async (rows) => rows.map(presentLocation),
    csv: recordsCsv((_filter, after, limit) => locations.rowsAfter(after, limit), LOCATION_CSV_COLUMNS),
  };
}
