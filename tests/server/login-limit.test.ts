/**
 * The per-account sign-in limit beside the per-address one: failed sign-ins at one account from
 * any number of client addresses count together (LOGIN_ACCOUNT_LIMIT, default 10, within
 * LOGIN_ACCOUNT_LOCK_MINUTES, default 15, of the first); beyond it every attempt answers 429, the
 * right password included, until the time is up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let hosts = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A sign-in from a client address no other attempt used. */
const signIn = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email, password }, remoteAddress: `10.${Math.floor(++hosts / 250)}.${hosts % 250}.7` });

describe('per-account sign-in limit', () => {
  it('defaults to 10 failures within 15 minutes, and is configurable', () => {
    const config = loadConfig({ DATA_DIR: t.dataDir, SECRET_KEY: 'k'.repeat(32) });
    expect([config.loginAccountLimit, config.loginAccountLockMinutes]).toEqual([10, 15]);
    expect(t.config.loginAccountLimit).toBe(10);
    expect(() => loadConfig({ DATA_DIR: t.dataDir, SECRET_KEY: 'k'.repeat(32), LOGIN_ACCOUNT_LIMIT: '0' })).toThrow(/LOGIN_ACCOUNT_LIMIT/);
  });

  it('refuses the right password after 10 wrong ones from 10 addresses, until the lock time is up', async () => {
    const u = await t.createUser({ email: 'target@example.com' });
    const other = await t.createUser({ email: 'bystander@example.com' });
    for (let i = 0; i < 10; i++) expect((await signIn('target@example.com', `Wrong-Guess-${i}`)).statusCode).toBe(401);
    const locked = await signIn('target@example.com', u.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: 'Too many failed sign-ins for this account. Please wait 15 minutes and try again.', code: 'account_locked' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Any spelling of the address is the same account.
    expect((await signIn('TARGET@Example.com', u.password)).statusCode).toBe(429);
    // Another account is not touched.
    expect((await signIn('bystander@example.com', other.password)).statusCode).toBe(200);

    // Fifteen minutes after the first failure the account signs in again, and its count starts over.
    await t.database.db.updateTable('login_failures').set({ first_failed_at: new Date(Date.now() - 15 * 60_000 - 1000).toISOString() }).where('account', '=', 'target@example.com').execute();
    expect((await signIn('target@example.com', u.password)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('login_failures').selectAll().where('account', '=', 'target@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('forgets the failures when the right password signs in', async () => {
    const u = await t.createUser({ email: 'forgetful@example.com' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await signIn('forgetful@example.com', `Wrong-Guess-${i}`)).statusCode).toBe(401);
      expect((await signIn('forgetful@example.com', u.password)).statusCode).toBe(200);
    }
  });

  it('limits an address without an account the same way, so the limit does not tell who has one', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('nobody.here@example.com', `Wrong-Guess-${i}`)).statusCode).toBe(401);
    expect((await signIn('nobody.here@example.com', 'Wrong-Guess-x')).statusCode).toBe(429);
  });

  it('lets no more than 10 of many simultaneous guesses be checked', async () => {
    await t.createUser({ email: 'stormed@example.com' });
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn('stormed@example.com', `Wrong-Guess-${i}`)));
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(15);
  });
});
