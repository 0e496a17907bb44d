import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/api/activity.js';
import type { Page } from '../../../shared/api/common.js';
import { createHarness } from '../helpers/data-core-harness.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';

/** A record's history through the data worker: the network first, the saved page offline, each page and record apart. */
let api: FakeHttp;
let harness: Awaited<ReturnType<typeof createHarness>>;

beforeEach(async () => {
  api = createFakeHttp();
  harness = await createHarness(api);
});
afterEach(() => harness.close());

const entry = (id: number, kind: ActivityEntry['kind']): ActivityEntry => ({ id, kind, at: '2026-03-15T12:00:00.000Z', actor: { id: 7, first_name: 'Fran', last_name: 'Fixer' }, details: {} });
const page = (...results: ActivityEntry[]): Page<ActivityEntry> => ({ count: results.length, next: null, previous: null, results });

describe('the history of a record', () => {
  it('reads a page at the record’s path and shows the saved page while offline', async () => {
    api.on('GET', 'workorders/12/activity/?page=1', () => json(200, page(entry(2, 'claimed'), entry(1, 'created'))));
    const fresh = await harness.core.workerCalls.history.page('workorders', 12, 1);
    expect(fresh).toMatchObject({ fromCache: false, data: { count: 2, results: [{ kind: 'claimed' }, { kind: 'created' }] } });
    api.down = true;
    const saved = await harness.core.workerCalls.history.page('workorders', 12, 1);
    expect(saved).toEqual({ data: fresh.data, fromCache: true, cachedAt: fresh.cachedAt });
  });

  it('keeps each page and each record apart: one never read is not answered offline', async () => {
    api.on('GET', 'maintenance/tasks/3/activity/?page=1', () => json(200, page(entry(5, 'edited'))));
    api.on('GET', 'admin/users/4/activity/?page=2', () => json(200, page(entry(9, 'access_changed'))));
    await harness.core.workerCalls.history.page('maintenance', 3, 1);
    expect((await harness.core.workerCalls.history.page('users', 4, 2)).data.results[0]!.kind).toBe('access_changed');
    expect(api.callsTo('GET', 'admin/users/4/activity/?page=2')).toHaveLength(1);
    api.down = true;
    await expect(harness.core.workerCalls.history.page('maintenance', 3, 2)).rejects.toMatchObject({ type: 'network' });
    await expect(harness.core.workerCalls.history.page('maintenance', 4, 1)).rejects.toMatchObject({ type: 'network' });
    expect((await harness.core.workerCalls.history.page('maintenance', 3, 1)).fromCache).toBe(true);
  });

  it('passes a refusal or a missing record on instead of showing a saved page', async () => {
    api.on('GET', 'assets/8/activity/?page=1', () => json(200, page(entry(1, 'created'))));
    await harness.core.workerCalls.history.page('assets', 8, 1);
    api.on('GET', 'assets/8/activity/?page=1', () => json(403, { detail: 'You do not have permission to perform this action.' }));
    await expect(harness.core.workerCalls.history.page('assets', 8, 1)).rejects.toMatchObject({ type: 'forbidden' });
    api.on('GET', 'assets/8/activity/?page=1', () => json(404, { detail: 'Not found.' }));
    await expect(harness.core.workerCalls.history.page('assets', 8, 1)).rejects.toMatchObject({ type: 'not_found' });
  });
});
