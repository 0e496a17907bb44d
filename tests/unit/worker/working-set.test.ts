/**
 * The working set on the device (src-worker/sync/): a first sync read page by page and kept with
 * its cursor, the changes after it, tombstones, a scope that shrinks, a cursor the server no longer
 * knows; and lists and details never opened answered from it with the server's rules when the
 * network is gone, only once an area is wholly on the device.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncAnswer } from '../../../shared/api/sync.js';
import type { WorkOrder } from '../../../shared/api/workorders.js';
import { WORKORDER_LIST } from '../../../shared/rules/list-rules.js';
import { claimWorkorder, workorders } from '../../../src-worker/areas/workorders.js';
import { writeOrQueue } from '../../../src-worker/outbox/write-or-queue.js';
import type { AreaContext } from '../../../src-worker/kit/area-context.js';
import { pullWorkingSet } from '../../../src-worker/sync/pull.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { areaContextOf, signInTechnician, createTestServices, type TestServices } from '../helpers/services.js';

let api: FakeHttp;
let s: TestServices;
let ctx: AreaContext;

beforeEach(async () => {
  api = createFakeHttp();
  s = createTestServices(api);
  ctx = areaContextOf(s);
  await signInTechnician(s);
});
afterEach(() => s.close());

/** The fields of a work order the lists use; the rest does not matter here. */
const order = (id: number, location: number, description = `Order ${id}`, created = `2026-02-0${(id % 9) + 1}T00:00:00.000Z`): WorkOrder => ({
  id,
  status: 'Pending',
  description,
  location: { id: location, name: `Site ${location}` },
  location_id: location,
  location_name: `Site ${location}`,
  created_at: created,
  updated_at: created,
}) as unknown as WorkOrder;
const upsert = (area: 'workorders' | 'locations', record: { id: number }) => ({ area, id: record.id, op: 'upsert' as const, record });
const answer = (over: Partial<SyncAnswer>): SyncAnswer => ({ cursor: '0', more: false, snapshot: false, scope: ['locations', 'workorders'], changes: [], ...over });

/** Serves `answers` by the cursor they are asked with ('' for none). */
function serve(answers: Record<string, SyncAnswer | number>): void {
  api.on('GET', /^sync\//, (request) => {
    const since = new URL(request.path, 'http://x/').searchParams.get('since') ?? '';
    const found = answers[since];
    if (found === undefined) return json(500, { detail: `no answer for ${since}` });
    return typeof found === 'number' ? json(found, { detail: 'gone', code: 'cursor_gone' }) : json(200, found);
  });
}

describe('pulling the working set', () => {
  it('reads a first sync page by page, keeps each page with its cursor, then only the changes after it', async () => {
    serve({
      '': answer({ snapshot: true, more: true, cursor: 's.7.1.2', changes: [upsert('workorders', order(1, 5)), upsert('workorders', order(2, 5))] }),
      's.7.1.2': answer({ snapshot: true, cursor: '7', changes: [upsert('workorders', order(3, 6))] }),
      '7': answer({ cursor: '9', changes: [upsert('workorders', order(2, 5, 'Claimed now')), { area: 'workorders', id: 3, op: 'delete' }] }),
      '9': answer({ cursor: '9' }),
    });
    expect(await pullWorkingSet(s.http, s.workingSet)).toBe('pulled');
    expect(await s.workingSet.meta()).toMatchObject({ cursor: '7', generation: 1, complete: ['locations', 'workorders'], error: null });
    expect((await s.db.records.toArray()).map((r) => r.id)).toEqual([1, 2, 3]);

    expect(await pullWorkingSet(s.http, s.workingSet)).toBe('pulled');
    expect((await s.db.records.toArray()).map((r) => [r.id, (r.record as { description: string }).description])).toEqual([
      [1, 'Order 1'],
      [2, 'Claimed now'],
    ]);
    expect(api.callsTo('GET', /^sync\/\?since=7$/)).toHaveLength(1);
    expect(await s.workingSet.state()).toMatchObject({ records: 2, bytes: expect.any(Number), syncedAt: expect.any(String), error: null });
  });

  it('starts a first sync again when the server no longer knows the cursor, and drops what the new one does not name', async () => {
    serve({
      '': answer({ snapshot: true, cursor: '4', changes: [upsert('workorders', order(1, 5)), upsert('workorders', order(2, 5))] }),
    });
    await pullWorkingSet(s.http, s.workingSet);
    serve({
      '4': 410,
      '': answer({ snapshot: true, cursor: '12', changes: [upsert('workorders', order(2, 5))] }),
    });
    expect(await pullWorkingSet(s.http, s.workingSet)).toBe('pulled');
    expect((await s.db.records.toArray()).map((r) => r.id)).toEqual([2]);
    expect(await s.workingSet.meta()).toMatchObject({ cursor: '12', generation: 2 });
  });

  it('drops the records of an area the user may no longer read', async () => {
    serve({ '': answer({ snapshot: true, cursor: '3', scope: ['locations', 'workorders', 'vendors'], changes: [upsert('workorders', order(1, 5)), { area: 'vendors', id: 9, op: 'upsert', record: { id: 9, name: 'Acme' } }] }) });
    await pullWorkingSet(s.http, s.workingSet);
    serve({ '3': answer({ cursor: '4', scope: ['locations', 'workorders'] }) });
    await pullWorkingSet(s.http, s.workingSet);
    expect((await s.db.records.toArray()).map((r) => `${r.area}:${r.id}`)).toEqual(['workorders:1']);
    expect((await s.workingSet.meta()).complete).toEqual(['locations', 'workorders']);
  });

  it('says why a pull failed, keeps what it had, and clears the failure with the next pull', async () => {
    serve({ '': answer({ snapshot: true, cursor: '3', changes: [upsert('workorders', order(1, 5))] }) });
    await pullWorkingSet(s.http, s.workingSet);
    api.down = true;
    expect(await pullWorkingSet(s.http, s.workingSet)).toBe('failed');
    expect((await s.workingSet.state())?.error).toEqual(expect.any(String));
    expect(await s.db.records.count()).toBe(1);
    api.down = false;
    serve({ '3': answer({ cursor: '3' }) });
    await pullWorkingSet(s.http, s.workingSet);
    expect((await s.workingSet.state())?.error).toBeNull();
  });
});

describe('lists and details answered from the working set', () => {
  const orders = Array.from({ length: 23 }, (_, i) => order(i + 1, i % 2 === 0 ? 5 : 6, i % 3 === 0 ? `Pump seal ${i}` : `Door ${i}`));

  it('answers a page, a location and a search never opened, as the server would, once the network is gone', async () => {
    serve({ '': answer({ snapshot: true, cursor: '30', changes: orders.map((o) => upsert('workorders', o)) }) });
    await pullWorkingSet(s.http, s.workingSet);
    api.down = true;
    const page2 = await workorders.list(ctx, 2, { location: 5, search: null });
    expect(page2.fromCache).toBe(true);
    const expected = (query: { page: number; location: number | null; search: string | null }) => {
      const kept = orders.filter((o) => (query.location === null || o.location_id === query.location) && (!query.search || o.description.toLowerCase().includes(query.search.toLowerCase())));
      return { count: kept.length, ids: [...kept].sort(WORKORDER_LIST.compare).slice((query.page - 1) * 10, query.page * 10).map((o) => o.id) };
    };
    expect({ count: page2.data.count, ids: page2.data.results.map((r) => r.id) }).toEqual(expected({ page: 2, location: 5, search: null }));
    const searched = await workorders.list(ctx, 1, { search: 'PUMP' });
    expect({ count: searched.data.count, ids: searched.data.results.map((r) => r.id) }).toEqual(expected({ page: 1, location: null, search: 'pump' }));
    // A page past the end is not answered (the screen goes back to page 1, as after the server's 404).
    await expect(workorders.list(ctx, 9, {})).rejects.toMatchObject({ type: 'network' });
    // A detail never opened.
    expect((await workorders.get(ctx, 17)).data).toEqual(orders[16]);
  });

  it('answers nothing from an area whose first sync has not finished', async () => {
    serve({ '': answer({ snapshot: true, more: true, cursor: 's.3.1.1', changes: [upsert('workorders', order(1, 5))] }), 's.3.1.1': 503 });
    expect(await pullWorkingSet(s.http, s.workingSet)).toBe('failed');
    api.down = true;
    await expect(workorders.list(ctx, 1, {})).rejects.toMatchObject({ type: 'network' });
  });

  it('shows the newer of a saved page and the working set', async () => {
    serve({ '': answer({ snapshot: true, cursor: '3', changes: [upsert('workorders', order(1, 5, 'From the sync'))] }) });
    await pullWorkingSet(s.http, s.workingSet);
    // A page read later than the sync is newer, and shown.
    s.clock.now += 60_000;
    api.on('GET', 'workorders/?page=1', () => json(200, { count: 1, next: null, previous: null, results: [order(1, 5, 'Read later')] }));
    await workorders.list(ctx, 1, {});
    api.down = true;
    expect((await workorders.list(ctx, 1, {})).data.results[0]!.description).toBe('Read later');
    // The sync catches up later still: its copy is shown.
    api.down = false;
    s.clock.now += 60_000;
    serve({ '3': answer({ cursor: '4', changes: [upsert('workorders', order(1, 5, 'Synced after'))] }) });
    await pullWorkingSet(s.http, s.workingSet);
    api.down = true;
    expect((await workorders.list(ctx, 1, {})).data.results[0]!.description).toBe('Synced after');
  });
});

describe('what the device keeps', () => {
  const completed = (id: number, completedAt: string): WorkOrder => ({ ...order(id, 5), status: 'Completed', completed_at: completedAt }) as WorkOrder;

  it('keeps running totals that match the records, through changes, tombstones and a new first sync', async () => {
    serve({
      '': answer({ snapshot: true, cursor: '5', changes: [upsert('workorders', order(1, 5)), upsert('workorders', order(2, 5)), upsert('locations', { id: 5, name: 'Site 5' } as { id: number })] }),
      '5': answer({ cursor: '6', changes: [upsert('workorders', order(2, 5, 'A much longer description than before')), upsert('workorders', order(3, 5)), { area: 'workorders', id: 1, op: 'delete' }] }),
    });
    const counted = async () => {
      const rows = await s.db.records.toArray();
      return { records: rows.length, bytes: rows.reduce((sum, r) => sum + r.bytes, 0) };
    };
    await pullWorkingSet(s.http, s.workingSet);
    expect(await s.workingSet.state()).toMatchObject(await counted());
    await pullWorkingSet(s.http, s.workingSet);
    expect(await s.workingSet.state()).toMatchObject({ ...(await counted()), records: 3 });
    serve({ '6': 410, '': answer({ snapshot: true, cursor: '9', changes: [upsert('workorders', order(3, 5))] }) });
    await pullWorkingSet(s.http, s.workingSet);
    expect(await s.workingSet.state()).toMatchObject({ ...(await counted()), records: 1 });
  });

  it('past its budget drops the oldest completed work orders first, and nothing else', async () => {
    const open = [order(1, 5), order(2, 5)];
    const done = [completed(3, '2026-03-01T00:00:00.000Z'), completed(4, '2026-01-01T00:00:00.000Z'), completed(5, '2026-02-01T00:00:00.000Z')];
    const size = (o: WorkOrder) => JSON.stringify(o).length;
    // Room for everything but the two oldest completions.
    const budget = [...open, done[0]!].reduce((sum, o) => sum + size(o), 0) + 1;
    await s.outbox.enqueueMutation({ domain: 'workorders', action: 'claim', targetId: '1' });
    serve({ '': answer({ snapshot: true, cursor: '5', changes: [...open, ...done].map((o) => upsert('workorders', o)), deviceBudgetBytes: budget }) });
    await pullWorkingSet(s.http, s.workingSet);
    expect((await s.db.records.toArray()).map((r) => r.id).sort()).toEqual([1, 2, 3]);
    expect((await s.workingSet.state())?.bytes).toBeLessThanOrEqual(budget);
    expect(await s.db.outbox.count()).toBe(1);
    // A budget too small for the open orders keeps them all the same: only completed ones go.
    serve({ '5': answer({ cursor: '6', changes: [], deviceBudgetBytes: 10 }) });
    await pullWorkingSet(s.http, s.workingSet);
    expect((await s.db.records.toArray()).map((r) => r.id).sort()).toEqual([1, 2]);
  });

  it("keeps a write's answer at once, unless the pull already brought a newer copy", async () => {
    serve({ '': answer({ snapshot: true, cursor: '5', changes: [upsert('workorders', order(1, 5, 'Old', '2026-02-01T00:00:00.000Z'))] }) });
    await pullWorkingSet(s.http, s.workingSet);
    const claimed = { ...order(1, 5, 'Old', '2026-02-01T00:00:00.000Z'), status: 'Claimed', updated_at: '2026-02-02T00:00:00.000Z' } as WorkOrder;
    await s.workingSet.keep('workorders', claimed);
    expect((await s.workingSet.record<WorkOrder>('workorders', 1))?.data.status).toBe('Claimed');
    // An older answer arriving late (the pull brought the claim already) leaves the newer copy.
    await s.workingSet.keep('workorders', { ...claimed, status: 'Pending', updated_at: '2026-02-01T12:00:00.000Z' } as WorkOrder);
    expect((await s.workingSet.record<WorkOrder>('workorders', 1))?.data.status).toBe('Claimed');
    // A record the device never had is added, and the totals follow.
    await s.workingSet.keep('workorders', order(8, 5));
    expect(await s.workingSet.state()).toMatchObject({ records: 2 });
  });

  it("keeps a queued claim's answer when the flush sends it", async () => {
    serve({ '': answer({ snapshot: true, cursor: '5', changes: [upsert('workorders', order(1, 5))] }) });
    await pullWorkingSet(s.http, s.workingSet);
    api.on('POST', 'workorders/1/claim/', () => json(200, { ...order(1, 5), status: 'Claimed', updated_at: '2026-05-01T00:00:00.000Z' }));
    const result = await writeOrQueue(ctx, claimWorkorder, { targetId: '1', targetLabel: 'Work order #1', payload: null });
    expect(result.status).toBe('done');
    expect((await s.workingSet.record<WorkOrder>('workorders', 1))?.data.status).toBe('Claimed');
  });
});
