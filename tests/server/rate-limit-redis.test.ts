/**
 * Rate-limit counters in Redis (REDIS_URL): two apps, as two server processes would be, count one
 * client's sign-in attempts together; without Redis each counts alone; an unreachable Redis lets
 * requests through rather than refusing or failing them. Runs when TEST_REDIS_URL is set (CI
 * starts the machine's Redis).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL!;
const LIMIT = 3;
const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env: { AUTH_RATE_LIMIT: String(LIMIT), ...env } });
  opened.push(t);
  return t;
}

const signIn = (t: TestApp) => t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'nobody@example.com', password: 'Wrong-Password-1' } });

describe('rate-limit counters', () => {
  it('are shared through Redis by several processes', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
    const [a, b] = [await app(env), await app(env)];
    const statuses = [(await signIn(a)).statusCode, (await signIn(b)).statusCode, (await signIn(a)).statusCode, (await signIn(b)).statusCode];
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await signIn(a)).json()).toMatchObject({ detail: expect.any(String) });
  });

  it('are kept per process without Redis', async () => {
    const [a, b] = [await app({}), await app({})];
    const statuses = [(await signIn(a)).statusCode, (await signIn(b)).statusCode, (await signIn(a)).statusCode, (await signIn(b)).statusCode];
    expect(statuses).toEqual([401, 401, 401, 401]);
  });

  it('let requests through when Redis cannot be reached', async () => {
    // A port nobody listens on: taken and released at once.
    const port = await new Promise<number>((done) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => done(p));
      });
    });
    const a = await app({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const started = Date.now();
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await signIn(a)).statusCode);
    expect(statuses).toEqual(Array(LIMIT + 2).fill(401));
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
