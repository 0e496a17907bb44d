/**
 * Preventive maintenance (behaviour §7): the generic reads, and create/update/claim/unclaim/complete,
 * each defined once, sent now or stored in the outbox and replayed by the same definition. An
 * update sends only the changed fields with the version the user edited (`If-Match`), so a
 * queued edit never rolls back a completion someone made meanwhile.
 */
import { t } from '../../shared/i18n/translate.js';
import type { MaintenanceTask } from '../../shared/api/maintenance.js';
import type { CompletionReading, NewTask, ProcedureAnswers, TaskEdit } from '../../shared/areas/maintenance.js';
import type { JsonValue } from '../../shared/data/db-schema.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { TASK_LIST } from '../../shared/rules/list-rules.js';
import { parseStepNumber } from '../../shared/rules/procedure.js';
import { defineArea } from '../kit/area.js';
import { recordsAt } from '../kit/records.js';
import { statusWrites } from '../kit/status-writes.js';
import { defineWrite, versionedPrecondition, type VersionedChanges } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import { completionRequest, completionWrite, reapplyRefusal, type CompletePayload } from '../procedures/task-completion.js';
import { checkedReading } from './meters.js';
import { workorders } from './workorders.js';

export const tasks = recordsAt<MaintenanceTask>('maintenance/tasks/', { synced: { area: 'maintenance', rule: TASK_LIST } });

export const createTask = defineWrite<MaintenanceTask>({
  area: 'maintenance',
  action: 'create',
  request: (item) => ({ method: 'POST', path: 'maintenance/tasks/', json: item.payload }),
  invalidates: tasks.staleAfterWrite,
  saves: tasks.savesRecord,
  messages: { success: SUCCESS_MESSAGES.maintenance.created, queued: QUEUED_MESSAGES.maintenance.create, failure: SCREEN_MESSAGES.maintenance.create },
});

export const updateTask = defineWrite<MaintenanceTask, VersionedChanges>({
  area: 'maintenance',
  action: 'update',
  request: (item) => ({ method: 'PATCH', path: tasks.detailPath(item.targetId ?? ''), json: item.payload.changes }),
  precondition: versionedPrecondition,
  invalidates: tasks.staleAfterWrite,
  saves: tasks.savesRecord,
  messages: { success: SUCCESS_MESSAGES.maintenance.updated, queued: QUEUED_MESSAGES.maintenance.update, failure: SCREEN_MESSAGES.maintenance.update },
});

const queued = QUEUED_MESSAGES.maintenance.claimOrUnclaim;
const status = statusWrites('maintenance', tasks, { claim: queued, unclaim: queued, complete: QUEUED_MESSAGES.maintenance.complete });

/**
 * Complete, with the answers to the task's procedure (the kit's complete sends field notes only):
 * the same area:action, so completions queued before procedures replay through it unchanged. The
 * server may open follow-up work orders with it, so saved work-order lists are stale too.
 */
export const completeTask = defineWrite<MaintenanceTask, CompletePayload>({
  area: 'maintenance',
  action: 'complete',
  request: (item) => completionRequest(`${tasks.detailPath(item.targetId ?? '')}complete/`, item),
  invalidates: (item) => {
    const stale = tasks.staleAfterWrite(item);
    return { ...stale, prefixes: [...(stale.prefixes ?? []), workorders.listPrefix], keys: [...(stale.keys ?? []), `${workorders.base}all`] };
  },
  saves: tasks.savesRecord,
  // A completion refused because the steps changed is re-applied only if its answers fit the steps now.
  reapplyRefusal: async (item, ctx) => {
    const id = Number(item.targetId);
    const task = Number.isInteger(id) ? await tasks.get(ctx, id).catch(() => null) : null;
    return reapplyRefusal(item.payload, task?.data.steps ?? null);
  },
  messages: status.byAction.complete.messages,
});

const target = (id: number) => ({ targetId: String(id), targetLabel: t('Task #{id}', { id }) });

export const area = defineArea({
  name: 'maintenance',
  writes: [createTask, updateTask, status.byAction.claim, status.byAction.unclaim, completeTask],
  calls: (ctx) => ({
    list: (params) => tasks.list(ctx, params.page, { location: params.location, search: params.search }),
    get: (id) => tasks.get(ctx, id),
    create: (input: NewTask) => writeOrQueue(ctx, createTask, { targetId: null, targetLabel: null, payload: { ...input } }),
    update: (id, edit: TaskEdit) =>
      writeOrQueue(ctx, updateTask, { ...target(id), payload: { version: edit.version, changes: edit.changes as { [field: string]: JsonValue } } }),
    ...status.calls(ctx, target),
    complete: async (id, fieldNotes, procedure?: ProcedureAnswers, meterReading?: CompletionReading) => {
      const takenAt = new Date().toISOString();
      const reading = meterReading ? await checkedReading(ctx, meterReading.meterId, { value: meterReading.value, taken_at: takenAt, reset: false }, 'meter_reading') : undefined;
      // A step's reading that names a meter is a reading of it too: checked here as the server checks it.
      for (const step of procedure?.steps ?? []) {
        const typed = procedure?.answers.find((a) => a.step_id === step.id)?.value;
        const value = step.kind === 'reading' && step.meter_id !== undefined ? parseStepNumber(typeof typed === 'string' ? typed.trim() : (typed ?? null)) : null;
        if (typeof value === 'number') await checkedReading(ctx, step.meter_id!, { value, taken_at: takenAt, reset: false }, `answers.${step.id}`);
      }
      return writeOrQueue(ctx, completeTask, { ...target(id), ...completionWrite(fieldNotes, procedure, reading && { value: reading.value, taken_at: reading.taken_at }) });
    },
  }),
});
