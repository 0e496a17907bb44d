/**
 * Fill (adds) and inventory (replaces) of a stocked item (spec 4 Quantities: parts and chemicals),
 * offline actions like claims: queued without a connection and sent once. The stored payload is the
 * request body itself (the item, the device's date when the user acted, the quantity); the answer
 * is the record with the quantity on hand after it, which the screen shows without reading again.
 */
import type { MutationResult } from '../../shared/data/protocol.js';
import { defineWrite, type WriteAction, type WriteMessages } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import type { DomainContext } from './domain-context.js';
import type { Records } from './records.js';

export type QuantityKind = 'fill' | 'inventory';

export interface QuantityWrites<Body, Answer> {
  writes: readonly WriteAction<Answer>[];
  /** `targetId` is the stocked item's id (its detail is refreshed once this syncs), `label` names it in the panel. */
  record(ctx: DomainContext, kind: QuantityKind, target: { id: number; label: string }, body: Body): Promise<MutationResult<Answer>>;
}

export function quantityWrites<T extends { id: number }, Body extends object, Answer>(
  domain: string,
  records: Records<T>,
  paths: Record<QuantityKind, string>,
  messages: Record<QuantityKind, WriteMessages>,
): QuantityWrites<Body, Answer> {
  const write = (kind: QuantityKind) =>
    defineWrite<Answer>({
      domain,
      action: kind,
      request: (item) => ({ method: 'POST', path: paths[kind], json: item.payload }),
      invalidates: records.staleAfterWrite,
      messages: messages[kind],
    });
  const byKind = { fill: write('fill'), inventory: write('inventory') };
  return {
    writes: Object.values(byKind),
    record: (ctx, kind, target, body) => writeOrQueue(ctx, byKind[kind], { targetId: String(target.id), targetLabel: target.label, payload: { ...body } as never }),
  };
}
