/**
 * Parts (behaviour §7): pages by location, details, fills and inventory counts (offline actions, sent
 * once) and the part inventory report (downloaded or mailed; needs a connection).
 */
import type { Part, PartQuantityRecord, PartQuantityRequest } from '../../shared/api/parts.js';
import type { QuantityInput } from '../../shared/areas/stock.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { PART_LIST } from '../../shared/rules/list-rules.js';
import { partAfterRecord } from '../../shared/rules/stock-after-record.js';
import { defineArea } from '../kit/area.js';
import { recordsAt } from '../kit/records.js';
import { stockArea } from '../kit/stock-area.js';

export const parts = recordsAt<Part>('parts/', { list: 'parts/list/', synced: { area: 'parts', rule: PART_LIST } });

const stock = stockArea<Part, QuantityInput, PartQuantityRecord>('parts', parts, {
  locationFilter: 'location',
  fill: { path: 'parts/partfills/create/', success: SUCCESS_MESSAGES.parts.fillRecorded, queued: QUEUED_MESSAGES.parts.fill, failure: SCREEN_MESSAGES.parts.recordFill },
  inventory: { path: 'parts/partinventories/create/', success: SUCCESS_MESSAGES.parts.inventoryRecorded, queued: QUEUED_MESSAGES.parts.inventory, failure: SCREEN_MESSAGES.parts.recordInventory },
  report: 'parts/part-inventory-report/',
  body: (part, input) => ({ part: part.id, date: input.date, quantity: input.quantity }) satisfies PartQuantityRequest,
  afterRecord: partAfterRecord,
});

export const area = defineArea({ name: 'parts', writes: stock.writes, calls: stock.calls });
