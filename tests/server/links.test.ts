/**
 * Links in answers (pagination, media URLs) point at PUBLIC_URL, or at what a trusted proxy passes
 * on, never at the request's own Host header: anyone can set that, and a link built from it would
 * send the client's next request, with its token, elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const store = (i: number) => ({ location_type: 'GENERAL STORE', name: `Store ${i}`, address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' });

async function withTwoPages(t: TestApp, as: TestUser): Promise<void> {
  for (let i = 0; i < 11; i++) expect((await t.request({ method: 'POST', url: '/api/v1/locations/', as, payload: store(i) })).statusCode).toBe(201);
}

describe('links without a trusted proxy', () => {
  let t: TestApp;
  let full: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cmms.example.com' } });
    full = await t.createUser({ full: true });
    await withTwoPages(t, full);
  });
  afterAll(() => t.close());

  it('come from PUBLIC_URL whatever Host or X-Forwarded-Host says', async () => {
    for (const headers of [{ host: 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }, {}]) {
      const page = await t.request({ method: 'GET', url: '/api/v1/locations/', as: full, headers });
      expect(page.statusCode).toBe(200);
      expect(page.json().next).toBe('https://cmms.example.com/api/v1/locations/?page=2');
      const second = await t.request({ method: 'GET', url: '/api/v1/locations/?page=2', as: full, headers });
      expect(second.json().previous).toBe('https://cmms.example.com/api/v1/locations/');
    }
  });

  it('answer a malformed Host header with 400 (as HTTP requires), and take no link from an odd but valid one', async () => {
    for (const host of ['a b', '[::1', 'a:b:c']) {
      const page = await t.request({ method: 'GET', url: '/api/v1/locations/', as: full, headers: { host } });
      expect([host, page.statusCode, page.json()]).toEqual([host, 400, { detail: 'The Host header is missing, repeated or not a valid host.' }]);
    }
    const page = await t.request({ method: 'GET', url: '/api/v1/locations/', as: full, headers: { host: 'x'.repeat(300) } });
    expect(page.statusCode).toBe(200);
    expect(page.json().next).toBe('https://cmms.example.com/api/v1/locations/?page=2');
  });

  it('keep only the path of an absolute-form request line', async () => {
    const page = await t.request({ method: 'GET', url: 'http://evil.example/api/v1/locations/?page=1', as: full });
    expect(page.statusCode).toBe(200);
    expect(page.json().next).toBe('https://cmms.example.com/api/v1/locations/?page=2');
  });
});

describe('links behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  let full: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cmms.example.com', TRUST_PROXY: '1' } });
    full = await t.createUser({ full: true });
    await withTwoPages(t, full);
  });
  afterAll(() => t.close());

  it('follow the forwarded host and protocol the proxy passes on', async () => {
    const page = await t.request({ method: 'GET', url: '/api/v1/locations/', as: full, headers: { 'x-forwarded-host': 'maint.example.org', 'x-forwarded-proto': 'https' } });
    expect(page.json().next).toBe('https://maint.example.org/api/v1/locations/?page=2');
  });

  it('fall back to PUBLIC_URL when the forwarded host is not a host name', async () => {
    for (const forwarded of ['a b', 'evil.example/path', 'user@evil.example']) {
      const page = await t.request({ method: 'GET', url: '/api/v1/locations/', as: full, headers: { 'x-forwarded-host': forwarded, 'x-forwarded-proto': 'https' } });
      expect(page.statusCode).toBe(200);
      expect(page.json().next).toBe('https://cmms.example.com/api/v1/locations/?page=2');
    }
  });
});
