/** Locations: the full list for pickers and filters, read by following `next` (spec 7). */
import type { Location } from '../../shared/api/locations.js';
import { defineArea } from '../kit/area.js';
import { recordsAt } from '../kit/records.js';

export const locations = recordsAt<Location>('locations/');

export const area = defineArea({
  name: 'locations',
  api: (ctx) => ({ all: () => locations.all(ctx) }),
});
