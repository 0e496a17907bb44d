/**
 * A task's completion with the answers to its procedure, in the data worker: sent now or queued and
 * replayed by the one definition (JSON, or multipart with the photos), completions queued before
 * procedures replayed unchanged, and a completion refused because the steps changed kept as a
 * conflict with its answers, re-applied only when they fit the steps as they are now.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaintenanceTask } from '../../../shared/api/maintenance.js';
import type { ProcedureAnswers } from '../../../shared/areas/maintenance.js';
import type { ProcedureStep } from '../../../shared/rules/procedure.js';
import { area as maintenanceArea, completeTask } from '../../../src-worker/areas/maintenance.js';
import { reapplyRefusalOf } from '../../../src-worker/areas/index.js';
import { queueCalls } from '../../../src-worker/core/queue-calls.js';
import type { AreaContext } from '../../../src-worker/kit/area-context.js';
import { flushOutbox } from '../../../src-worker/outbox/flush.js';
import { ANSWERS_NO_LONGER_FIT } from '../../../src-worker/procedures/task-completion.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
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

const STEPS: ProcedureStep[] = [
  { id: 'belt', kind: 'check', label: 'Belt intact', required: true, unit: null, min: null, max: null },
  { id: 'psi', kind: 'reading', label: 'Pump pressure', required: true, unit: 'psi', min: 10, max: 100 },
  { id: 'pic', kind: 'photo', label: 'Gauge photo', required: false, unit: null, min: null, max: null },
];

function task(id: number, fields: Partial<MaintenanceTask> = {}): MaintenanceTask {
  return { id, version: 3, steps: STEPS, procedure_version: 2, assigned_to: [], ...fields } as unknown as MaintenanceTask;
}

const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], { type: 'image/png' });

function answers(withPhoto = false): ProcedureAnswers {
  return {
    procedureVersion: 2,
    steps: STEPS,
    answers: [
      { step_id: 'belt', value: 'fail', note: ' Frayed ' },
      { step_id: 'psi', value: ' 42 ' },
    ],
    photos: withPhoto ? [{ stepId: 'pic', file: { name: 'gauge.png', type: 'image/png', blob: png() } }] : [],
  };
}

function flush() {
  return flushOutbox({ db: s.db, http: s.http, cache: s.cache, workingSet: s.workingSet, handlers: s.handlers, now: () => s.clock.now, onItemChanged: () => undefined, onToast: () => undefined, onSynced: () => undefined });
}

const calls = () => api.callsTo('POST', 'maintenance/tasks/7/complete/');

describe('completing a task with a procedure', () => {
  it('sends the answers as JSON on the procedure version shown, the same online and replayed from the queue', async () => {
    api.on('POST', 'maintenance/tasks/7/complete/', () => json(200, task(7)));
    const maintenance = maintenanceArea.calls(ctx);
    expect((await maintenance.complete(7, ' Done ', answers())).status).toBe('done');
    api.down = true;
    expect((await maintenance.complete(7, ' Done ', answers())).status).toBe('queued');
    api.down = false;
    expect(await flush()).toMatchObject({ sent: 1, failed: 0 });
    const body = { field_notes: 'Done', procedure_version: 2, answers: [{ step_id: 'belt', value: 'fail', note: 'Frayed' }, { step_id: 'psi', value: 42, note: null }] };
    expect(calls().map((c) => c.json)).toEqual([body, body]);
    // A completion may open follow-up work orders: saved work-order lists are stale too.
    expect(completeTask.invalidates({ targetId: '7', payload: { field_notes: null }, attachments: [], idempotencyKey: 'k' }).prefixes).toEqual(['maintenance/tasks/?', 'workorders/?']);
  });

  it('sends photo steps as multipart files photo_<step id>, with the answers as JSON text, online and replayed alike', async () => {
    api.on('POST', 'maintenance/tasks/7/complete/', () => json(200, task(7)));
    const maintenance = maintenanceArea.calls(ctx);
    await maintenance.complete(7, '', answers(true));
    api.down = true;
    await maintenance.complete(7, '', answers(true));
    const [stored] = await s.db.outbox.toArray();
    expect(stored).toMatchObject({ payload: { photo_steps: ['pic'] }, attachments: [{ name: 'gauge.png', type: 'image/png' }] });
    api.down = false;
    await flush();
    for (const call of calls()) {
      expect(call.json).toBeNull();
      const form = call.form!;
      expect([...form.keys()].sort()).toEqual(['answers', 'photo_pic', 'procedure_version']);
      expect(form.get('procedure_version')).toBe('2');
      expect(JSON.parse(form.get('answers') as string)).toEqual([{ step_id: 'belt', value: 'fail', note: 'Frayed' }, { step_id: 'psi', value: 42, note: null }]);
      expect((form.get('photo_pic') as File).size).toBe(11);
    }
  });

  it('replays a completion queued before procedures as it always was sent', async () => {
    api.on('POST', 'maintenance/tasks/7/complete/', () => json(200, task(7)));
    await s.outbox.enqueueMutation({ domain: 'maintenance', action: 'complete', targetId: '7', payload: { field_notes: 'Old notes' } });
    await flush();
    expect(calls().map((c) => c.json)).toEqual([{ field_notes: 'Old notes' }]);
    // And a task without steps is completed without a version, as before.
    await maintenanceArea.calls(ctx).complete(7, 'Plain');
    expect(calls().at(-1)!.json).toEqual({ field_notes: 'Plain' });
  });

  it('refuses photos that cannot fit one queue item before anything is sent or stored', async () => {
    const gif = new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/gif' });
    const procedure = { ...answers(), photos: [{ stepId: 'pic', file: { name: 'clip.gif', type: 'image/gif', blob: gif } }] };
    await expect(maintenanceArea.calls(ctx).complete(7, '', procedure)).rejects.toMatchObject({ code: 'QUEUE_ITEM_TOO_LARGE' });
    expect(calls()).toEqual([]);
    expect(await s.db.outbox.count()).toBe(0);
  });
});

describe('a queued completion refused because the task\'s steps changed (412, stale procedure)', () => {
  const stale = (steps: ProcedureStep[]) => ({ detail: 'The steps of this task changed since these answers were given. Answer them again.', code: 'stale_procedure', current: task(7, { steps, procedure_version: 3 }) });

  async function queuedThenRefused(stepsNow: ProcedureStep[]) {
    api.on('POST', 'maintenance/tasks/7/complete/', () => json(412, stale(stepsNow)));
    api.down = true;
    await maintenanceArea.calls(ctx).complete(7, 'Done', answers());
    api.down = false;
    expect(await flush()).toMatchObject({ sent: 0, failed: 0, conflicts: 1 });
    const [view] = await s.outbox.views();
    return view!;
  }

  it('is kept as a conflict with its answers shown, and re-applied on the steps\' version now when they still fit', async () => {
    // Only a label changed: the answers still fit.
    const relabelled = STEPS.map((st) => (st.id === 'psi' ? { ...st, label: 'Outlet pressure' } : st));
    const view = await queuedThenRefused(relabelled);
    expect(view).toMatchObject({
      status: 'conflict',
      lastError: stale(relabelled).detail,
      changes: { 'Belt intact': 'Fail (Frayed)', 'Pump pressure': '42 psi', 'Gauge photo': 'No photo', 'Field notes': 'Done' },
    });
    expect((await s.outbox.stats()).totalItems).toBe(1);
    const firstKey = (await s.db.outbox.toArray())[0]!.idempotencyKey;

    api.on('GET', 'maintenance/tasks/7/', () => json(200, task(7, { steps: relabelled, procedure_version: 3 })));
    api.on('POST', 'maintenance/tasks/7/complete/', (call) => ((call.json as { procedure_version: number }).procedure_version === 3 ? json(200, task(7)) : json(412, stale(relabelled))));
    const queue = queueCalls({ outbox: s.outbox, queueChanged: () => undefined, requestFlush: () => undefined, reapplyRefusal: (row) => reapplyRefusalOf(row, ctx) });
    await queue.reapply(view.id);
    const [again] = await s.db.outbox.toArray();
    expect(again).toMatchObject({ status: 'queued', payload: { procedure_version: 3 } });
    expect(again!.idempotencyKey).not.toBe(firstKey);
    expect(await flush()).toMatchObject({ sent: 1 });
    expect(calls().map((c) => (c.json as { procedure_version: number }).procedure_version)).toEqual([2, 3]);
  });

  it('stays a conflict, answers kept, when they no longer fit the steps now (a new required step)', async () => {
    const grown: ProcedureStep[] = [...STEPS, { id: 'chem', kind: 'text', label: 'Chemical level', required: true, unit: null, min: null, max: null }];
    const view = await queuedThenRefused(grown);
    api.on('GET', 'maintenance/tasks/7/', () => json(200, task(7, { steps: grown, procedure_version: 3 })));
    const queue = queueCalls({ outbox: s.outbox, queueChanged: () => undefined, requestFlush: () => undefined, reapplyRefusal: (row) => reapplyRefusalOf(row, ctx) });
    await expect(queue.reapply(view.id)).rejects.toMatchObject({ type: 'queue', message: ANSWERS_NO_LONGER_FIT });
    const [kept] = await s.db.outbox.toArray();
    expect(kept).toMatchObject({ status: 'conflict', payload: { procedure_version: 2, answers: [{ step_id: 'belt', value: 'fail' }, { step_id: 'psi', value: 42 }] } });
    expect(calls()).toHaveLength(1);
    // Discarding is the user's to do.
    await queue.remove(view.id);
    expect(await s.db.outbox.count()).toBe(0);
  });
});
