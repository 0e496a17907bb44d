/**
 * Claim, unclaim and complete of a record type with the same server contract (spec 7: POST
 * `<base><id>/claim/`, `/unclaim/`, `/complete/` with optional field notes), defined once for every
 * area that has them (work orders, maintenance tasks). Each area gives its texts and its target label.
 */
import type { AreaName } from '../../shared/areas/registry.js';
import type { MutationResult } from '../../shared/data/protocol.js';
import { defineWrite, type WriteAction, type WriteMessages } from '../outbox/write-action.js';
import { writeOrQueue, type WriteRequest } from '../outbox/write-or-queue.js';
import type { AreaContext } from './area-context.js';
import type { Records } from './records.js';

export type StatusAction = 'claim' | 'unclaim' | 'complete';

export interface StatusCalls<T> {
  claim(id: number): Promise<MutationResult<T>>;
  unclaim(id: number): Promise<MutationResult<T>>;
  complete(id: number, fieldNotes: string): Promise<MutationResult<T>>;
}

export interface StatusWrites<T> {
  writes: readonly WriteAction<T>[];
  byAction: Record<StatusAction, WriteAction<T>>;
  /** The area's three calls; `target` names the record for the Offline Activity panel. */
  api(ctx: AreaContext, target: (id: number) => Pick<WriteRequest, 'targetId' | 'targetLabel'>): StatusCalls<T>;
}

export function statusWrites<T extends { id: number }>(area: AreaName, records: Records<T>, messages: Record<StatusAction, WriteMessages>): StatusWrites<T> {
  const write = (action: StatusAction) =>
    defineWrite<T>({
      area,
      action,
      request(item) {
        const notes = (item.payload as { field_notes?: string | null } | null)?.field_notes ?? null;
        return { method: 'POST', path: `${records.detailPath(item.targetId ?? '')}${action}/`, json: action === 'complete' ? { field_notes: notes } : {} };
      },
      invalidates: records.staleAfterWrite,
      saves: records.savesRecord,
      messages: messages[action],
    });
  const byAction = { claim: write('claim'), unclaim: write('unclaim'), complete: write('complete') };
  return {
    writes: Object.values(byAction),
    byAction,
    api: (ctx, target) => ({
      claim: (id) => writeOrQueue(ctx, byAction.claim, { ...target(id), payload: null }),
      unclaim: (id) => writeOrQueue(ctx, byAction.unclaim, { ...target(id), payload: null }),
      complete: (id, fieldNotes) => writeOrQueue(ctx, byAction.complete, { ...target(id), payload: { field_notes: fieldNotes || null } }),
    }),
  };
}
