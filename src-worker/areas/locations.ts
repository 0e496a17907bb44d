/** Locations (behaviour §7): the full list for pickers and filters, pages and details, and create/update sent now. */
import { LABELS_NEED_CONNECTION, locationLabelPath } from '../../shared/api/labels.js';
import type { Location, LocationCreateBody, LocationUpdateBody } from '../../shared/api/locations.js';
import { SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { LOCATION_LIST } from '../../shared/rules/list-rules.js';
import { defineArea } from '../kit/area.js';
import { binaryRead } from '../kit/binary.js';
import { recordsAt } from '../kit/records.js';
import { needsConnectionFor } from '../kit/reports.js';
import { sentWrites } from '../kit/sent-writes.js';
import { onlyOnline } from '../outbox/write-now.js';

export const locations = recordsAt<Location>('locations/', { synced: { area: 'locations', rule: LOCATION_LIST } });

const writes = sentWrites<Location, LocationCreateBody | LocationUpdateBody>('locations', locations, {
  create: { success: SUCCESS_MESSAGES.locations.created, failure: SCREEN_MESSAGES.locations.create },
  update: { success: SUCCESS_MESSAGES.locations.updated, failure: SCREEN_MESSAGES.locations.update },
});

export const area = defineArea({
  name: 'locations',
  calls: (ctx) => ({
    all: () => locations.all(ctx),
    list: (params) => locations.list(ctx, params.page),
    get: (id) => locations.get(ctx, id),
    create: (body) => writes.create(ctx, body),
    update: (id, body) => writes.update(ctx, id, body),
    label: (id) => needsConnectionFor(LABELS_NEED_CONNECTION, () => onlyOnline(ctx, () => binaryRead(ctx.http, { path: locationLabelPath(id) }))),
  }),
});
