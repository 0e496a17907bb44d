/**
 * A stocked item's area (behaviour §2, 4, 7: parts and chemicals), built once: pages filtered by
 * location, one item, its fill (adds) and inventory (replaces) writes and its location's inventory
 * report. Fills and counts are offline actions like claims: queued without a connection and sent
 * once. The stored payload is the request body itself (the item, the device's date when the user
 * acted, the quantity); the answer is the record with the quantity on hand after it, which the
 * screen shows without reading again. Each area gives its paths, texts, list filter and body.
 */
import type { QuantityKind } from '../../shared/api/quantities.js';
import type { AreaName } from '../../shared/areas/registry.js';
import type { QuantityInput, StockCalls, StockTarget } from '../../shared/areas/stock.js';
import { defineWrite, type WriteAction, type WriteMessages } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import type { AreaContext } from './area-context.js';
import type { Records } from './records.js';
import { reportAt } from './reports.js';

/** One of the two writes: where it is POSTed, and its behaviour §8 texts. */
export interface QuantityWriteDef extends WriteMessages {
  path: string;
}

export interface StockDef<Item, Input extends QuantityInput, Answer> extends Record<QuantityKind, QuantityWriteDef> {
  /** The list's query parameter that carries the chosen location (behaviour §7). */
  locationFilter: string;
  /** Where the location's inventory report is downloaded and mailed. */
  report: `${string}/`;
  /** The request body of a fill or a count (what is stored in the outbox). */
  body(target: StockTarget, input: Input): object;
  /** The item after the record the server answered with (`shared/rules/stock-after-record.ts`). */
  afterRecord(item: Item, answer: Answer): Item;
}

export interface StockArea<Item, Input extends QuantityInput, Answer> {
  writes: readonly WriteAction<Answer>[];
  calls(ctx: AreaContext): StockCalls<Item, Input, Answer>;
}

export function stockArea<Item extends { id: number }, Input extends QuantityInput, Answer>(
  area: AreaName,
  records: Records<Item>,
  def: StockDef<Item, Input, Answer>,
): StockArea<Item, Input, Answer> {
  const write = (kind: QuantityKind) => {
    const { path, ...messages } = def[kind];
    return defineWrite<Answer>({
      area,
      action: kind,
      request: (item) => ({ method: 'POST', path, json: item.payload }),
      invalidates: records.staleAfterWrite,
      // The item's saved detail is kept with the new quantity, so it still opens offline after a
      // fill made online; the lists holding it are dropped as after any write (behaviour §4).
      updatesSaved: (item, answer) =>
        item.targetId === null ? null : { key: records.detailPath(item.targetId), update: (saved) => def.afterRecord(saved as Item, answer) },
      messages,
    });
  };
  const byKind = { fill: write('fill'), inventory: write('inventory') };
  const report = reportAt(area, def.report);
  return {
    writes: Object.values(byKind),
    calls: (ctx) => ({
      list: (params) => records.list(ctx, params.page, { [def.locationFilter]: params.location }),
      get: (id) => records.get(ctx, id),
      // `targetId` is the stocked item's id: its detail is refreshed once this syncs.
      recordQuantity: (target, input) =>
        writeOrQueue(ctx, byKind[input.kind], { targetId: String(target.id), targetLabel: target.label, payload: { ...def.body(target, input) } as never }),
      ...report(ctx),
    }),
  };
}
