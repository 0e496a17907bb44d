import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../shared/constants.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CHEMICAL_LOCATIONS: '7, 8,9', CHEMICAL_REPORT_LOCATION: '9', PART_LOCATIONS: '8', TIME_ZONE: 'America/Chicago' } });
});
afterAll(async () => {
  await t.close();
});

describe('settings', () => {
  it('gives any signed-in user the configured site capabilities', async () => {
    const limited = await t.createUser();
    const res = await t.request({ method: 'GET', url: '/api/v1/settings/', as: limited });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ chemical_locations: [7, 8, 9], chemical_report_location: 9, part_locations: [8], time_zone: 'America/Chicago', version: APP_VERSION });
    const full = await t.createUser({ full: true });
    expect((await t.request({ method: 'GET', url: '/api/v1/settings', as: full })).json().part_locations).toEqual([8]);
  });

  it('uses the documented defaults when nothing is configured', async () => {
    const plain = await createTestApp();
    try {
      const user = await plain.createUser();
      const res = await plain.request({ method: 'GET', url: '/api/v1/settings/', as: user });
      expect(res.json()).toEqual({ chemical_locations: [1102, 1104, 1311, 3003], chemical_report_location: 3003, part_locations: [3003, 3008], time_zone: 'UTC', version: APP_VERSION });
    } finally {
      await plain.close();
    }
  });

  it('is not for visitors', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/settings/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
