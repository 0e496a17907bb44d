import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_TTL_MS } from '../../../shared/constants.js';
import { readThroughCache } from '../../../src-worker/cache/cached-read.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { createTestServices, type TestServices } from '../helpers/services.js';

let api: FakeHttp;
let s: TestServices;
beforeEach(async () => {
  api = createFakeHttp();
  s = createTestServices(api);
  await s.session.signIn({ access: 'A1', refresh: 'R1' }, { id: 1, email: 'a@b.c', first_name: 'A', last_name: 'B', full_feature_access: true, is_staff: false, userInfo: { full_name: 'A B', date_joined: '', last_login: null }, language: null });
});
afterEach(() => s.close());

const read = () => readThroughCache(s.cache, 'workorders/3/', () => s.http.request<{ id: number; v: number }>({ path: 'workorders/3/' }));

async function primeCache(): Promise<string> {
  api.on('GET', 'workorders/3/', () => json(200, { id: 3, v: 1 }));
  const fresh = await read();
  expect(fresh).toEqual({ data: { id: 3, v: 1 }, fromCache: false, cachedAt: new Date(s.clock.now).toISOString() });
  const savedAt = fresh.cachedAt!;
  s.clock.now += 60_000;
  return savedAt;
}

describe('reads with the cache fallback (behaviour §4)', () => {
  it('a network failure returns the saved copy marked as from the cache, with its time', async () => {
    const savedAt = await primeCache();
    api.down = true;
    expect(await read()).toEqual({ data: { id: 3, v: 1 }, fromCache: true, cachedAt: savedAt });
  });

  it('a 500 (retryable) returns the saved copy too', async () => {
    const savedAt = await primeCache();
    api.on('GET', 'workorders/3/', () => json(500, { detail: 'A server error occurred.' }));
    expect(await read()).toEqual({ data: { id: 3, v: 1 }, fromCache: true, cachedAt: savedAt });
  });

  it('a 404 is rethrown, never answered from the cache', async () => {
    await primeCache();
    api.on('GET', 'workorders/3/', () => json(404, { detail: 'Not found.' }));
    await expect(read()).rejects.toMatchObject({ type: 'not_found', status: 404 });
  });

  it('other 4xx are rethrown as well', async () => {
    await primeCache();
    api.on('GET', 'workorders/3/', () => json(403, { detail: 'No.' }));
    await expect(read()).rejects.toMatchObject({ type: 'forbidden' });
  });

  it('without a saved copy the failure itself is thrown', async () => {
    api.down = true;
    await expect(read()).rejects.toMatchObject({ type: 'network' });
  });

  it('a successful read refreshes the saved copy', async () => {
    await primeCache();
    api.on('GET', 'workorders/3/', () => json(200, { id: 3, v: 2 }));
    await read();
    api.down = true;
    expect((await read()).data).toEqual({ id: 3, v: 2 });
  });

  it('a copy older than the time to live is not used, and the hourly purge removes it', async () => {
    await primeCache();
    s.clock.now += CACHE_TTL_MS;
    api.down = true;
    await expect(read()).rejects.toMatchObject({ type: 'network' });
    expect(await s.db.cache.count()).toBe(1);
    expect(await s.cache.purgeExpired()).toBe(1);
    expect(await s.db.cache.count()).toBe(0);
  });
});
