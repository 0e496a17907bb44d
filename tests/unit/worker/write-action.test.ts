import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../shared/api/workorders.js';
import type { AreaContext } from '../../../src-worker/kit/area-context.js';
import { area as maintenanceArea, updateTask } from '../../../src-worker/areas/maintenance.js';
import { claimWorkorder, completeWorkorder, createWorkorder } from '../../../src-worker/areas/workorders.js';
import { flushOutbox } from '../../../src-worker/outbox/flush.js';
import { HandlerRegistry } from '../../../src-worker/outbox/handlers.js';
import { defineWrite, registerWriteAction, type WriteAction } from '../../../src-worker/outbox/write-action.js';
import { writeOrQueue, type WriteRequest } from '../../../src-worker/outbox/write-or-queue.js';
import { createFakeHttp, json, type FakeHttp, type RecordedRequest } from '../helpers/fake-http.js';
import { areaContextOf, createTestServices, type TestServices } from '../helpers/services.js';

let api: FakeHttp;
let s: TestServices;
let ctx: AreaContext;

beforeEach(() => {
  api = createFakeHttp();
  s = createTestServices(api);
  ctx = areaContextOf(s);
});
afterEach(() => s.close());

function order(id: number, status = 'Claimed'): WorkOrder {
  return { id, status, description: 'Pump leaks' } as unknown as WorkOrder;
}

const SAVED = ['workorders/?page=1', 'workorders/?page=2&search=pump', 'workorders/12/', 'workorders/13/', 'locations/all'];

async function fillCache(): Promise<void> {
  for (const key of SAVED) await s.cache.put(key, { stale: key });
}

async function savedKeys(): Promise<string[]> {
  return (await s.db.cache.toArray()).map((row) => row.key).sort();
}

/** What the server saw of a write, without the parts that differ by design (the key is per write). */
function shape(call: RecordedRequest) {
  return { method: call.method, path: call.path, json: call.json, form: call.form ? [...call.form.keys()] : null, ifMatch: call.headers['if-match'] ?? null };
}

function flush() {
  return flushOutbox({
    db: s.db,
    http: s.http,
    cache: s.cache,
    workingSet: s.workingSet,
    handlers: s.handlers,
    now: () => s.clock.now,
    onItemChanged: () => undefined,
    onToast: () => undefined,
    onSynced: () => undefined,
  });
}

/** Runs one write online, then the same write offline and replayed: what the server and the cache saw. */
async function bothPaths<T>(action: WriteAction<T>, write: WriteRequest, detailKey = 'workorders/12/') {
  await fillCache();
  const online = await writeOrQueue(ctx, action, write);
  expect(online.status).toBe('done');
  const onlineCall = api.calls.at(-1)!;
  const afterOnline = await savedKeys();
  const onlineDetail = await s.cache.get(detailKey);

  await s.cache.clear();
  await fillCache();
  api.down = true;
  const queued = await writeOrQueue(ctx, action, write);
  expect(queued.status).toBe('queued');
  api.down = false;
  const outcome = await flush();
  expect(outcome).toMatchObject({ status: 'done', sent: 1, failed: 0 });
  const replayCall = api.calls.at(-1)!;
  const stored = (await s.db.outbox.toArray()).at(-1)!;
  return { onlineCall, replayCall, afterOnline, afterReplay: await savedKeys(), onlineDetail, replayDetail: await s.cache.get(detailKey), stored };
}

describe('a write is defined once (online send and queued flush)', () => {
  it('claim: same request, same saved entries dropped, the answer kept as the detail', async () => {
    api.on('POST', 'workorders/12/claim/', () => json(200, order(12)));
    const r = await bothPaths(claimWorkorder, { targetId: '12', targetLabel: 'Work order #12', payload: null });

    expect(shape(r.replayCall)).toEqual(shape(r.onlineCall));
    expect(shape(r.onlineCall)).toEqual({ method: 'POST', path: 'workorders/12/claim/', json: {}, form: null, ifMatch: null });
    expect(r.replayCall.headers['idempotency-key']).toBe(r.stored.idempotencyKey);
    // Both drop every saved list page and keep the other order and the locations.
    expect(r.afterOnline).toEqual(['locations/all', 'workorders/12/', 'workorders/13/']);
    expect(r.afterReplay).toEqual(r.afterOnline);
    expect(r.onlineDetail?.data).toEqual(order(12));
    expect(r.replayDetail?.data).toEqual(order(12));
  });

  it('complete carries its field notes in both paths', async () => {
    api.on('POST', 'workorders/12/complete/', () => json(200, order(12, 'Completed')));
    const r = await bothPaths(completeWorkorder, { targetId: '12', targetLabel: 'Work order #12', payload: { field_notes: 'Seal replaced' } });
    expect(shape(r.onlineCall).json).toEqual({ field_notes: 'Seal replaced' });
    expect(shape(r.replayCall)).toEqual(shape(r.onlineCall));
    expect(r.afterReplay).toEqual(r.afterOnline);
  });

  it('create sends the same multipart body with its files in both paths', async () => {
    api.on('POST', 'workorders/', () => json(201, order(12, 'Pending')));
    const photo = new Blob([new Uint8Array(2048)], { type: 'image/gif' });
    const r = await bothPaths(createWorkorder, {
      targetId: null,
      targetLabel: null,
      payload: { location_id: 3, description: 'Pump leaks' },
      attachments: [{ name: 'leak.gif', type: 'image/gif', blob: photo }],
    });
    expect(shape(r.onlineCall)).toEqual({ method: 'POST', path: 'workorders/', json: null, form: ['location_id', 'description', 'new_attachments'], ifMatch: null });
    expect(shape(r.replayCall)).toEqual(shape(r.onlineCall));
    for (const call of [r.onlineCall, r.replayCall]) {
      expect(call.form!.get('description')).toBe('Pump leaks');
      expect((call.form!.get('new_attachments') as File).size).toBe(2048);
    }
    expect(r.afterOnline).toEqual(['locations/all', 'workorders/12/', 'workorders/13/']);
    expect(r.afterReplay).toEqual(r.afterOnline);
  });

  it('an update with a precondition sends If-Match in both paths, and a 412 is not retried', async () => {
    const update = defineWrite<WorkOrder>({
      area: 'contact',
      action: 'update',
      request: (item) => ({ method: 'PATCH', path: `notes/${item.targetId}/`, json: item.payload }),
      precondition: (item) => String((item.payload as { version: number }).version),
      invalidates: (item) => ({ keys: [`notes/${item.targetId}/`] }),
      messages: { success: 'Saved', queued: 'Saved later', failure: 'Not saved' },
    });
    const registry = new HandlerRegistry();
    registerWriteAction(registry, update);
    let answer = 200;
    api.on('PATCH', 'notes/5/', () => (answer === 200 ? json(200, order(5)) : json(412, { detail: 'Changed by someone else.' })));

    await writeOrQueue(ctx, update, { targetId: '5', targetLabel: null, payload: { version: 4, text: 'x' } });
    expect(api.calls.at(-1)!.headers['if-match']).toBe('4');

    api.down = true;
    await writeOrQueue(ctx, update, { targetId: '5', targetLabel: null, payload: { version: 4, text: 'x' } });
    api.down = false;
    answer = 412;
    const outcome = await flushOutbox({
      db: s.db,
      http: s.http,
      cache: s.cache,
      workingSet: s.workingSet,
      handlers: registry,
      now: () => s.clock.now,
      onItemChanged: () => undefined,
      onToast: () => undefined,
      onSynced: () => undefined,
    });
    expect(api.calls.at(-1)!.headers['if-match']).toBe('4');
    expect(outcome).toMatchObject({ status: 'done', sent: 0, failed: 1, stoppedBy: null });
    const item = (await s.db.outbox.toArray()).at(-1)!;
    expect(item).toMatchObject({ status: 'failed', lastError: 'Changed by someone else.' });
  });
});

describe('a queued update refused because the record changed meanwhile (412, stale version)', () => {
  const versioned = defineWrite<WorkOrder>({
    area: 'contact',
    action: 'update',
    request: (item) => ({ method: 'PATCH', path: `notes/${item.targetId}/`, json: (item.payload as { changes: unknown }).changes }),
    precondition: (item) => String((item.payload as { version: number }).version),
    invalidates: (item) => ({ keys: [`notes/${item.targetId}/`] }),
    messages: { success: 'Saved', queued: 'Saved later', failure: 'Not saved' },
  });
  const stale = { detail: 'Changed by Sam Lee at 11/24/2026 @ 09:15 AM since you edited it.', code: 'stale_version', current: { id: 5, version: 7 } };

  it('becomes a conflict, kept with the changes and counted, and re-applied on the version the server named, once', async () => {
    registerWriteAction(s.handlers, versioned);
    const toasts: string[] = [];
    api.on('PATCH', 'notes/5/', (call) => (call.headers['if-match'] === '7' ? json(200, order(5)) : json(412, stale)));
    api.down = true;
    await writeOrQueue(ctx, versioned, { targetId: '5', targetLabel: 'Note #5', payload: { version: 4, changes: { text: 'New text', priority: null } } });
    api.down = false;
    const firstKey = (await s.db.outbox.toArray())[0]!.idempotencyKey;

    const outcome = await flushOutbox({ db: s.db, http: s.http, cache: s.cache, workingSet: s.workingSet, handlers: s.handlers, now: () => s.clock.now, onItemChanged: () => undefined, onToast: (t) => toasts.push(t.detail), onSynced: () => undefined });
    expect(outcome).toMatchObject({ status: 'done', sent: 0, failed: 0, conflicts: 1 });
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    const [view] = await s.outbox.views();
    expect(view).toMatchObject({ status: 'conflict', lastError: stale.detail, changes: { text: 'New text', priority: '(empty)' } });
    expect(toasts).toEqual([`${stale.detail} Your changes are kept in Offline Activity.`]);
    // Waiting for the user: counted in the badge, never sent again by itself, never purged.
    expect((await s.outbox.stats()).totalItems).toBe(1);
    await flush();
    s.clock.now += 48 * 3_600_000;
    await s.outbox.purgeFinished();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(await s.outbox.views()).toHaveLength(1);

    expect(await s.outbox.reapply(view!.id)).toBe(true);
    const [again] = await s.db.outbox.toArray();
    expect(again).toMatchObject({ status: 'queued', payload: { version: 7, changes: { text: 'New text', priority: null } }, conflictVersion: null });
    expect(again!.idempotencyKey).not.toBe(firstKey);
    expect(await flush()).toMatchObject({ sent: 1, conflicts: 0 });
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => [c.headers['if-match'], c.json])).toEqual([
      ['4', { text: 'New text', priority: null }],
      ['7', { text: 'New text', priority: null }],
    ]);
    expect((await s.outbox.stats()).totalItems).toBe(0);
    // Nothing left to re-apply.
    expect(await s.outbox.reapply(view!.id)).toBe(false);
  });
});

describe('attachments that cannot fit one outbox item', () => {
  it('are refused before anything is sent or queued, with the plain message', async () => {
    api.on('POST', 'workorders/', () => json(201, order(12, 'Pending')));
    // GIFs are kept as they are (animation), so three of 2 MB stay over the 5 MB item limit.
    const gif = () => ({ name: 'clip.gif', type: 'image/gif', blob: new Blob([new Uint8Array(2 * 1024 * 1024)], { type: 'image/gif' }) });
    const write = { targetId: null, targetLabel: null, payload: { location_id: 3, description: 'Pump leaks' }, attachments: [gif(), gif(), gif()] };
    for (const down of [false, true]) {
      api.down = down;
      await expect(writeOrQueue(ctx, createWorkorder, write)).rejects.toMatchObject({
        type: 'queue',
        code: 'QUEUE_ITEM_TOO_LARGE',
        message: 'These attachments are too large to save for sending later (6.1 MB of 5 MB). Remove a photo or attach smaller files.',
      });
    }
    expect(api.calls).toHaveLength(0);
    expect(await s.db.outbox.count()).toBe(0);
  });
});

describe('every work-order write is registered for the flush from its definition', () => {
  it('the registry holds a handler for each action', () => {
    for (const action of ['create', 'claim', 'unclaim', 'complete']) expect(s.handlers.get('workorders', action)).toBeDefined();
  });
});

describe('maintenance writes are defined on the same kit', () => {
  const task = (id: number, version: number) => ({ id, version, description: { full_description: 'Grease the rollers' } });

  it('an update sends only the changed fields with If-Match from the version edited, in both paths', async () => {
    api.on('PATCH', 'maintenance/tasks/7/', () => json(200, task(7, 5)));
    await s.cache.put('maintenance/tasks/?page=1', { stale: true });
    const r = await bothPaths(updateTask, { targetId: '7', targetLabel: 'Task #7', payload: { version: 4, changes: { recurrence_interval: 14 } } }, 'maintenance/tasks/7/');
    expect(shape(r.onlineCall)).toEqual({ method: 'PATCH', path: 'maintenance/tasks/7/', json: { recurrence_interval: 14 }, form: null, ifMatch: '4' });
    expect(shape(r.replayCall)).toEqual(shape(r.onlineCall));
    // The task lists are dropped, the work orders' saved data is not, and the answer is the fresh detail.
    expect(r.afterOnline).toEqual([...SAVED, 'maintenance/tasks/7/'].sort());
    expect(r.afterReplay).toEqual(r.afterOnline);
    expect(r.replayDetail?.data).toEqual(task(7, 5));
  });

  it('claim, unclaim and complete use the shared status writes at the task paths', async () => {
    const { writes } = maintenanceArea;
    expect(writes?.map((w) => `${w.area}:${w.action}`)).toEqual(['maintenance:create', 'maintenance:update', 'maintenance:claim', 'maintenance:unclaim', 'maintenance:complete']);
    const complete = writes!.find((w) => w.action === 'complete')!;
    api.on('POST', 'maintenance/tasks/7/complete/', () => json(200, task(7, 6)));
    const r = await bothPaths(complete, { targetId: '7', targetLabel: 'Task #7', payload: { field_notes: 'Rollers greased' } }, 'maintenance/tasks/7/');
    expect(shape(r.onlineCall)).toEqual({ method: 'POST', path: 'maintenance/tasks/7/complete/', json: { field_notes: 'Rollers greased' }, form: null, ifMatch: null });
    expect(shape(r.replayCall)).toEqual(shape(r.onlineCall));
    expect(complete.messages).toEqual({ success: 'Task marked as complete!', queued: "We'll mark this task complete once the connection returns", failure: 'Failed to mark task as completed.' });
  });
});
