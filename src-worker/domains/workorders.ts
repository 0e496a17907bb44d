/**
 * Work orders (spec 7): reads with the cache fallback, and create/claim/unclaim/complete that go
 * to the server now or to the outbox, with the handlers that replay them.
 */
import type { Page } from '../../shared/api/common.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import type { OutboxRow } from '../../shared/data/db-schema.js';
import { QUEUED_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import type { MutationResult, NewWorkOrder, ReadResult, WorkerApi, WorkOrderListParams } from '../../shared/data/protocol.js';
import type { ApiClient } from '../api/api-client.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { CacheHit, CacheInvalidation } from '../cache/response-cache.js';
import type { HandlerRegistry } from '../outbox/handlers.js';
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

/** Cached lists and the order's detail (spec 4: dropped after a queued write succeeds). */
function staleAfterWrite(targetId: string | null): CacheInvalidation {
  return { prefixes: [LIST_PREFIX], keys: targetId ? [detailPath(targetId)] : [] };
}

interface CreatePayload {
  location_id: number;
  description: string;
}

function createForm(payload: CreatePayload, files: { name: string; blob: Blob }[]): FormData {
  const form = new FormData();
  form.append('location_id', String(payload.location_id));
  form.append('description', payload.description);
  for (const file of files) form.append('new_attachments', file.blob, file.name);
  return form;
}

function statusActionRequest(api: ApiClient, action: StatusAction, id: string, idempotencyKey: string, fieldNotes: string | null): Promise<WorkOrder> {
  return api.request<WorkOrder>({
    method: 'POST',
    path: `workorders/${id}/${action}/`,
    json: action === 'complete' ? { field_notes: fieldNotes } : {},
    idempotencyKey,
  });
}

export function registerWorkorderHandlers(registry: HandlerRegistry): void {
  registry.register(DOMAIN, 'create', {
    async send(item: OutboxRow, api) {
      const files = item.attachments.map((a) => ({ name: a.name, blob: a.blob as Blob }));
      const created = await api.request<WorkOrder>({
        method: 'POST',
        path: 'workorders/',
        form: createForm(item.payload as unknown as CreatePayload, files),
        idempotencyKey: item.idempotencyKey,
      });
      return { createdId: String(created.id) };
    },
    invalidates: (item) => staleAfterWrite(item.targetId),
  });
  for (const action of ['claim', 'unclaim', 'complete'] as const) {
    registry.register(DOMAIN, action, {
      async send(item, api) {
        const notes = (item.payload as { field_notes?: string | null } | null)?.field_notes ?? null;
        await statusActionRequest(api, action, item.targetId ?? '', item.idempotencyKey, notes);
      },
      invalidates: (item) => staleAfterWrite(item.targetId),
    });
  }
}

const STATUS_MESSAGES: Record<StatusAction, { success: string; queued: string }> = {
  claim: { success: SUCCESS_MESSAGES.workorderClaimed, queued: QUEUED_MESSAGES.workorderClaim },
  unclaim: { success: SUCCESS_MESSAGES.workorderUnclaimed, queued: QUEUED_MESSAGES.workorderUnclaim },
  complete: { success: SUCCESS_MESSAGES.workorderCompleted, queued: QUEUED_MESSAGES.workorderComplete },
};

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

  async function afterOnlineWrite(order: WorkOrder): Promise<void> {
    await cache.invalidate({ prefixes: [LIST_PREFIX] });
    await cache.put(detailPath(order.id), order);
  }

  function statusAction(action: StatusAction, id: number, fieldNotes: string | null): Promise<MutationResult<WorkOrder>> {
    const targetId = String(id);
    return writeOrQueue(ctx, {
      mutation: {
        domain: DOMAIN,
        action,
        targetId,
        targetLabel: `Work order #${id}`,
        payload: action === 'complete' ? { field_notes: fieldNotes } : null,
      },
      send: (key) => statusActionRequest(api, action, targetId, key, fieldNotes),
      afterSend: afterOnlineWrite,
      successMessage: STATUS_MESSAGES[action].success,
      queuedMessage: STATUS_MESSAGES[action].queued,
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
      return writeOrQueue(ctx, {
        mutation: {
          domain: DOMAIN,
          action: 'create',
          targetId: null,
          targetLabel: null,
          payload: { ...payload },
          attachments: input.files.map((f) => ({ name: f.name, type: f.type, blob: f.blob })),
        },
        send: (key) =>
          api.request<WorkOrder>({
            method: 'POST',
            path: 'workorders/',
            form: createForm(
              payload,
              input.files.map((f) => ({ name: f.name, blob: f.blob as Blob })),
            ),
            idempotencyKey: key,
          }),
        afterSend: afterOnlineWrite,
        successMessage: SUCCESS_MESSAGES.workorderCreated,
        queuedMessage: QUEUED_MESSAGES.workorderCreate,
      });
    },

    claim: (id) => statusAction('claim', id, null),
    unclaim: (id) => statusAction('unclaim', id, null),
    complete: (id, fieldNotes) => statusAction('complete', id, fieldNotes || null),
  };
}
