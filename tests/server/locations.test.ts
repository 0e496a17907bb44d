import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  limited = await t.createUser();
});
afterAll(async () => {
  await t.close();
});

const store = (name: string) => ({ location_type: 'GENERAL STORE', name, address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' });

describe('locations', () => {
  it('creates, reads and updates a location; optional ids are null when empty', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { ...store('Store A'), epos: '  ', occ_id: 'OCC-1' } });
    expect(created.statusCode).toBe(201);
    const loc = created.json();
    expect(loc).toMatchObject({ name: 'Store A', location_type: 'GENERAL STORE', epos: null, occ_id: 'OCC-1', verifone_id: null });

    const read = await t.request({ method: 'GET', url: `/api/v1/locations/${loc.id}`, as: limited });
    expect(read.statusCode).toBe(200);
    expect(read.json().name).toBe('Store A');

    const updated = await t.request({ method: 'PUT', url: `/api/v1/locations/${loc.id}/`, as: full, payload: { name: 'Store A2', address: '2 Main St', city: 'Springfield', state: 'IL', postal_code: '62702' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Store A2', location_type: 'GENERAL STORE', postal_code: '62702' });
  });

  it('validates required fields and the type, changing nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/v1/locations/', as: full })).json().count;
    const missing = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { name: 'X' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['address', 'city', 'location_type', 'postal_code', 'state']);
    const badType = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { ...store('Y'), location_type: 'CASTLE' } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toHaveProperty('location_type');
    const blank = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { ...store('   ') } });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const long = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { ...store('x'.repeat(300)) } });
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 255 characters.'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/locations/', as: full })).json().count).toBe(before);
  });

  it('pages by 10 in name order, and all are read by following next', async () => {
    for (let i = 0; i < 23; i++) {
      await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: store(`Page Store ${String(i).padStart(2, '0')}`) });
    }
    const first = await t.request({ method: 'GET', url: '/api/v1/locations/', as: limited });
    const body = first.json();
    expect(body.results).toHaveLength(10);
    expect(body.previous).toBeNull();
    const names: string[] = [];
    let next: string | null = 'http://cmms.test/api/v1/locations/';
    while (next) {
      const url = new URL(next);
      const page = await t.request({ method: 'GET', url: url.pathname + url.search, as: limited });
      expect(page.statusCode).toBe(200);
      names.push(...page.json().results.map((l: { name: string }) => l.name));
      next = page.json().next;
    }
    expect(names).toHaveLength(body.count);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect((await t.request({ method: 'GET', url: '/api/v1/locations/?page=99', as: full })).json()).toEqual({ detail: 'Invalid page.' });
    expect((await t.request({ method: 'GET', url: '/api/v1/locations/?page=0', as: full })).statusCode).toBe(400);
  });

  it('enforces permissions: visitors none, limited read only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/locations/' })).statusCode).toBe(401);
    const write = await t.request({ method: 'POST', url: '/api/v1/locations/', as: limited, payload: store('Nope') });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await t.request({ method: 'PUT', url: '/api/v1/locations/1/', as: limited, payload: store('Nope') })).statusCode).toBe(403);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/locations/999999/', as: full })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/v1/locations/abc/', as: full })).json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ method: 'PUT', url: '/api/v1/locations/999999/', as: full, payload: store('Z') })).statusCode).toBe(404);
  });
});

describe('choice fields', () => {
  it('answers an unknown choice with one message listing the choices', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { ...store('Choice'), location_type: 'CASTLE' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ location_type: ['Not a valid choice. Choose one of: GENERAL STORE, RESTAURANT, HOTEL, OTHER.'] });
  });
});
