/**
 * Work orders (spec 7): reads with the cache fallback, and create/claim/unclaim/complete that go
 * to the server now or to the outbox, with the handlers that replay them.
 */
import type { Page } from '../../shared/api/common.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import type { MutationResult, NewWorkOrder, ReadResult, WorkerApi, WorkOrderListParams } from '../../shared/data/protocol.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { CacheHit, CacheInvalidation } from '../cache/response-cache.js';
import type { HandlerRegistry } from '../outbox/handlers.js';
import { defineWrite, registerWriteAction, type StoredWrite, type WriteAction } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import type { DomainContext } from './domain-context.js';

const DOMAIN = 'workorders';
/** Every saved list page starts with this (list paths always carry a query). */
const LIST_PREFIX = 'workorders/?';

export function listPath(params: WorkOrderListParams): string {
  const query = new URLSearchParams({ page: String(params.page && params.page > 0 ? params.page : 1) });
  if (params.location) query.set('location', String(params.location));
  const search = params.search?.trim();
  if (search) query.set('search', search);
  return `workorders/?${query.toString()}`;
}

export const detailPath = (id: number | string) => `workorders/${id}/`;

type StatusAction = 'claim' | 'unclaim' | 'complete';

/** Cached lists and the order's detail (spec 4: dropped after a write succeeds). */
function staleAfterWrite(item: StoredWrite): CacheInvalidation {
  return { prefixes: [LIST_PREFIX], keys: item.targetId ? [detailPath(item.targetId)] : [] };
}

/** The answer of every work-order write is the order itself: kept as its fresh detail. */
const savesOrder = (order: WorkOrder) => ({ key: detailPath(order.id), id: String(order.id) });

interface CreatePayload {
  location_id: number;
  description: string;
}

export const createWorkorder = defineWrite<WorkOrder>({
  domain: DOMAIN,
  action: 'create',
  request(item) {
    const payload = item.payload as unknown as CreatePayload;
    const form = new FormData();
    form.append('location_id', String(payload.location_id));
    form.append('description', payload.description);
    for (const file of item.attachments) form.append('new_attachments', file.blob as Blob, file.name);
    return { method: 'POST', path: 'workorders/', form };
  },
  invalidates: staleAfterWrite,
  saves: savesOrder,
  messages: { success: SUCCESS_MESSAGES.workorderCreated, queued: QUEUED_MESSAGES.workorderCreate, failure: SCREEN_MESSAGES.workorders.create },
});

function statusWrite(action: StatusAction, success: string, queued: string, failure: string): WriteAction<WorkOrder> {
  return defineWrite<WorkOrder>({
    domain: DOMAIN,
    action,
    request(item) {
      const notes = (item.payload as { field_notes?: string | null } | null)?.field_notes ?? null;
      return { method: 'POST', path: `workorders/${item.targetId ?? ''}/${action}/`, json: action === 'complete' ? { field_notes: notes } : {} };
    },
    invalidates: staleAfterWrite,
    saves: savesOrder,
    messages: { success, queued, failure },
  });
}

export const claimWorkorder = statusWrite('claim', SUCCESS_MESSAGES.workorderClaimed, QUEUED_MESSAGES.workorderClaim, SCREEN_MESSAGES.workorders.claim);
export const unclaimWorkorder = statusWrite('unclaim', SUCCESS_MESSAGES.workorderUnclaimed, QUEUED_MESSAGES.workorderUnclaim, SCREEN_MESSAGES.workorders.unclaim);
export const completeWorkorder = statusWrite('complete', SUCCESS_MESSAGES.workorderCompleted, QUEUED_MESSAGES.workorderComplete, SCREEN_MESSAGES.workorders.complete);

/** Every write of the area, each defined once. */
export const WORKORDER_WRITES = [createWorkorder, claimWorkorder, unclaimWorkorder, completeWorkorder];

export function registerWorkorderHandlers(registry: HandlerRegistry): void {
  for (const write of WORKORDER_WRITES) registerWriteAction(registry, write);
}

const STATUS_WRITES: Record<StatusAction, WriteAction<WorkOrder>> = { claim: claimWorkorder, unclaim: unclaimWorkorder, complete: completeWorkorder };

export function createWorkorderApi(ctx: DomainContext): WorkerApi['workorders'] {
  const { api, cache } = ctx;

  /** An order never opened may still be inside a saved list page. */
  async function fromSavedLists(id: number): Promise<CacheHit<WorkOrder> | null> {
    for (const page of await cache.withPrefix<Page<WorkOrder>>(LIST_PREFIX)) {
      const order = page.data.results.find((o) => o.id === id);
      if (order) return { data: order, cachedAt: page.cachedAt };
    }
    return null;
  }

  function statusAction(action: StatusAction, id: number, fieldNotes: string | null): Promise<MutationResult<WorkOrder>> {
    return writeOrQueue(ctx, STATUS_WRITES[action], {
      targetId: String(id),
      targetLabel: `Work order #${id}`,
      payload: action === 'complete' ? { field_notes: fieldNotes } : null,
    });
  }

  return {
    list(params: WorkOrderListParams): Promise<ReadResult<Page<WorkOrder>>> {
      const path = listPath(params);
      return readThroughCache(cache, path, () => api.request<Page<WorkOrder>>({ path }));
    },

    get(id: number): Promise<ReadResult<WorkOrder>> {
      const path = detailPath(id);
      return readThroughCache(
        cache,
        path,
        () => api.request<WorkOrder>({ path }),
        () => fromSavedLists(id),
      );
    },

    create(input: NewWorkOrder): Promise<MutationResult<WorkOrder>> {
      const payload: CreatePayload = { location_id: input.locationId, description: input.description };
      return writeOrQueue(ctx, createWorkorder, {
        targetId: null,
        targetLabel: null,
        payload: { ...payload },
        attachments: input.files.map((f) => ({ name: f.name, type: f.type, blob: f.blob })),
      });
    },

    claim: (id) => statusAction('claim', id, null),
    unclaim: (id) => statusAction('unclaim', id, null),
    complete: (id, fieldNotes) => statusAction('complete', id, fieldNotes || null),
  };
}
