/**
 * Chemicals (spec 7): pages by location, details, fills and inventory counts at one location
 * (offline actions, sent once) and the chemical inventory report (needs a connection).
 */
import type { Chemical, ChemicalQuantityRecord, ChemicalQuantityRequest } from '../../shared/api/chemicals.js';
import { REPORT_SENT } from '../../shared/api/reports.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { defineArea } from '../kit/area.js';
import { quantityWrites } from '../kit/quantity-writes.js';
import { recordsAt } from '../kit/records.js';
import { reportAt } from '../kit/reports.js';

export const chemicals = recordsAt<Chemical>('chemicals/', { list: 'chemicals/list/' });

const quantities = quantityWrites<Chemical, ChemicalQuantityRequest, ChemicalQuantityRecord>(
  'chemicals',
  chemicals,
  { fill: 'chemicals/chemicalfills/create/', inventory: 'chemicals/chemicalinventories/create/' },
  {
    fill: { success: SUCCESS_MESSAGES.chemicalFillRecorded, queued: QUEUED_MESSAGES.chemicalFill, failure: SCREEN_MESSAGES.chemicals.recordFill },
    inventory: { success: SUCCESS_MESSAGES.chemicalInventoryRecorded, queued: QUEUED_MESSAGES.chemicalInventory, failure: SCREEN_MESSAGES.chemicals.recordInventory },
  },
);

const report = reportAt('chemicals', 'chemicals/chemical-inventory-report/', { sent: REPORT_SENT, failure: SCREEN_MESSAGES.reports.emailDetail });

export const area = defineArea({
  name: 'chemicals',
  writes: quantities.writes,
  api: (ctx) => ({
    // spec 7: the list is filtered by `locations__id`.
    list: (params) => chemicals.list(ctx, params.page, { locations__id: params.location }),
    get: (id) => chemicals.get(ctx, id),
    recordQuantity: (chemical, input) =>
      quantities.record(ctx, input.kind, chemical, { chemical: chemical.id, chemical_location_id: input.entryId, date: input.date, quantity: input.quantity }),
    report: (location) => report.download(ctx, location),
    emailReport: (location, email) => report.email(ctx, location, email),
  }),
});
