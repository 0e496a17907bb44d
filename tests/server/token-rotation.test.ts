/**
 * Refresh-token rotation and reuse detection (RFC 9700): the grace period after a rotation covers
 * only a retry of the newest rotation and hands back the same successor; any other use of an old
 * token ends the whole login. Token routes are never stored as idempotent replays, and verify
 * accepts a refresh token only while its login is usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser({ full: true });
});
afterAll(() => t.close());

async function login(): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: user.user.email, password: user.password } });
  expect(res.statusCode).toBe(200);
  return res.json().refresh;
}

const refresh = (token: string, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: token }, headers });
const verify = (token: string) => t.request({ method: 'POST', url: '/api/v1/auth/jwt/verify/', payload: { token } });

describe('refresh-token rotation', () => {
  it('refuses an older token once its successor has been used, and ends that login', async () => {
    const a = await login();
    const b = (await refresh(a)).json().refresh as string;
    const c = (await refresh(b)).json().refresh as string;
    expect(new Set([a, b, c]).size).toBe(3);
    // A, presented again within the grace period, is not a retry of the newest rotation: reuse.
    expect((await refresh(a)).statusCode).toBe(401);
    expect((await refresh(c)).statusCode).toBe(401);
  });

  it('answers a retry of the newest rotation with the same successor, not a new branch', async () => {
    const a = await login();
    const first = await refresh(a);
    const retry = await refresh(a);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refresh).toBe(first.json().refresh);
    // The successor carries the login on; the old token is spent for good once it is used.
    const c = await refresh(first.json().refresh);
    expect(c.statusCode).toBe(200);
    expect((await refresh(a)).statusCode).toBe(401);
    expect((await refresh(c.json().refresh)).statusCode).toBe(401);
  });

  it('never stores or replays token answers under an Idempotency-Key', async () => {
    const a = await login();
    const headers = { 'idempotency-key': 'refresh-key-0001', authorization: user.headers.authorization! };
    const first = await refresh(a, headers);
    expect(first.statusCode).toBe(200);
    const b = first.json().refresh as string;
    expect((await refresh(b)).statusCode).toBe(200); // B is used: A is now reuse
    const again = await refresh(a, headers);
    expect(again.statusCode).toBe(401);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const stored = await t.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'refresh-key-0001').execute();
    expect(stored).toEqual([]);
  });
});

describe('verify', () => {
  it('accepts a refresh token only while its login is usable', async () => {
    const a = await login();
    expect((await verify(a)).statusCode).toBe(200);
    const b = (await refresh(a)).json().refresh as string;
    expect((await verify(a)).statusCode).toBe(401); // rotated
    expect((await verify(b)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/jwt/logout/', payload: { refresh: b } })).statusCode).toBe(204);
    expect((await verify(b)).statusCode).toBe(401); // revoked
    expect((await verify(user.token)).statusCode).toBe(200); // an access token is checked by its signature and expiry
  });
});
