/**
 * Labour on work orders (shared/areas/labour.ts; docs/decisions.md: What the work costs): the
 * order's entries read through the cache, and time by hand, a timer's start and stop, and a delete,
 * each defined once, sent now or queued and sent once. A timer's start and stop carry the device's
 * clock when they were made, so one started offline yesterday and stopped now counts the hours
 * worked whenever it reaches the server. Each write makes the order's entries and its detail (its
 * costs) stale.
 */
import type { LabourEntry } from '../../shared/api/labour.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { StoredWrite } from '../outbox/write-action.js';
import { defineArea } from '../kit/area.js';
import { defineWrite } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import { workorders } from './workorders.js';

/** The order's entries, saved under this key. */
export const labourPath = (orderId: number | string) => `workorders/${orderId}/labour/`;

const stale = (item: StoredWrite) => ({ keys: [labourPath(item.targetId ?? ''), workorders.detailPath(item.targetId ?? '')], prefixes: [workorders.listPrefix] });

const messages = (action: 'add' | 'start' | 'stop' | 'remove', success: string) => ({ success, queued: QUEUED_MESSAGES.labour[action], failure: SCREEN_MESSAGES.labour[action] });

const addTime = defineWrite<LabourEntry, { minutes: number; date: string }>({
  area: 'labour',
  action: 'add',
  request: (item) => ({ method: 'POST', path: labourPath(item.targetId ?? ''), json: item.payload }),
  invalidates: stale,
  messages: messages('add', SUCCESS_MESSAGES.labour.added),
});

const startTimer = defineWrite<LabourEntry & { stopped_timer_on?: number }, { started_at: string }>({
  area: 'labour',
  action: 'start',
  request: (item) => ({ method: 'POST', path: labourPath(item.targetId ?? ''), json: item.payload }),
  invalidates: stale,
  messages: messages('start', SUCCESS_MESSAGES.labour.started),
});

const stopTimer = defineWrite<LabourEntry, { stopped_at: string }>({
  area: 'labour',
  action: 'stop',
  request: (item) => ({ method: 'POST', path: `${labourPath(item.targetId ?? '')}stop/`, json: item.payload }),
  invalidates: stale,
  messages: messages('stop', SUCCESS_MESSAGES.labour.stopped),
});

const removeTime = defineWrite<null, { entry_id: number }>({
  area: 'labour',
  action: 'remove',
  request: (item) => ({ method: 'DELETE', path: `${labourPath(item.targetId ?? '')}${item.payload.entry_id}/` }),
  invalidates: stale,
  messages: messages('remove', SUCCESS_MESSAGES.labour.removed),
});

const target = (orderId: number) => ({ targetId: String(orderId), targetLabel: `Work order #${orderId}` });
const deviceNow = () => new Date().toISOString();

export const area = defineArea({
  name: 'labour',
  writes: [addTime, startTimer, stopTimer, removeTime],
  calls: (ctx) => ({
    list: (orderId) => readThroughCache(ctx.cache, labourPath(orderId), () => ctx.http.request<LabourEntry[]>({ path: labourPath(orderId) })),
    add: (orderId, input) => writeOrQueue(ctx, addTime, { ...target(orderId), payload: { minutes: input.minutes, date: input.date } }),
    start: (orderId) => writeOrQueue(ctx, startTimer, { ...target(orderId), payload: { started_at: deviceNow() } }),
    stop: (orderId) => writeOrQueue(ctx, stopTimer, { ...target(orderId), payload: { stopped_at: deviceNow() } }),
    remove: (orderId, entryId) => writeOrQueue(ctx, removeTime, { ...target(orderId), payload: { entry_id: entryId } }),
  }),
});
