/**
 * Chemicals (behaviour §7): pages by location, details, fills and inventory counts at one location
 * (offline actions, sent once) and the chemical inventory report (needs a connection).
 */
import type { Chemical, ChemicalQuantityRecord, ChemicalQuantityRequest } from '../../shared/api/chemicals.js';
import type { ChemicalQuantityInput } from '../../shared/areas/chemicals.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { CHEMICAL_LIST } from '../../shared/rules/list-rules.js';
import { chemicalAfterRecord } from '../../shared/rules/stock-after-record.js';
import { defineArea } from '../kit/area.js';
import { recordsAt } from '../kit/records.js';
import { stockArea } from '../kit/stock-area.js';

export const chemicals = recordsAt<Chemical>('chemicals/', { list: 'chemicals/list/', synced: { area: 'chemicals', rule: CHEMICAL_LIST, locationFilter: 'locations__id' } });

const stock = stockArea<Chemical, ChemicalQuantityInput, ChemicalQuantityRecord>('chemicals', chemicals, {
  // behaviour §7: the list is filtered by `locations__id`.
  locationFilter: 'locations__id',
  fill: { path: 'chemicals/chemicalfills/create/', success: SUCCESS_MESSAGES.chemicals.fillRecorded, queued: QUEUED_MESSAGES.chemicals.fill, failure: SCREEN_MESSAGES.chemicals.recordFill },
  inventory: { path: 'chemicals/chemicalinventories/create/', success: SUCCESS_MESSAGES.chemicals.inventoryRecorded, queued: QUEUED_MESSAGES.chemicals.inventory, failure: SCREEN_MESSAGES.chemicals.recordInventory },
  report: 'chemicals/chemical-inventory-report/',
  body: (chemical, input) => ({ chemical: chemical.id, chemical_location_id: input.entryId, date: input.date, quantity: input.quantity }) satisfies ChemicalQuantityRequest,
  afterRecord: chemicalAfterRecord,
});

export const area = defineArea({ name: 'chemicals', writes: stock.writes, calls: stock.calls });
