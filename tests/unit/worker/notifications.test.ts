import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../../shared/api/notifications.js';
import { createHarness } from '../helpers/data-core-harness.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';

/** The user's notification settings through the data worker: read through the cache, saved with a connection only. */
let api: FakeHttp;
let harness: Awaited<ReturnType<typeof createHarness>>;

const settings = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({
  order_created: false,
  order_claimed: false,
  order_completed: false,
  task_due: false,
  digest: false,
  locations: [],
  ...over,
});
const PATH = 'notifications/settings/';

beforeEach(async () => {
  api = createFakeHttp();
  harness = await createHarness(api);
});
afterEach(() => harness.close());

describe('the notifications area', () => {
  it('reads the settings, and the saved copy offline', async () => {
    api.on('GET', PATH, () => json(200, settings({ order_created: true, locations: [3] })));
    const fresh = await harness.core.workerCalls.notifications.get();
    expect(fresh).toMatchObject({ fromCache: false, data: { order_created: true, locations: [3] } });
    api.down = true;
    expect(await harness.core.workerCalls.notifications.get()).toEqual({ data: fresh.data, fromCache: true, cachedAt: fresh.cachedAt });
  });

  it('saves them whole with an idempotency key and keeps the answer as the saved copy', async () => {
    api.on('GET', PATH, () => json(200, settings()));
    api.on('PUT', PATH, (request) => json(200, request.json));
    await harness.core.workerCalls.notifications.get();
    const chosen = settings({ order_claimed: true, digest: true, locations: [1, 2] });
    const result = await harness.core.workerCalls.notifications.save(chosen);
    expect(result).toEqual({ status: 'done', data: chosen, message: 'Notification settings saved.' });
    const put = api.callsTo('PUT', PATH);
    expect(put).toHaveLength(1);
    expect(put[0]!.json).toEqual(chosen);
    expect(put[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    api.down = true;
    expect((await harness.core.workerCalls.notifications.get()).data).toEqual(chosen);
  });

  it('without a connection says so and keeps nothing for later; a refusal keeps the server’s words', async () => {
    api.down = true;
    await expect(harness.core.workerCalls.notifications.save(settings({ order_created: true }))).rejects.toMatchObject({ code: 'NEEDS_CONNECTION' });
    expect(harness.core.state().queue.items).toEqual([]);
    api.down = false;
    api.on('PUT', PATH, () => json(400, { locations: ['Invalid pk "99" - object does not exist.'] }));
    await expect(harness.core.workerCalls.notifications.save(settings({ locations: [99] }))).rejects.toMatchObject({ type: 'validation', fields: { locations: ['Invalid pk "99" - object does not exist.'] } });
  });
});
