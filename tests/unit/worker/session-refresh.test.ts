import { afterEach, describe, expect, it } from 'vitest';
import type { NormalizedError } from '../../../shared/data/protocol.js';
import { createDataCore, type DataCore } from '../../../src-worker/data-core.js';
import { BASE_URL, createFakeHttp, json, type FakeHttp, type RecordedRequest } from '../helpers/fake-http.js';
import { connectTab, createHarness, eventually, testUser, type Harness, type TabConnection } from '../helpers/data-core-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(api: FakeHttp): Promise<Harness & { tab: TabConnection }> {
  const h = await createHarness(api);
  cleanups.push(() => h.close());
  return h;
}

/** A server whose access tokens are `A<n>`; only the newest one is accepted. */
function tokenServer(api: FakeHttp, opts: { refreshDelayMs?: number; refuseRefresh?: boolean } = {}) {
  const server = { current: 'A1', refreshes: [] as string[], rotations: 0 };
  const authorised = (req: RecordedRequest) => req.headers.authorization === `Bearer ${server.current}`;
  api.on('POST', 'auth/jwt/create/', () => json(200, { access: 'A1', refresh: 'R1' }));
  api.on('GET', 'auth/users/me/', (req) => (authorised(req) ? json(200, testUser()) : json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' })));
  api.on('GET', /^workorders\/\d+\/$/, (req) => (authorised(req) ? json(200, { id: Number(req.path.split('/')[1]) }) : json(401, { detail: 'Given token not valid for any token type' })));
  api.on('POST', 'auth/jwt/refresh/', async (req) => {
    const refresh = (req.json as { refresh: string }).refresh;
    server.refreshes.push(refresh);
    if (opts.refreshDelayMs) await new Promise((r) => setTimeout(r, opts.refreshDelayMs));
    if (opts.refuseRefresh || refresh !== `R${server.rotations + 1}`) return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    server.rotations += 1;
    server.current = `A${server.rotations + 1}`;
    return json(200, { access: server.current, refresh: `R${server.rotations + 1}` });
  });
  return server;
}

async function signIn(h: Harness): Promise<void> {
  await h.core.workerCalls.session.login('Tech@Example.com', 'pw');
}

describe('sign-in', () => {
  it('lowercases the email, reads users/me with the new token and stores tokens and user', async () => {
    const api = createFakeHttp();
    tokenServer(api);
    const h = await start(api);
    const user = await h.core.workerCalls.session.login('  Tech@Example.COM ', 'Secret1!');
    expect(api.callsTo('POST', 'auth/jwt/create/')[0]!.json).toEqual({ email: 'tech@example.com', password: 'Secret1!' });
    expect(api.callsTo('POST', 'auth/jwt/create/')[0]!.headers.authorization).toBeUndefined();
    expect(api.callsTo('GET', 'auth/users/me/')[0]!.headers.authorization).toBe('Bearer A1');
    expect(user.email).toBe('tech@example.com');
    expect(await h.core.workerCalls.session.hasRefreshToken()).toBe(true);
    await eventually(() => expect(h.events).toContainEqual({ type: 'patch', patch: expect.objectContaining({ session: { status: 'signed-in', user } }) }));
  });

  it('a refused login leaves nobody signed in and reports a 401', async () => {
    const api = createFakeHttp();
    api.on('POST', 'auth/jwt/create/', () => json(401, { detail: 'No active account found with the given credentials' }));
    const h = await start(api);
    await expect(h.core.workerCalls.session.login('a@b.c', 'x')).rejects.toMatchObject({ type: 'auth', status: 401 });
    expect(h.core.state().session).toEqual({ status: 'signed-out', user: null });
    expect(h.events.some((e) => e.type === 'navigate')).toBe(false);
  });
});

describe('single-flight refresh (behaviour §4 Session refresh)', () => {
  it('N concurrent 401s share one refresh, then each request is retried once with the new token', async () => {
    const api = createFakeHttp();
    const server = tokenServer(api, { refreshDelayMs: 30 });
    const h = await start(api);
    await signIn(h);
    server.current = 'A2'; // A1 has expired on the server

    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => h.core.workerCalls.workorders.get(id)));

    expect(results.map((r) => r.data)).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })));
    expect(server.refreshes).toEqual(['R1']);
    for (const id of [1, 2, 3, 4, 5]) {
      expect(api.callsTo('GET', `workorders/${id}/`).map((c) => c.headers.authorization)).toEqual(['Bearer A1', 'Bearer A2']);
    }
    // The rotated refresh token is kept too: the next refresh uses it.
    server.current = 'A3';
    await h.core.workerCalls.workorders.get(9);
    expect(server.refreshes).toEqual(['R1', 'R2']);
  });

  it('two worker instances (fallback mode) refreshing at once spend the refresh token once', async () => {
    const api = createFakeHttp();
    const server = tokenServer(api, { refreshDelayMs: 30 });
    const first = await start(api);
    await signIn(first);
    const second: DataCore = createDataCore({ mode: 'dedicated', fetch: api.fetch, baseUrl: BASE_URL, timers: false, dbName: first.dbName, busName: first.busName });
    cleanups.push(() => second.close());
    await second.ready;
    server.current = 'A2';

    await Promise.all([first.core.workerCalls.workorders.get(1), second.workerCalls.workorders.get(2), first.core.workerCalls.workorders.get(3), second.workerCalls.workorders.get(4)]);

    expect(server.refreshes).toEqual(['R1']);
    expect(first.events.some((e) => e.type === 'navigate')).toBe(false);
  });

  it('a failed refresh clears the session and sends every tab to /login', async () => {
    const api = createFakeHttp();
    const server = tokenServer(api, { refuseRefresh: true });
    const h = await start(api);
    const otherTab = await connectTab(h.core);
    cleanups.push(() => otherTab.close());
    await signIn(h);
    server.current = 'A2';

    const failures = await Promise.allSettled([h.core.workerCalls.workorders.get(1), h.core.workerCalls.workorders.get(2)]);

    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect((failures[0] as PromiseRejectedResult).reason as NormalizedError).toMatchObject({ type: 'auth', message: 'Your session has expired. Please sign in again.' });
    expect(server.refreshes).toEqual(['R1']);
    expect(await h.core.workerCalls.session.hasRefreshToken()).toBe(false);
    await eventually(() => {
      expect(h.tab.events.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', to: '/login' }]);
      expect(otherTab.events.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', to: '/login' }]);
      expect(h.core.state().session.status).toBe('signed-out');
    });
  });

  it('a second 401 after the retry also ends the session', async () => {
    const api = createFakeHttp();
    const server = tokenServer(api);
    const h = await start(api);
    await signIn(h);
    server.current = 'A2';
    api.on('GET', 'workorders/77/', () => json(401, { detail: 'Given token not valid for any token type' }));

    await expect(h.core.workerCalls.workorders.get(77)).rejects.toMatchObject({ type: 'auth' });

    expect(api.callsTo('GET', 'workorders/77/')).toHaveLength(2);
    expect(server.refreshes).toEqual(['R1']);
    await eventually(() => expect(h.events).toContainEqual({ type: 'navigate', to: '/login' }));
    expect(await h.core.workerCalls.session.hasRefreshToken()).toBe(false);
  });

  it('without a refresh token a 401 goes straight to /login', async () => {
    const api = createFakeHttp();
    tokenServer(api);
    const h = await start(api);
    await signIn(h);
    const { DeviceDb } = await import('../../../shared/data/db-schema.js');
    const db = new DeviceDb(h.dbName);
    await db.setMeta('tokens', { access: 'old', refresh: '' });
    db.close();

    await expect(h.core.workerCalls.workorders.get(1)).rejects.toMatchObject({ type: 'auth' });

    expect(api.callsTo('POST', 'auth/jwt/refresh/')).toHaveLength(0);
    await eventually(() => expect(h.events).toContainEqual({ type: 'navigate', to: '/login' }));
  });

  it('a refresh that cannot reach the server keeps the session (offline is no reason to sign out)', async () => {
    const api = createFakeHttp();
    const server = tokenServer(api);
    const h = await start(api);
    await signIn(h);
    server.current = 'A2';
    api.on('POST', 'auth/jwt/refresh/', () => json(503, { detail: 'down' }));

    await expect(h.core.workerCalls.workorders.get(1)).rejects.toMatchObject({ type: 'server' });

    expect(await h.core.workerCalls.session.hasRefreshToken()).toBe(true);
    expect(h.events.some((e) => e.type === 'navigate')).toBe(false);
  });
});

describe('logout', () => {
  it('clears the user, the tokens, the saved answers and the queue, and every tab goes to /', async () => {
    const api = createFakeHttp();
    tokenServer(api);
    api.on('POST', 'auth/jwt/logout/', () => new Response(null, { status: 204 }));
    const h = await start(api);
    await signIn(h);
    await h.core.workerCalls.workorders.get(5);
    await h.core.workerCalls.network.browserOnline(false);
    await expect(h.core.workerCalls.workorders.claim(5)).resolves.toMatchObject({ status: 'queued' });
    await eventually(() => expect(h.core.state().queue.stats.totalItems).toBe(1));

    await h.core.workerCalls.session.logout();

    expect(api.callsTo('POST', 'auth/jwt/logout/')[0]!.json).toEqual({ refresh: 'R1' });
    expect(await h.core.workerCalls.session.hasRefreshToken()).toBe(false);
    await eventually(() => {
      expect(h.core.state().session).toEqual({ status: 'signed-out', user: null });
      expect(h.core.state().queue.stats.totalItems).toBe(0);
      expect(h.events).toContainEqual({ type: 'navigate', to: '/' });
    });
    api.down = true;
    await expect(h.core.workerCalls.workorders.get(5)).rejects.toMatchObject({ type: 'offline' });
  });
});
