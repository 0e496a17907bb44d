import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kpis } from '../../../shared/api/kpis.js';
import { createHarness } from '../helpers/data-core-harness.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';

/** The key figures of /home through the data worker: the network first, the saved copy offline. */
let api: FakeHttp;
let harness: Awaited<ReturnType<typeof createHarness>>;

beforeEach(async () => {
  api = createFakeHttp();
  harness = await createHarness(api);
});
afterEach(() => harness.close());

/** Only what this test reads; the server's shape is held by tests/server/kpis.test.ts. */
const figures = (asOf: string, total: number) => ({ as_of: asOf, period_days: 30, open_work_orders: { total } }) as unknown as Kpis;

describe('the key figures area', () => {
  it('reads the figures and shows the last ones saved while offline, with the time they were saved', async () => {
    api.on('GET', 'kpis/', () => json(200, figures('2026-03-15T12:00:00.000Z', 5)));
    const fresh = await harness.core.workerCalls.kpis.get();
    expect(fresh).toMatchObject({ fromCache: false, data: { as_of: '2026-03-15T12:00:00.000Z' } });
    api.down = true;
    const saved = await harness.core.workerCalls.kpis.get();
    expect(saved).toEqual({ data: fresh.data, fromCache: true, cachedAt: fresh.cachedAt });
  });

  it('asks for another period in the query, saved apart', async () => {
    api.on('GET', 'kpis/?period=7', () => json(200, figures('2026-03-15T12:00:00.000Z', 2)));
    expect((await harness.core.workerCalls.kpis.get(7)).data.open_work_orders.total).toBe(2);
    expect(api.callsTo('GET', 'kpis/?period=7')).toHaveLength(1);
    api.down = true;
    await expect(harness.core.workerCalls.kpis.get()).rejects.toMatchObject({ type: 'network' });
  });

  it('passes a refusal on instead of showing saved figures', async () => {
    api.on('GET', 'kpis/', () => json(200, figures('2026-03-15T12:00:00.000Z', 5)));
    await harness.core.workerCalls.kpis.get();
    api.on('GET', 'kpis/', () => json(403, { detail: 'You do not have permission to perform this action.' }));
    await expect(harness.core.workerCalls.kpis.get()).rejects.toMatchObject({ type: 'forbidden' });
  });
});
