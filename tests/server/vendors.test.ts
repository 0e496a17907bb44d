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

const acme = { name: 'Acme Supply', address: '9 Depot Rd', city: 'Joliet', state: 'IL', postal_code: '60431', telephone_number: '555-0100' };
const vendorCount = async () => (await t.request({ method: 'GET', url: '/api/v1/vendors/', as: full })).json().count as number;

describe('vendors', () => {
  it('creates, reads and updates a vendor', async () => {
    const created = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { ...acme, name: '  Acme Supply  ' } });
    expect(created.statusCode).toBe(201);
    const vendor = created.json();
    expect(vendor).toEqual({ id: expect.any(Number), ...acme, created_at: expect.any(String), updated_at: expect.any(String) });

    const read = await t.request({ method: 'GET', url: `/api/v1/vendors/${vendor.id}`, as: full });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(vendor);

    const updated = await t.request({ method: 'PUT', url: `/api/v1/vendors/${vendor.id}/`, as: full, payload: { ...acme, name: 'Acme Industrial', city: 'Aurora' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...vendor, name: 'Acme Industrial', city: 'Aurora', updated_at: expect.any(String) });
  });

  it('creates with no fields at all; an update needs only a name and keeps fields it was not sent', async () => {
    const empty = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: {} });
    expect(empty.statusCode).toBe(201);
    expect(empty.json()).toMatchObject({ name: '', address: '', city: '', state: '', postal_code: '', telephone_number: '' });

    const id = empty.json().id;
    const noName = await t.request({ method: 'PUT', url: `/api/v1/vendors/${id}/`, as: full, payload: { city: 'Peoria' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ name: ['This field is required.'] });
    const blank = await t.request({ method: 'PUT', url: `/api/v1/vendors/${id}/`, as: full, payload: { name: '   ' } });
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await t.request({ method: 'GET', url: `/api/v1/vendors/${id}/`, as: full })).json().city).toBe('');

    const named = await t.request({ method: 'PUT', url: `/api/v1/vendors/${id}/`, as: full, payload: { name: 'Bolt Co', telephone_number: '555-0199' } });
    expect(named.json()).toMatchObject({ name: 'Bolt Co', telephone_number: '555-0199', city: '' });
    const onlyName = await t.request({ method: 'PUT', url: `/api/v1/vendors/${id}/`, as: full, payload: { name: 'Bolt Company' } });
    expect(onlyName.json()).toMatchObject({ name: 'Bolt Company', telephone_number: '555-0199' });
    const cleared = await t.request({ method: 'PUT', url: `/api/v1/vendors/${id}/`, as: full, payload: { name: 'Bolt Company', telephone_number: '' } });
    expect(cleared.json().telephone_number).toBe('');
  });

  it('rejects over-long and non-text values, changing nothing', async () => {
    const before = await vendorCount();
    const long = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { ...acme, postal_code: '9'.repeat(33) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ postal_code: ['Ensure this field has no more than 32 characters.'] });
    const obj = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: { first: 'x' } } });
    expect(obj.json()).toEqual({ name: ['Not a valid string.'] });
    expect(await vendorCount()).toBe(before);
  });

  it('pages by 10 in name order', async () => {
    for (let i = 0; i < 14; i++) {
      await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: `Vendor ${String(13 - i).padStart(2, '0')}` } });
    }
    const total = await vendorCount();
    const names: string[] = [];
    let next: string | null = 'http://cmms.test/api/v1/vendors/';
    while (next) {
      const url = new URL(next);
      const page = await t.request({ method: 'GET', url: url.pathname + url.search, as: full });
      expect(page.statusCode).toBe(200);
      expect(page.json().results.length).toBeLessThanOrEqual(10);
      names.push(...page.json().results.map((v: { name: string }) => v.name));
      next = page.json().next;
    }
    expect(names).toHaveLength(total);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    const second = await t.request({ method: 'GET', url: '/api/v1/vendors/?page=2', as: full });
    expect(second.json().previous).toBe('http://cmms.test/api/v1/vendors/');
    expect((await t.request({ method: 'GET', url: '/api/v1/vendors/?page=50', as: full })).json()).toEqual({ detail: 'Invalid page.' });
  });

  it('is for full-access users only', async () => {
    const before = await vendorCount();
    const calls = [
      { method: 'GET' as const, url: '/api/v1/vendors/' },
      { method: 'GET' as const, url: '/api/v1/vendors/1/' },
      { method: 'POST' as const, url: '/api/v1/vendors/', payload: acme },
      { method: 'PUT' as const, url: '/api/v1/vendors/1/', payload: acme },
    ];
    for (const call of calls) {
      expect((await t.request(call)).statusCode).toBe(401);
      expect((await t.request({ ...call, as: limited })).json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    expect(await vendorCount()).toBe(before);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/vendors/999999/', as: full })).json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ method: 'GET', url: '/api/v1/vendors/x1/', as: full })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: '/api/v1/vendors/999999/', as: full, payload: acme })).statusCode).toBe(404);
  });
});
