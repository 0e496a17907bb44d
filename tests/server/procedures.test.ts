/**
 * Procedures on maintenance tasks (docs/decisions.md: Procedures on maintenance tasks), on both
 * engines: steps round-trip through create, update and the sync; bad steps and bad answers are
 * refused in the words of the shared rule; a failed check or an out-of-range reading opens exactly
 * one follow-up work order, however often the completion is replayed or raced; the answers are kept
 * with the completion; and answers given on steps that changed since are refused as stale (412).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_PROCEDURE_CODE } from '../../shared/api/refusal-codes.js';
import type { MaintenanceTask } from '../../shared/api/maintenance.js';
import type { SyncAnswer } from '../../shared/api/sync.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { checkAnswers, checkProcedure, PROCEDURE_MESSAGES, type ProcedureStep, type StepDraft } from '../../shared/rules/procedure.js';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { toCount } from '../../src-server/db/dialect.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const BASE = '/api/v1/maintenance/tasks';
/** A real 1×1 PNG: the server checks content, not names. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let ada: TestUser;
let grace: TestUser;
let store: { id: number; name: string };

const today = () => todayIn('UTC');

const THREE_STEPS: StepDraft[] = [
  { kind: 'check', label: 'Belt intact', required: true },
  { kind: 'reading', label: 'Pump pressure', required: true, unit: 'psi', min: 10, max: 100 },
  { kind: 'text', label: 'Remarks', required: false },
];

async function newTask(steps: readonly StepDraft[], description = 'Inspect the wash pumps'): Promise<MaintenanceTask> {
  const res = await t.request({
    method: 'POST',
    url: `${BASE}/`,
    as: ada,
    payload: { location_id: store.id, description, recurrence_interval: 7, last_completed_date: addDays(today(), -1), steps },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const claim = async (id: number, as: TestUser = ada) => expect((await t.request({ method: 'POST', url: `${BASE}/${id}/claim/`, as })).statusCode).toBe(200);
const complete = (id: number, payload: object, as: TestUser = ada, key?: string) =>
  t.request({ method: 'POST', url: `${BASE}/${id}/complete/`, as, payload, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const read = async (id: number): Promise<MaintenanceTask> => (await t.request({ method: 'GET', url: `${BASE}/${id}/`, as: ada })).json();

/** Answers to THREE_STEPS: the check failed with a note, a reading in range, a remark. */
const failingAnswers = (task: MaintenanceTask) => [
  { step_id: task.steps[0]!.id, value: 'fail', note: 'Frayed at the tensioner' },
  { step_id: task.steps[1]!.id, value: 42 },
  { step_id: task.steps[2]!.id, value: 'Noisy bearing' },
];

async function followUpsOf(taskId: number): Promise<{ id: number; description: string; location_id: number; created_by_id: number; status: string }[]> {
  return t.database.db
    .selectFrom('work_orders')
    .select(['id', 'description', 'location_id', 'created_by_id', 'status'])
    .where('description', 'like', `Follow-up from maintenance task #${taskId} %`)
    .orderBy('id')
    .execute();
}

async function completionsOf(taskId: number): Promise<number> {
  const row = await t.database.db.selectFrom('task_completions').select((eb) => eb.fn.countAll<number>().as('n')).where('task_id', '=', taskId).executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** A multipart completion as the data worker sends one with photos. */
function multipartCompletion(fields: Record<string, string>, photos: Record<string, Buffer>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [stepId, data] of Object.entries(photos)) form.append(`photo_${stepId}`, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'gauge.png');
  return form;
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.createUser({ full: true, firstName: 'Ada', lastName: 'Lovelace' });
  grace = await t.createUser({ full: true, firstName: 'Grace', lastName: 'Hopper' });
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/locations/',
    as: ada,
    payload: { location_type: 'OTHER', name: 'Car Wash East', address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
  });
  store = { id: res.json().id, name: 'Car Wash East' };
});
afterAll(async () => {
  await t.close();
});

describe('a task\'s procedure', () => {
  it('round-trips through create, read, update and the sync, its version raised only when the steps change', async () => {
    const task = await newTask([...THREE_STEPS, { kind: 'photo', label: 'Photo of the gauge', required: false, id: 'gauge-photo' }]);
    expect(task.steps).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), kind: 'check', label: 'Belt intact', required: true, unit: null, min: null, max: null },
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), kind: 'reading', label: 'Pump pressure', required: true, unit: 'psi', min: 10, max: 100 },
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), kind: 'text', label: 'Remarks', required: false, unit: null, min: null, max: null },
      { id: 'gauge-photo', kind: 'photo', label: 'Photo of the gauge', required: false, unit: null, min: null, max: null },
    ]);
    expect(task.procedure_version).toBe(1);
    expect(task.last_completion_answers).toEqual([]);
    expect(await read(task.id)).toEqual(task);

    // Reordered and one removed, on the version shown (If-Match, as every task edit).
    const reordered = [task.steps[1]!, task.steps[0]!, task.steps[3]!];
    const patched = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: grace, headers: { 'if-match': String(task.version) }, payload: { steps: reordered } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ steps: reordered, procedure_version: 2, version: task.version + 1 });

    // The same steps again: the record's version moves, the procedure's does not (completions stay valid).
    const same = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: grace, payload: { steps: reordered, task_notes: 'Gloves' } });
    expect(same.json()).toMatchObject({ procedure_version: 2, version: task.version + 2 });

    // An edit from before, on the older version, is refused as every stale edit is.
    const stale = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: ada, headers: { 'if-match': String(task.version) }, payload: { steps: [] } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'stale_version', current: { procedure_version: 2 } });

    // A full update that leaves the steps out leaves them as they are.
    const put = await t.request({
      method: 'PUT',
      url: `${BASE}/${task.id}/`,
      as: ada,
      payload: { location_id: store.id, description: 'Inspect the wash pumps', recurrence_interval: 14, last_completed_date: addDays(today(), -1) },
    });
    expect(put.json()).toMatchObject({ steps: reordered, procedure_version: 2, recurrence_interval: 14 });

    // Devices get the steps with the task, so a completion made offline shows them.
    const sync: SyncAnswer = (await t.request({ method: 'GET', url: '/api/v1/sync/', as: ada })).json();
    const synced = sync.changes.find((c) => c.area === 'maintenance' && c.id === task.id);
    expect(synced).toMatchObject({ op: 'upsert', record: { steps: reordered, procedure_version: 2 } });

    // Removing every step is a change of the procedure too.
    const cleared = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: ada, payload: { steps: [] } });
    expect(cleared.json()).toMatchObject({ steps: [], procedure_version: 3 });
  });

  it('refuses empty labels, a minimum above the maximum and bounds that are not numbers, in the words of the shared rule', async () => {
    const drafts: StepDraft[] = [
      { kind: 'check', label: '   ', required: true },
      { kind: 'reading', label: 'Pressure', min: 120, max: 100 },
      { kind: 'reading', label: 'Temperature', min: 'warm', max: '90' },
    ];
    const res = await t.request({
      method: 'POST',
      url: `${BASE}/`,
      as: ada,
      payload: { location_id: store.id, description: 'Bad steps', recurrence_interval: 7, last_completed_date: today(), steps: drafts },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      'steps.0.label': ['Step 1: enter a label.'],
      'steps.1.min': ['Step 2: the minimum is greater than the maximum.'],
      'steps.2.min': ['Step 3: the minimum is not a number.'],
    });
    // The very words the form says, from the same rule.
    const { issues } = checkProcedure(drafts, () => 'x');
    expect(Object.fromEntries(issues.map((i) => [i.path, [i.message]]))).toEqual(res.json());
    expect(res.json()['steps.0.label']).toEqual([PROCEDURE_MESSAGES.labelEmpty(1)]);

    // A partial update is judged alike, and nothing is written.
    const task = await newTask(THREE_STEPS);
    const patch = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: ada, payload: { steps: [{ kind: 'text', label: '' }] } });
    expect(patch.json()).toEqual({ 'steps.0.label': ['Step 1: enter a label.'] });
    expect((await read(task.id)).steps).toEqual(task.steps);
  });

  it("refuses a step's required that is not true or false, as a top-level boolean is, rather than keeping it as false", async () => {
    const steps = [
      { kind: 'check', label: 'Belt intact', required: null },
      { kind: 'text', label: 'Remarks', required: 'false' },
      { kind: 'reading', label: 'Pressure', required: 0 },
      { kind: 'text', label: 'Left out' },
      { kind: 'text', label: 'Given', required: false },
    ];
    const refusal = {
      'steps.0.required': ['This field may not be null.'],
      'steps.1.required': ['Must be a valid boolean.'],
      'steps.2.required': ['Must be a valid boolean.'],
    };
    const tasksBefore = await t.database.db.selectFrom('maintenance_tasks').select('id').execute();
    const created = await t.request({
      method: 'POST',
      url: `${BASE}/`,
      as: ada,
      payload: { location_id: store.id, description: 'Null flags', recurrence_interval: 7, last_completed_date: today(), steps },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(refusal);
    expect(await t.database.db.selectFrom('maintenance_tasks').select('id').execute()).toEqual(tasksBefore);

    // A partial update is judged alike, and nothing is written.
    const task = await newTask(THREE_STEPS);
    const patch = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: ada, payload: { steps } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual(refusal);
    expect(await read(task.id)).toMatchObject({ steps: task.steps, procedure_version: task.procedure_version });

    // Left out it is not required; true and false are taken as sent.
    const fine = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: ada, payload: { steps: steps.slice(3) } });
    expect(fine.statusCode, fine.body).toBe(200);
    expect((fine.json() as MaintenanceTask).steps.map((s) => s.required)).toEqual([false, false]);
  });

  it('refuses answers that leave a required step out, a reading that is not a number and a failure without a note', async () => {
    const task = await newTask(THREE_STEPS);
    await claim(task.id);
    const [check, reading] = task.steps as [ProcedureStep, ProcedureStep, ProcedureStep];
    const drafts = [
      { step_id: check.id, value: 'fail' },
      { step_id: reading.id, value: 'forty' },
    ];
    const res = await complete(task.id, { procedure_version: task.procedure_version, answers: drafts });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      [`answers.${check.id}`]: ['Belt intact: add a short note about the failure.'],
      [`answers.${reading.id}`]: ['Pump pressure: the reading is not a number.'],
    });
    const { issues } = checkAnswers(task.steps, drafts, new Set());
    expect(Object.fromEntries(issues.map((i) => [i.path, [i.message]]))).toEqual(res.json());

    const missing = await complete(task.id, { procedure_version: task.procedure_version, answers: [{ step_id: reading.id, value: 50 }] });
    expect(missing.json()).toEqual({ [`answers.${check.id}`]: ['Belt intact: this step needs an answer.'] });
    const unknown = await complete(task.id, { procedure_version: task.procedure_version, answers: [{ step_id: 'nope', value: 'pass' }] });
    expect(unknown.json()).toMatchObject({ answers: [PROCEDURE_MESSAGES.unknownStep] });

    // Nothing of it was kept: still claimed, no completion, no follow-up.
    expect((await read(task.id)).assigned_to).toHaveLength(1);
    expect(await completionsOf(task.id)).toBe(0);
    expect(await followUpsOf(task.id)).toEqual([]);
  });
});

describe('completing a task with a procedure', () => {
  it('keeps the answers with the completion and opens one follow-up work order per failure, at the task\'s location', async () => {
    const task = await newTask(THREE_STEPS, 'Inspect the wash pumps');
    await claim(task.id);
    const res = await complete(task.id, {
      procedure_version: task.procedure_version,
      field_notes: 'All bays done',
      answers: [
        { step_id: task.steps[0]!.id, value: 'fail', note: 'Frayed at the tensioner' },
        { step_id: task.steps[1]!.id, value: '120', note: 'Gauge reads high' },
        { step_id: task.steps[2]!.id, value: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const done: MaintenanceTask = res.json();
    const orders = await followUpsOf(task.id);
    expect(orders).toEqual([
      {
        id: expect.any(Number),
        status: 'Pending',
        location_id: store.id,
        created_by_id: ada.user.id,
        description: `Follow-up from maintenance task #${task.id} (Inspect the wash pumps): step "Belt intact" failed. Note: Frayed at the tensioner`,
      },
      {
        id: expect.any(Number),
        status: 'Pending',
        location_id: store.id,
        created_by_id: ada.user.id,
        description: `Follow-up from maintenance task #${task.id} (Inspect the wash pumps): step "Pump pressure" read 120 psi, outside 10–100 psi. Note: Gauge reads high`,
      },
    ]);
    expect(done.field_notes).toBe('All bays done');
    expect(done.last_completion_answers).toEqual([
      { step_id: task.steps[0]!.id, kind: 'check', label: 'Belt intact', unit: null, min: null, max: null, value: 'fail', note: 'Frayed at the tensioner', photo: null, follow_up_work_order_id: orders[0]!.id },
      { step_id: task.steps[1]!.id, kind: 'reading', label: 'Pump pressure', unit: 'psi', min: 10, max: 100, value: 120, note: 'Gauge reads high', photo: null, follow_up_work_order_id: orders[1]!.id },
      { step_id: task.steps[2]!.id, kind: 'text', label: 'Remarks', unit: null, min: null, max: null, value: null, note: null, photo: null, follow_up_work_order_id: null },
    ]);
    // The follow-up is an ordinary work order: listed, readable, claimable.
    const order: WorkOrder = (await t.request({ method: 'GET', url: `/api/v1/workorders/${orders[0]!.id}/`, as: grace })).json();
    expect(order).toMatchObject({ status: 'Pending', location: store, created_by: { id: ada.user.id } });
    // Its history starts with its creation by that completion.
    const history = (await t.request({ method: 'GET', url: `/api/v1/workorders/${orders[0]!.id}/activity/`, as: grace })).json();
    expect(history.results).toEqual([expect.objectContaining({ kind: 'created', actor: expect.objectContaining({ id: ada.user.id }), details: { follow_up_of_task: task.id } })]);

    // The completion's own row keeps them too, with the procedure version they were given on.
    const kept = await t.database.db.selectFrom('task_completions').select(['procedure_version', 'answers']).where('task_id', '=', task.id).executeTakeFirstOrThrow();
    expect(kept.procedure_version).toBe(task.procedure_version);
    expect(JSON.parse(kept.answers!)).toHaveLength(3);

    // The answers belong to the last completion: once the steps went, the next completion keeps none.
    await claim(task.id);
    const bare = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: ada, payload: { steps: [] } });
    const again = await complete(task.id, { procedure_version: bare.json().procedure_version });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().last_completion_answers).toEqual([]);
  });

  it('takes photo steps as multipart files and shows them by URL', async () => {
    const task = await newTask([
      { kind: 'photo', label: 'Gauge photo', required: true },
      { kind: 'reading', label: 'Pressure', required: true, min: 10 },
    ]);
    await claim(task.id);
    const [photo, reading] = task.steps as [ProcedureStep, ProcedureStep];
    const res = await t.request({
      method: 'POST',
      url: `${BASE}/${task.id}/complete/`,
      as: ada,
      payload: multipartCompletion(
        { procedure_version: String(task.procedure_version), answers: JSON.stringify([{ step_id: reading.id, value: 12.5 }]), field_notes: 'ok' },
        { [photo.id]: PNG },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [shot, pressure] = (res.json() as MaintenanceTask).last_completion_answers;
    expect(shot).toMatchObject({ kind: 'photo', photo: expect.stringMatching(/^http:\/\/cmms\.test\/media\/maintenance\/[0-9a-f]{32}\.png$/) });
    expect(pressure).toMatchObject({ value: 12.5, follow_up_work_order_id: null });
    const media = await t.request({ method: 'GET', url: new URL(shot!.photo!).pathname });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload).toEqual(PNG);

    // A required photo left out is refused like any other unanswered step.
    await claim(task.id);
    const without = await t.request({
      method: 'POST',
      url: `${BASE}/${task.id}/complete/`,
      as: ada,
      payload: multipartCompletion({ procedure_version: String(task.procedure_version), answers: JSON.stringify([{ step_id: reading.id, value: 12.5 }]) }, {}),
    });
    expect(without.json()).toEqual({ [`answers.${photo.id}`]: ['Gauge photo: this step needs an answer.'] });
  });

  it('opens the follow-up exactly once when the same completion is replayed (one Idempotency-Key), one after another and at once', async () => {
    const task = await newTask(THREE_STEPS);
    await claim(task.id);
    const body = { procedure_version: task.procedure_version, answers: failingAnswers(task) };
    const key = 'procedure-replay-0001';
    const first = await complete(task.id, body, ada, key);
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 0; i < 3; i++) {
      const replay = await complete(task.id, body, ada, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
    }
    expect(await followUpsOf(task.id)).toHaveLength(1);
    expect(await completionsOf(task.id)).toBe(1);

    // The same request sent five times at once (a flush racing a retry): one completion, one follow-up.
    const racing = await newTask(THREE_STEPS);
    await claim(racing.id);
    const raceBody = { procedure_version: racing.procedure_version, answers: failingAnswers(racing) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => complete(racing.id, raceBody, ada, 'procedure-replay-0002')));
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await followUpsOf(racing.id)).toHaveLength(1);
    expect(await completionsOf(racing.id)).toBe(1);
  });

  it('opens the follow-up exactly once when two completions race with different keys: one applies, the other finds no claim', async () => {
    const task = await newTask(THREE_STEPS);
    await claim(task.id);
    const body = { procedure_version: task.procedure_version, answers: failingAnswers(task) };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => complete(task.id, body, ada, `procedure-race-${i}-xyz`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json()).toEqual({ detail: 'This task must be claimed before it can be completed.' });
    expect(await followUpsOf(task.id)).toHaveLength(1);
    expect(await completionsOf(task.id)).toBe(1);
  });

  it('refuses answers given on steps that changed since (412 stale_procedure with the task now), keeping the claim and opening nothing', async () => {
    const task = await newTask(THREE_STEPS);
    await claim(task.id);
    const answered = failingAnswers(task);
    // Meanwhile a supervisor adds a step.
    const edited = await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: grace, payload: { steps: [...task.steps, { kind: 'text', label: 'Chemical level', required: true }] } });
    expect(edited.json().procedure_version).toBe(task.procedure_version + 1);

    const res = await complete(task.id, { procedure_version: task.procedure_version, answers: answered }, ada, 'procedure-stale-0001');
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({
      code: STALE_PROCEDURE_CODE,
      detail: 'The steps of this task changed since these answers were given. Answer them again.',
      current: { id: task.id, procedure_version: task.procedure_version + 1, steps: expect.arrayContaining([expect.objectContaining({ label: 'Chemical level' })]) },
    });
    // The refusal is an answer like any other: its replay says the same and still does nothing.
    const replay = await complete(task.id, { procedure_version: task.procedure_version, answers: answered }, ada, 'procedure-stale-0001');
    expect(replay.statusCode).toBe(412);
    expect((await read(task.id)).assigned_to).toEqual([expect.objectContaining({ id: ada.user.id })]);
    expect(await completionsOf(task.id)).toBe(0);
    expect(await followUpsOf(task.id)).toEqual([]);

    // A client that knows no procedure (no version sent) answers version 0: refused alike, not completed without its steps.
    const old = await complete(task.id, { field_notes: 'done' });
    expect(old.statusCode).toBe(412);

    // Answered again on the steps as they are now, it goes through.
    const now = await read(task.id);
    const fresh = await complete(task.id, { procedure_version: now.procedure_version, answers: [...answered, { step_id: now.steps[3]!.id, value: 'Half full' }] }, ada, 'procedure-stale-0002');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await followUpsOf(task.id)).toHaveLength(1);
  });

  it('refuses a stale completion by someone who does not hold the claim as the claim flow does, not as stale', async () => {
    const task = await newTask(THREE_STEPS);
    await claim(task.id, grace);
    await t.request({ method: 'PATCH', url: `${BASE}/${task.id}/`, as: grace, payload: { steps: [] } });
    const res = await complete(task.id, { procedure_version: task.procedure_version, answers: failingAnswers(task) });
    expect(res.statusCode).toBe(403);
  });

  it('completes a task without steps exactly as before: no version, no answers', async () => {
    const task = await newTask([]);
    expect(task.procedure_version).toBe(0);
    await claim(task.id);
    const res = await complete(task.id, { field_notes: 'Done' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ field_notes: 'Done', last_completion_answers: [], assigned_to: [] });
    const empty = await t.request({ method: 'POST', url: `${BASE}/${task.id}/claim/`, as: ada });
    expect(empty.statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `${BASE}/${task.id}/complete/`, as: ada })).statusCode).toBe(200);
  });
});
