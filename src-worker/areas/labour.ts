/**
 * Labour on work orders and maintenance tasks (shared/areas/labour.ts; docs/decisions.md: What the
 * work costs): the entries read through the cache, and time by hand, a timer's start and stop, and a delete,
 * each defined once, sent now or queued and sent once. A timer's start and stop carry the device's
 * clock when they were made, so one started offline yesterday and stopped now counts the hours
 * worked whenever it reaches the server. Each write makes the entries and the order's or task's detail
 * (the order's costs) stale.
 */
import { t } from '../../shared/i18n/translate.js';
import type { LabourAdded, LabourEntry } from '../../shared/api/labour.js';
import { labourTarget, type LabourOn } from '../../shared/areas/labour.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { StoredWrite } from '../outbox/write-action.js';
import { defineArea } from '../kit/area.js';
import { defineWrite } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import { tasks } from './maintenance.js';
import { workorders } from './workorders.js';

/**
 * A write's target: an order's id as it always was (so writes queued before tasks had time still
 * go where they were meant), or `task-{id}` for a maintenance task (shared/areas/labour.ts `labourTarget`).
 */
const homeOf = (targetId: string) => {
  const task = /^task-(\d+)$/.exec(targetId);
  return task ? { records: tasks, id: task[1]! } : { records: workorders, id: targetId };
};

/** The order's or task's entries, saved under this key. */
export const labourPath = (targetId: string) => {
  const home = homeOf(targetId);
  return `${home.records.detailPath(home.id)}labour/`;
};

const stale = (item: StoredWrite) => {
  const home = homeOf(item.targetId ?? '');
  return { keys: [labourPath(item.targetId ?? ''), home.records.detailPath(home.id)], prefixes: [home.records.listPrefix] };
};

const messages = (action: 'add' | 'start' | 'stop' | 'remove', success: string) => ({ success, queued: QUEUED_MESSAGES.labour[action], failure: SCREEN_MESSAGES.labour[action] });

const addTime = defineWrite<LabourEntry, { minutes: number; date: string }>({
  area: 'labour',
  action: 'add',
  request: (item) => ({ method: 'POST', path: labourPath(item.targetId ?? ''), json: item.payload }),
  invalidates: stale,
  messages: messages('add', SUCCESS_MESSAGES.labour.added),
});

const startTimer = defineWrite<LabourAdded, { started_at: string }>({
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

const target = (on: LabourOn) => ({ targetId: labourTarget(on), targetLabel: on.kind === 'order' ? t('Work order #{id}', { id: on.id }) : t('Task #{id}', { id: on.id }) });
const deviceNow = () => new Date().toISOString();

export const area = defineArea({
  name: 'labour',
  writes: [addTime, startTimer, stopTimer, removeTime],
  calls: (ctx) => ({
    list: (on) => {
      const path = labourPath(labourTarget(on));
      return readThroughCache(ctx.cache, path, () => ctx.http.request<LabourEntry[]>({ path }));
    },
    add: (on, input) => writeOrQueue(ctx, addTime, { ...target(on), payload: { minutes: input.minutes, date: input.date } }),
    start: (on) => writeOrQueue(ctx, startTimer, { ...target(on), payload: { started_at: deviceNow() } }),
    stop: (on) => writeOrQueue(ctx, stopTimer, { ...target(on), payload: { stopped_at: deviceNow() } }),
    remove: (on, entryId) => writeOrQueue(ctx, removeTime, { ...target(on), payload: { entry_id: entryId } }),
  }),
});
