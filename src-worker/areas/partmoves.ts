/**
 * Parts on work orders through the stock ledger (shared/areas/partmoves.ts; docs/decisions.md: What
 * the work costs): an order's parts and a part's ledger read through the cache, and an issue or a
 * return defined once each, sent now or queued and sent once. The server never refuses an issue for
 * stock, so two devices that each issue the last unit offline are both applied (the part then shows
 * short to supervisors). Each move makes the order's parts, its detail (its costs), the part and its
 * ledger stale.
 */
import { t } from '../../shared/i18n/translate.js';
import type { Page } from '../../shared/api/common.js';
import { ledgerCsvPath } from '../../shared/api/exports.js';
import type { Part } from '../../shared/api/parts.js';
import type { StockEntry, WorkOrderPart } from '../../shared/api/stock-ledger.js';
import { PART_LIST } from '../../shared/rules/list-rules.js';
import { ERROR_MESSAGES, QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { readThroughCache } from '../cache/cached-read.js';
import { defineArea } from '../kit/area.js';
import { binaryRead } from '../kit/binary.js';
import { needsConnectionFor } from '../kit/reports.js';
import { defineWrite, type StoredWrite } from '../outbox/write-action.js';
import { onlyOnline } from '../outbox/write-now.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import { parts } from './parts.js';
import { workorders } from './workorders.js';

/** An order's parts, saved under this key (also by the working set's pull: sync/order-work.ts). */
export const orderPartsPath = (orderId: number | string) => `workorders/${orderId}/parts/`;
const ledgerPrefix = (partId: number | string) => `parts/${partId}/ledger/?`;
/** The parts short now (full access). */
const SHORT_PATH = 'parts/short/';

/** A location's parts beyond this many pages are not offered in the picker (a store keeps far fewer). */
const MAX_PICKER_PAGES = 50;

type MovePayload = { part_id: number; quantity: number; kind: 'issue' | 'return' };

const stale = (item: StoredWrite<MovePayload>) => ({
  keys: [orderPartsPath(item.targetId ?? ''), workorders.detailPath(item.targetId ?? ''), parts.detailPath(item.payload.part_id), `${parts.base}all`],
  prefixes: [workorders.listPrefix, parts.listPrefix, ledgerPrefix(item.payload.part_id), SHORT_PATH],
});

const moveWrite = (kind: 'issue' | 'return') =>
  defineWrite<WorkOrderPart, MovePayload>({
    area: 'partmoves',
    action: kind,
    request: (item) => ({ method: 'POST', path: orderPartsPath(item.targetId ?? ''), json: item.payload }),
    invalidates: stale,
    messages: { success: SUCCESS_MESSAGES.partmoves[kind], queued: QUEUED_MESSAGES.partmoves[kind], failure: SCREEN_MESSAGES.partmoves.move },
  });

type CostsPayload = { unit_cost: number; reorder_point: number | null };

/** A part's unit cost and reorder point (full access); the answer becomes the part's fresh detail. */
const costsWrite = defineWrite<Part, CostsPayload>({
  area: 'partmoves',
  action: 'costs',
  request: (item) => ({ method: 'PATCH', path: parts.detailPath(item.targetId ?? ''), json: item.payload }),
  invalidates: (item) => ({ ...parts.staleAfterWrite(item), prefixes: [parts.listPrefix, SHORT_PATH] }),
  saves: parts.savesRecord,
  messages: { success: SUCCESS_MESSAGES.partmoves.costs, queued: QUEUED_MESSAGES.partmoves.costs, failure: SCREEN_MESSAGES.partmoves.costs },
});

const WRITES = { issue: moveWrite('issue'), return: moveWrite('return'), costs: costsWrite };

export const area = defineArea({
  name: 'partmoves',
  writes: [WRITES.issue, WRITES.return, WRITES.costs],
  calls: (ctx) => ({
    ofOrder: (orderId) => readThroughCache(ctx.cache, orderPartsPath(orderId), () => ctx.http.request<WorkOrderPart[]>({ path: orderPartsPath(orderId) })),
    move: (orderId, move) =>
      writeOrQueue(ctx, WRITES[move.kind], {
        targetId: String(orderId),
        targetLabel: t('Work order #{id}: {quantity} × {part}', { id: orderId, quantity: move.quantity, part: move.partName }),
        payload: { part_id: move.partId, quantity: move.quantity, kind: move.kind },
      }),
    partsAt: async (locationId) => {
      const kept = await ctx.workingSet.matching<Part>('parts', (part) => part.location?.id === locationId);
      if (kept) return kept.data.sort(PART_LIST.compare);
      const found: Part[] = [];
      for (let page = 1; page <= MAX_PICKER_PAGES; page++) {
        const answer = (await parts.list(ctx, page, { location: locationId })).data;
        found.push(...answer.results);
        if (!answer.next) break;
      }
      return found;
    },
    setCosts: (partId, costs) =>
      writeOrQueue(ctx, WRITES.costs, { targetId: String(partId), targetLabel: t('Part #{id}: costs', { id: partId }), payload: { unit_cost: costs.unitCost, reorder_point: costs.reorderPoint } }),
    // The working set's parts when they are on the device (they are live), else the server's list.
    short: () =>
      readThroughCache(ctx.cache, SHORT_PATH, () => ctx.http.request<Part[]>({ path: SHORT_PATH }), async () => {
        const kept = await ctx.workingSet.matching<Part>('parts', (part) => part.short);
        return kept ? { data: kept.data.sort(PART_LIST.compare), cachedAt: kept.cachedAt } : null;
      }),
    ledger: (partId, page) => {
      const path = `${ledgerPrefix(partId)}page=${page > 0 ? page : 1}`;
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Page<StockEntry>>({ path }));
    },
    // Made by the server, now: needs a connection, never queued (as the lists' and the meters' exports).
    ledgerCsv: (partId) => needsConnectionFor(ERROR_MESSAGES.exportNeedsConnection, () => onlyOnline(ctx, () => binaryRead(ctx.http, { path: ledgerCsvPath(partId) }))),
  }),
});
