/**
 * Claim, unclaim and complete of a record type with the same server contract (behaviour §7: POST
 * `<base><id>/claim/`, `/unclaim/`, `/complete/` with optional field notes), defined once for every
 * area that has them (work orders, maintenance tasks). The success and failure texts are the area's
 * own in shared/data/messages.ts (`claimed`, `claim` …); each area gives its queued texts, which the
 * spec words differently per area, and its target label.
 */
import type { StatusAction, StatusCalls } from '../../shared/areas/claims.js';
import { SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { optionalText } from '../../shared/rules/optional-text.js';
import { defineWrite, type WriteAction, type WriteMessages } from '../outbox/write-action.js';
import { writeOrQueue, type WriteRequest } from '../outbox/write-or-queue.js';
import type { AreaContext } from './area-context.js';
import type { Records } from './records.js';


export interface StatusWrites<T> {
  writes: readonly WriteAction<T, StatusPayload>[];
  byAction: Record<StatusAction, WriteAction<T, StatusPayload>>;
  /** The area's three calls; `target` names the record for the Offline Activity panel. */
  calls(ctx: AreaContext, target: (id: number) => Pick<WriteRequest, 'targetId' | 'targetLabel'>): StatusCalls<T>;
}

/** What a status write stores: a completion's field notes; nothing for a claim or an unclaim. */
type StatusPayload = { field_notes: string | null } | null;

/** The areas with the claim flow. */
type StatusArea = 'workorders' | 'maintenance';

const SUCCESS_KEY = { claim: 'claimed', unclaim: 'unclaimed', complete: 'completed' } as const satisfies Record<StatusAction, string>;

export function statusWrites<T extends { id: number }>(area: StatusArea, records: Records<T>, queued: Record<StatusAction, string>): StatusWrites<T> {
  const messages = (action: StatusAction): WriteMessages => ({ success: SUCCESS_MESSAGES[area][SUCCESS_KEY[action]], queued: queued[action], failure: SCREEN_MESSAGES[area][action] });
  const write = (action: StatusAction) =>
    defineWrite<T, StatusPayload>({
      area,
      action,
      request(item) {
        const notes = item.payload?.field_notes ?? null;
        return { method: 'POST', path: `${records.detailPath(item.targetId ?? '')}${action}/`, json: action === 'complete' ? { field_notes: notes } : {} };
      },
      invalidates: records.staleAfterWrite,
      saves: records.savesRecord,
      messages: messages(action),
    });
  const byAction = { claim: write('claim'), unclaim: write('unclaim'), complete: write('complete') };
  return {
    writes: Object.values(byAction),
    byAction,
    calls: (ctx, target) => ({
      claim: (id) => writeOrQueue(ctx, byAction.claim, { ...target(id), payload: null }),
      unclaim: (id) => writeOrQueue(ctx, byAction.unclaim, { ...target(id), payload: null }),
      complete: (id, fieldNotes) => writeOrQueue(ctx, byAction.complete, { ...target(id), payload: { field_notes: optionalText(fieldNotes) } }),
    }),
  };
}
