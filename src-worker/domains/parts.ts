/**
 * Parts (spec 7): pages by location, details, fills and inventory counts (offline actions, sent
 * once) and the part inventory report (downloaded or mailed; needs a connection).
 */
import type { Part, PartQuantityRecord, PartQuantityRequest } from '../../shared/api/parts.js';
import { REPORT_SENT } from '../../shared/api/reports.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { defineArea } from '../kit/area.js';
import { quantityWrites } from '../kit/quantity-writes.js';
import { recordsAt } from '../kit/records.js';
import { reportAt } from '../kit/reports.js';

export const parts = recordsAt<Part>('parts/', { list: 'parts/list/' });

const quantities = quantityWrites<Part, PartQuantityRequest, PartQuantityRecord>(
  'parts',
  parts,
  { fill: 'parts/partfills/create/', inventory: 'parts/partinventories/create/' },
  {
    fill: { success: SUCCESS_MESSAGES.partFillRecorded, queued: QUEUED_MESSAGES.partFill, failure: SCREEN_MESSAGES.parts.recordFill },
    inventory: { success: SUCCESS_MESSAGES.partInventoryRecorded, queued: QUEUED_MESSAGES.partInventory, failure: SCREEN_MESSAGES.parts.recordInventory },
  },
);

const report = reportAt('parts', 'parts/part-inventory-report/', { sent: REPORT_SENT, failure: SCREEN_MESSAGES.reports.emailDetail });

export const area = defineArea({
  name: 'parts',
  writes: quantities.writes,
  api: (ctx) => ({
    list: (params) => parts.list(ctx, params.page, { location: params.location }),
    get: (id) => parts.get(ctx, id),
    recordQuantity: (part, input) => quantities.record(ctx, input.kind, part, { part: part.id, date: input.date, quantity: input.quantity }),
    report: (location) => report.download(ctx, location),
    emailReport: (location, email) => report.email(ctx, location, email),
  }),
});
