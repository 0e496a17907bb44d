import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { REPORT_MAIL_RATE_LIMIT: '2' } });
  full = await t.createUser({ full: true });
});
afterAll(async () => {
  await t.close();
});

describe('report mails', () => {
  it('are rate limited per user on each of the three report routes', async () => {
    const other = await t.createUser({ full: true });
    for (const url of ['/api/v1/chemicals/chemical-inventory-report/', '/api/v1/parts/part-inventory-report/', '/api/v1/washes/car-wash-report/']) {
      const send = (as: TestUser) => t.request({ method: 'POST', url, as, payload: { email: 'not-an-address', location: 1 } });
      expect((await send(full)).statusCode, url).toBe(400);
      expect((await send(full)).statusCode, url).toBe(400);
      const limitedOut = await send(full);
      expect(limitedOut.statusCode, url).toBe(429);
      expect(limitedOut.json().detail).toMatch(/^Too many report mails\. Please wait .+ and try again\.$/);
      // Another user has a count of their own.
      expect((await send(other)).statusCode, url).toBe(400);
    }
  });
});
