import { afterEach, describe, expect, it } from 'vitest';
import { QUEUED_MESSAGES, SUCCESS_MESSAGES } from '../../../shared/data/messages.js';
import type { WorkerEvent } from '../../../shared/data/protocol.js';
import { createDataCore } from '../../../src-worker/data-core.js';
import { flushOutboxHeadless } from '../../../src-worker/outbox/headless-flusher.js';
import { BASE_URL, createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { connectTab, createHarness, eventually, testUser, type Harness, type TabConnection } from '../helpers/data-core-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type H = Harness & { tab: TabConnection };

function serverWithUser(api: FakeHttp): void {
  api.on('POST', 'auth/jwt/create/', () => json(200, { access: 'A1', refresh: 'R1' }));
  api.on('GET', 'auth/users/me/', () => json(200, testUser()));
}

async function signedIn(api: FakeHttp = createFakeHttp()): Promise<H> {
  serverWithUser(api);
  const h = await createHarness(api);
  cleanups.push(() => h.close());
  await h.core.workerCalls.session.login('tech@example.com', 'pw');
  return h;
}

const patches = (events: WorkerEvent[]) => events.flatMap((e) => (e.type === 'patch' ? [e.patch] : []));

describe('network state from requests (behaviour §4 Online/offline)', () => {
  it('a network error flips offline and records an issue; any response flips back online', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.down = true;

    await expect(h.core.workerCalls.workorders.get(1)).rejects.toMatchObject({ type: 'network' });
    await eventually(() => expect(h.core.state().network).toMatchObject({ isOnline: false, lastReason: 'network-error' }));
    expect(h.core.state().network.issues).toEqual([expect.objectContaining({ key: 'network', type: 'network', count: 1 })]);

    api.down = false;
    await expect(h.core.workerCalls.workorders.get(1)).rejects.toMatchObject({ type: 'not_found' });
    await eventually(() => expect(h.core.state().network).toMatchObject({ isOnline: true, lastReason: 'response' }));
    expect(patches(h.events).some((p) => p.network?.isOnline === false)).toBe(true);
  });

  it('with the browser offline a failure is the offline error: recorded as an issue, never toasted', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    await h.core.workerCalls.network.browserOnline(false);
    api.down = true;

    await expect(h.core.workerCalls.workorders.get(1)).rejects.toMatchObject({ type: 'offline', shouldNotify: false });

    await eventually(() => expect(h.core.state().network.issues).toEqual([expect.objectContaining({ key: 'offline', type: 'offline' })]));
    expect(h.core.state().network).toMatchObject({ isOnline: false, lastReason: 'browser-offline' });
    expect(h.events.some((e) => e.type === 'toast')).toBe(false);
  });

  it('forwarded duplicates change nothing', async () => {
    const h = await signedIn();
    await h.core.workerCalls.network.browserOnline(false);
    await h.core.workerCalls.network.browserOnline(false);
    await eventually(() => expect(h.core.state().network.events.filter((e) => e.reason === 'browser-offline')).toHaveLength(1));
  });

  it('requests count in the busy spinner unless they opt out', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.on('GET', 'workorders/1/', () => json(200, { id: 1 }));
    h.events.length = 0;
    await h.core.workerCalls.workorders.get(1);
    await eventually(() => expect(patches(h.events).map((p) => p.busy).filter((b) => b !== undefined)).toEqual([1, 0]));
  });
});

describe('work orders online', () => {
  it('create sends multipart with the files and an Idempotency-Key, and reports success', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.on('POST', 'workorders/', () => json(201, { id: 9, status: 'Pending' }));

    const result = await h.core.workerCalls.workorders.create({ locationId: 4, description: 'Door stuck', files: [{ name: 'door.jpg', type: 'image/jpeg', blob: new Blob(['jpg']) }] });

    expect(result).toEqual({ status: 'done', data: { id: 9, status: 'Pending' }, message: SUCCESS_MESSAGES.workorders.created });
    const [call] = api.callsTo('POST', 'workorders/');
    expect(call!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.form!.get('location_id')).toBe('4');
    expect((call!.form!.getAll('new_attachments') as File[]).map((f) => f.name)).toEqual(['door.jpg']);
  });

  it('a refusal that is not transient is rethrown, not queued', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.on('POST', 'workorders/3/claim/', () => json(409, { detail: 'This work order is already claimed by Ann Smith.' }));
    await expect(h.core.workerCalls.workorders.claim(3)).rejects.toMatchObject({ type: 'validation', serverMessage: 'This work order is already claimed by Ann Smith.' });
    expect(h.core.state().queue.stats.totalItems).toBe(0);
  });

  it('a retryable failure stores the write with the key the failed attempt used', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.on('POST', 'workorders/3/claim/', () => json(503, { detail: 'busy' }));

    const result = await h.core.workerCalls.workorders.claim(3);

    expect(result).toMatchObject({ status: 'queued', message: QUEUED_MESSAGES.workorders.claim });
    await eventually(() => expect(h.core.state().queue.items).toEqual([expect.objectContaining({ domain: 'workorders', action: 'claim', targetId: '3', targetLabel: 'Work order #3' })]));
    const keys = api.callsTo('POST', 'workorders/3/claim/').map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('reads fall back to an order from a saved list page when its detail was never opened', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.on('GET', 'workorders/?page=1&location=2', () => json(200, { count: 1, next: null, previous: null, results: [{ id: 31, description: 'Saved' }] }));
    await h.core.workerCalls.workorders.list({ page: 1, location: 2 });
    api.down = true;
    const detail = await h.core.workerCalls.workorders.get(31);
    expect(detail).toMatchObject({ data: { id: 31, description: 'Saved' }, fromCache: true });
  });

  it('locations are read by following next', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.on('GET', 'locations/?page=1', () => json(200, { count: 3, next: `${BASE_URL}locations/?page=2`, previous: null, results: [{ id: 1 }, { id: 2 }] }));
    api.on('GET', 'locations/?page=2', () => json(200, { count: 3, next: null, previous: null, results: [{ id: 3 }] }));
    expect((await h.core.workerCalls.locations.all()).data.map((l) => l.id)).toEqual([1, 2, 3]);
  });
});

describe('work orders offline, then back online', () => {
  it('create, claim and complete are queued with their info texts, then each reaches the server once, in order', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    await h.core.workerCalls.network.browserOnline(false);

    const created = await h.core.workerCalls.workorders.create({ locationId: 2, description: 'Leak', files: [{ name: 'leak.png', type: 'image/png', blob: new Blob(['png']) }] });
    const claimed = await h.core.workerCalls.workorders.claim(5);
    const completed = await h.core.workerCalls.workorders.complete(5, 'Fixed');

    expect(created).toMatchObject({ status: 'queued', message: QUEUED_MESSAGES.workorders.create });
    expect(claimed).toMatchObject({ status: 'queued', message: QUEUED_MESSAGES.workorders.claim });
    expect(completed).toMatchObject({ status: 'queued', message: QUEUED_MESSAGES.workorders.complete });
    expect(api.calls.filter((c) => c.path.startsWith('workorders'))).toEqual([]);
    await eventually(() => {
      expect(h.core.state().queue.stats.totalItems).toBe(3);
      expect(h.core.state().queue.items.map((i) => [i.action, i.status, i.attachmentCount])).toEqual([
        ['create', 'queued', 1],
        ['claim', 'queued', 0],
        ['complete', 'queued', 0],
      ]);
    });

    api.on('POST', 'workorders/', () => json(201, { id: 77 }));
    api.on('POST', /^workorders\/5\/(claim|complete)\/$/, () => json(200, { id: 5 }));
    h.events.length = 0;
    await h.core.workerCalls.network.browserOnline(true);

    await eventually(() => {
      expect(h.core.state().queue.stats.totalItems).toBe(0);
      expect(h.core.state().queue.items.map((i) => i.status)).toEqual(['synced', 'synced', 'synced']);
    });
    expect(api.calls.filter((c) => c.path.startsWith('workorders')).map((c) => c.path)).toEqual(['workorders/', 'workorders/5/claim/', 'workorders/5/complete/']);
    expect(api.callsTo('POST', 'workorders/5/complete/')[0]!.json).toEqual({ field_notes: 'Fixed' });
    // Replayed writes are background work: the badge shows them, the global spinner does not.
    expect(patches(h.events).some((p) => p.busy !== undefined)).toBe(false);
    await eventually(() => {
      const syncedIds = h.events.flatMap((e) => (e.type === 'synced' && e.area === 'workorders' ? e.targetIds : []));
      expect(new Set(syncedIds)).toEqual(new Set(['77', '5']));
    });
  });

  it('a claim while an earlier write for the same order waits is queued behind it, not sent', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.on('POST', 'workorders/6/claim/', () => json(503, null));
    await h.core.workerCalls.workorders.claim(6);
    const before = api.calls.length;
    const result = await h.core.workerCalls.workorders.complete(6, '');
    expect(result.status).toBe('queued');
    expect(api.calls.slice(before).some((c) => c.path === 'workorders/6/complete/')).toBe(false);
  });

  it('Retry sends a waiting item now; Remove and Clear empty the queue', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    api.on('POST', 'workorders/8/claim/', () => json(503, null));
    await h.core.workerCalls.workorders.claim(8);
    await eventually(() => expect(h.core.state().queue.items[0]).toMatchObject({ status: 'retrying', retryCount: 1 }));

    api.on('POST', 'workorders/8/claim/', () => json(200, { id: 8 }));
    await h.core.workerCalls.queue.retry();
    await eventually(() => expect(h.core.state().queue.items[0]).toMatchObject({ status: 'synced' }));

    await h.core.workerCalls.network.browserOnline(false);
    await h.core.workerCalls.workorders.claim(9);
    await h.core.workerCalls.workorders.claim(10);
    await eventually(() => expect(h.core.state().queue.stats.totalItems).toBe(2));
    const first = h.core.state().queue.items.find((i) => i.targetId === '9')!;
    await h.core.workerCalls.queue.remove(first.id);
    await eventually(() => expect(h.core.state().queue.stats.totalItems).toBe(1));
    await h.core.workerCalls.queue.clear();
    await eventually(() => expect(h.core.state().queue.items).toEqual([]));
  });

  it('a queued write refused by the server ends failed with its message in the panel and a toast', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    await h.core.workerCalls.network.browserOnline(false);
    await h.core.workerCalls.workorders.claim(4);
    api.on('POST', 'workorders/4/claim/', () => json(409, { detail: 'This work order is already claimed by Ann Smith.' }));
    await h.core.workerCalls.network.browserOnline(true);
    await eventually(() => {
      expect(h.core.state().queue.items[0]).toMatchObject({ status: 'failed', lastError: 'This work order is already claimed by Ann Smith.' });
      expect(h.core.state().queue.error).toBe('This work order is already claimed by Ann Smith.');
    });
    expect(h.events.filter((e) => e.type === 'toast')).toEqual([
      { type: 'toast', severity: 'error', summary: 'Error', detail: 'This work order is already claimed by Ann Smith.', key: 'error|Error|This work order is already claimed by Ann Smith.' },
    ]);
  });
});

describe('several contexts, one device', () => {
  it('another instance (fallback mode) sees the queue change; the service worker flush shares the lock and tells the tabs', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    const other = createDataCore({ mode: 'dedicated', fetch: api.fetch, baseUrl: BASE_URL, timers: false, dbName: h.dbName, busName: h.busName });
    cleanups.push(() => other.close());
    await other.ready;
    const otherTab = await connectTab(other, { online: false });
    cleanups.push(() => otherTab.close());

    await other.workerCalls.workorders.claim(12);
    await eventually(() => expect(h.core.state().queue.stats.totalItems).toBe(1));

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    api.on('POST', 'workorders/12/claim/', async () => {
      await held;
      return json(200, { id: 12 });
    });
    const swFirst = flushOutboxHeadless({ fetch: api.fetch, baseUrl: BASE_URL, dbName: h.dbName, busName: h.busName });
    await eventually(() => expect(api.callsTo('POST', 'workorders/12/claim/')).toHaveLength(1));
    const swSecond = await flushOutboxHeadless({ fetch: api.fetch, baseUrl: BASE_URL, dbName: h.dbName, busName: h.busName });
    expect(swSecond).toEqual({ status: 'busy' });
    release();
    expect(await swFirst).toMatchObject({ status: 'done', sent: 1 });

    expect(api.callsTo('POST', 'workorders/12/claim/')).toHaveLength(1);
    await eventually(() => {
      expect(h.tab.events).toContainEqual({ type: 'synced', area: 'workorders', targetIds: ['12'] });
      expect(otherTab.events).toContainEqual({ type: 'synced', area: 'workorders', targetIds: ['12'] });
      expect(h.core.state().queue.items[0]).toMatchObject({ status: 'synced' });
      expect(other.state().queue.items[0]).toMatchObject({ status: 'synced' });
    });
  });

  it('a dead tab is dropped when its lock is released', async () => {
    const h = await signedIn();
    const doomed = await connectTab(h.core);
    cleanups.push(() => doomed.close());
    let dropped = false;
    void doomed.portClosed.then(() => (dropped = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(dropped).toBe(false);

    doomed.die();

    await doomed.portClosed;
    await h.core.workerCalls.network.browserOnline(false);
    await eventually(() => expect(h.tab.events.some((e) => e.type === 'patch' && e.patch.network?.isOnline === false)).toBe(true));
    expect(doomed.events.some((e) => e.type === 'patch' && e.patch.network?.isOnline === false)).toBe(false);
  });
});

describe('coming back online', () => {
  it('catches up from its cursor before it says online', async () => {
    const api = createFakeHttp();
    const order = (status: string) => ({ id: 4, status, description: 'Door', location_id: 2, location: { id: 2, name: 'Yard' }, created_at: '2026-02-01T00:00:00.000Z', updated_at: '2026-02-01T00:00:00.000Z' });
    const scope = ['locations', 'workorders'];
    let sinceSeen = '';
    let answerPull: (() => void) | null = null;
    api.on('GET', /^sync\//, async (request) => {
      const since = new URL(request.path, BASE_URL).searchParams.get('since') ?? '';
      sinceSeen = since;
      if (since === '') return json(200, { cursor: '5', more: false, snapshot: true, scope, changes: [{ area: 'workorders', id: 4, op: 'upsert', record: order('Pending') }] });
      // The catch-up pull answers only when the test lets it.
      await new Promise<void>((resolve) => (answerPull = resolve));
      return json(200, { cursor: '6', more: false, snapshot: false, scope, changes: [{ area: 'workorders', id: 4, op: 'upsert', record: order('Claimed') }] });
    });
    const h = await signedIn(api);
    await eventually(() => expect(h.core.state().workingSet?.records).toBe(1));
    await h.core.workerCalls.network.browserOnline(false);
    await eventually(() => expect(h.core.state().network.isOnline).toBe(false));

    void h.core.workerCalls.network.browserOnline(true);
    await eventually(() => expect(sinceSeen).toBe('5'));
    // Pulling: not yet "online".
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.core.state().network.isOnline).toBe(false);
    h.events.length = 0;
    answerPull!();
    await eventually(() => expect(h.core.state().network.isOnline).toBe(true));
    // The tabs heard of the changed order before they heard "online".
    const synced = h.events.findIndex((e) => e.type === 'synced' && e.area === 'workorders' && e.targetIds.includes('4'));
    const online = h.events.findIndex((e) => e.type === 'patch' && e.patch.network?.isOnline === true);
    expect(synced).toBeGreaterThanOrEqual(0);
    expect(synced).toBeLessThan(online);
  });
});

describe('writes waiting out a backoff', () => {
  it('go as soon as a response shows the server reachable again, not at the end of their backoff', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    let claims = 0;
    api.on('POST', 'workorders/8/claim/', () => {
      claims += 1;
      return json(200, { id: 8 });
    });
    // The browser says online, but nothing gets through (a phone out of coverage).
    api.down = true;
    await h.core.workerCalls.workorders.claim(8);
    await eventually(() => expect(h.core.state().network.isOnline).toBe(false));
    // Its send failed, so it waits out a backoff.
    await eventually(() => expect(h.core.state().queue.items[0]).toMatchObject({ status: 'retrying' }));
    const waiting = h.core.state().queue.items[0]!;
    expect(Date.parse(waiting.retryAt!) - Date.now()).toBeGreaterThan(1_000);

    // Coverage returns: no online event (the browser never said offline); a heartbeat's answer tells.
    api.down = false;
    api.on('POST', /heartbeat/, () => json(200, {}));
    await h.core.workerCalls.network.tabVisible();
    await eventually(() => expect(h.core.state().network.isOnline).toBe(true));
    await eventually(() => expect(h.core.state().queue.items[0]).toMatchObject({ status: 'synced' }));
    expect(claims).toBe(1);
  });
});
