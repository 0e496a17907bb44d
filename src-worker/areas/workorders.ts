/**
 * Work orders (behaviour §7): the generic reads, and create/claim/unclaim/complete, each defined once,
 * sent to the server now or stored in the outbox and replayed by the same definition.
 */
import { t } from '../../shared/i18n/translate.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import type { NewWorkOrder } from '../../shared/areas/workorders.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { WORKORDER_LIST } from '../../shared/rules/list-rules.js';
import { defineArea } from '../kit/area.js';
import { recordsAt } from '../kit/records.js';
import { statusWrites } from '../kit/status-writes.js';
import { defineWrite } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';

export const workorders = recordsAt<WorkOrder>('workorders/', { synced: { area: 'workorders', rule: WORKORDER_LIST } });

type CreatePayload = {
  location_id: number;
  description: string;
  /** Absent from orders queued before assets could be linked, and from orders without one. */
  asset_id?: number;
};

export const createWorkorder = defineWrite<WorkOrder, CreatePayload>({
  area: 'workorders',
  action: 'create',
  request(item) {
    const { payload } = item;
    const form = new FormData();
    form.append('location_id', String(payload.location_id));
    form.append('description', payload.description);
    if (payload.asset_id !== undefined) form.append('asset_id', String(payload.asset_id));
    for (const file of item.attachments) form.append('new_attachments', file.blob as Blob, file.name);
    return { method: 'POST', path: 'workorders/', form };
  },
  invalidates: workorders.staleAfterWrite,
  saves: workorders.savesRecord,
  messages: { success: SUCCESS_MESSAGES.workorders.created, queued: QUEUED_MESSAGES.workorders.create, failure: SCREEN_MESSAGES.workorders.create },
});

const status = statusWrites('workorders', workorders, QUEUED_MESSAGES.workorders);

export const claimWorkorder = status.byAction.claim;
export const unclaimWorkorder = status.byAction.unclaim;
export const completeWorkorder = status.byAction.complete;

const target = (id: number) => ({ targetId: String(id), targetLabel: t('Work order #{id}', { id }) });

export const area = defineArea({
  name: 'workorders',
  writes: [createWorkorder, ...status.writes],
  calls: (ctx) => ({
    list: (params) => workorders.list(ctx, params.page, { location: params.location, search: params.search }),
    get: (id) => workorders.get(ctx, id),
    create: (input: NewWorkOrder) =>
      writeOrQueue(ctx, createWorkorder, {
        targetId: null,
        targetLabel: null,
        payload: { location_id: input.locationId, description: input.description, ...(input.assetId ? { asset_id: input.assetId } : {}) },
        attachments: input.files,
      }),
    ...status.calls(ctx, target),
  }),
});
