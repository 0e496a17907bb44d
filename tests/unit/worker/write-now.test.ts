import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Vendor } from '../../../shared/api/vendors.js';
import { createHarness } from '../helpers/data-core-harness.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';

/** Writes that are sent now or not at all (locations, vendors), through the data worker's own API. */
let api: FakeHttp;
let harness: Awaited<ReturnType<typeof createHarness>>;

const vendor = (over: Partial<Vendor> = {}): Vendor => ({ id: 4, name: 'Acme', address: '', city: '', state: '', postal_code: '', telephone_number: '', created_at: '', updated_at: '', ...over });

beforeEach(async () => {
  api = createFakeHttp();
  harness = await createHarness(api);
});
afterEach(() => harness.close());

describe('a write sent now or not at all', () => {
  it('sends once with an idempotency key, keeps the answer as the detail and drops the saved lists', async () => {
    api.on('GET', 'vendors/?page=1', () => json(200, { count: 1, next: null, previous: null, results: [vendor()] }));
    api.on('PUT', 'vendors/4/', () => json(200, vendor({ name: 'Acme Seals' })));
    await harness.core.workerCalls.vendors.list({ page: 1 });
    const result = await harness.core.workerCalls.vendors.update(4, { name: 'Acme Seals' });
    expect(result).toEqual({ status: 'done', data: vendor({ name: 'Acme Seals' }), message: 'Vendor updated successfully' });
    const put = api.calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    api.down = true;
    // Offline: the list was dropped, the detail is the answer.
    await expect(harness.core.workerCalls.vendors.list({ page: 1 })).rejects.toMatchObject({ type: 'network' });
    expect((await harness.core.workerCalls.vendors.get(4)).data.name).toBe('Acme Seals');
  });

  it('without a connection says so, and nothing is stored for later', async () => {
    api.down = true;
    await expect(harness.core.workerCalls.vendors.create({ name: 'Bolt Supply' })).rejects.toMatchObject({
      code: 'NEEDS_CONNECTION',
      shouldNotify: true,
      message: "You're offline. This change needs a connection and was not saved; please try again once you're back online.",
    });
    expect(harness.core.state().queue.items).toEqual([]);
  });

  it('a refusal by the server keeps its own words', async () => {
    api.on('PUT', 'vendors/4/', () => json(400, { name: ['This field may not be blank.'] }));
    await expect(harness.core.workerCalls.vendors.update(4, { name: '' })).rejects.toMatchObject({ type: 'validation', fields: { name: ['This field may not be blank.'] } });
  });
});
