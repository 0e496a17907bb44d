import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, seedDemoData } from '../../src-server/demo/seed.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CHEMICAL_LOCATIONS: '1102,1104,1311,1400,3003', PART_LOCATIONS: '3003,3008' } });
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string, password: string): Promise<Record<string, string>> {
  const res = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().access}` };
}

describe('demo data', () => {
  it('fills an empty database once, for every configured site, with both demo logins working', async () => {
    expect(await seedDemoData(t.database, t.config)).toEqual(DEMO_LOGINS);
    expect(await seedDemoData(t.database, t.config)).toBeNull();

    const full = await signIn(DEMO_LOGINS[0]!.email, DEMO_LOGINS[0]!.password);
    const limited = await signIn(DEMO_LOGINS[1]!.email, DEMO_LOGINS[1]!.password);
    const me = await t.request({ method: 'GET', url: '/api/v1/auth/users/me/', headers: limited });
    expect(me.json().full_feature_access).toBe(false);

    for (const id of [1102, 1104, 1311, 1400, 3003, 3008]) {
      expect((await t.request({ method: 'GET', url: `/api/v1/locations/${id}/`, headers: full })).statusCode).toBe(200);
    }
    const orders = (await t.request({ method: 'GET', url: '/api/v1/workorders/', headers: limited })).json();
    expect(new Set(orders.results.map((o: { status: string }) => o.status))).toEqual(new Set(['Pending', 'Claimed', 'Completed']));
    const tasks = (await t.request({ method: 'GET', url: '/api/v1/maintenance/tasks/', headers: full })).json();
    expect(new Set(tasks.results.map((x: { status: string }) => x.status))).toEqual(new Set(['CLAIMED', 'COMPLETE', 'PAST_DUE', 'DUE', 'ALMOST_DUE', 'NEW', 'UP_TO_DATE']));
    const chemicals = (await t.request({ method: 'GET', url: '/api/v1/chemicals/list/?locations__id=1400', headers: full })).json();
    expect(chemicals.results.map((c: { chemical_name_description: { name: string } }) => c.chemical_name_description.name)).toContain('Salt');
    const packages = (await t.request({ method: 'GET', url: '/api/v1/washes/packages/?location=1102', headers: full })).json();
    expect(packages.length).toBeGreaterThan(0);
    expect((await t.request({ method: 'GET', url: '/api/v1/parts/list/?location=3008', headers: full })).json().count).toBeGreaterThan(0);

    // A location created afterwards gets a fresh id (PostgreSQL's sequence moved past the site ids).
    const created = await t.request({ method: 'POST', url: '/api/v1/locations/', headers: full, payload: { location_type: 'OTHER', name: 'After demo', address: 'a', city: 'c', state: 's', postal_code: '1' } });
    expect(created.statusCode).toBe(201);
  });
});
