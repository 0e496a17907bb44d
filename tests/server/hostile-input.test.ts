/**
 * Input that used to crash a request (500) or be stored as it came is refused with a DRF 400 and
 * changes nothing: field names that are Object.prototype members holding a NUL, bodies nested
 * thousands deep, multipart bodies without a boundary or cut short, text that is only white space,
 * broken Unicode, and direction controls in names and file names.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let assetId: number;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  const location = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { location_type: 'GENERAL STORE', name: 'Store', address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' } });
  const asset = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { name: 'Cooler', description: 'Reach-in', serial_number: 'SN-1', location_id: location.json().id } });
  assetId = asset.json().id;
});
afterAll(() => t.close());

/** Row counts of what these requests could have written, and the stored files. */
async function state(): Promise<string> {
  const count = async (table: 'vendors' | 'work_orders' | 'assets') => (await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  const files = readdirSync(join(t.dataDir, 'uploads'), { recursive: true }).length;
  const asset = await t.database.db.selectFrom('assets').selectAll().where('id', '=', assetId).executeTakeFirst();
  return JSON.stringify([await count('vendors'), await count('work_orders'), await count('assets'), files, asset]);
}

describe('field names that are Object.prototype members', () => {
  it('holding a NUL are a field error, signed in or not, in the query or the body', async () => {
    const before = await state();
    for (const name of ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__']) {
      const anonymous = await t.request({ method: 'GET', url: `/api/v1/monitoring/version/?${name}=%00` });
      expect(anonymous.statusCode, name).toBe(400);
      expect(anonymous.json()).toEqual({ [name]: ['Null characters are not allowed.'] });
      const list = await t.request({ method: 'GET', url: `/api/v1/vendors/?page=1&${name}=%00`, as: full });
      expect(list.statusCode, name).toBe(400);
    }
    for (const name of ['toString', 'constructor', 'hasOwnProperty']) {
      const created = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, headers: { 'content-type': 'application/json' }, payload: `{"name":"Acme","${name}":"\\u0000"}` });
      expect(created.statusCode, name).toBe(400);
      expect(Object.keys(created.json())).toEqual([name]);
    }
    expect(await state()).toBe(before);
  });
});

describe('deeply nested bodies', () => {
  it('are refused before anything walks them, with or without an Idempotency-Key', async () => {
    const before = await state();
    const deep = (n: number) => `{"name":"Acme","extra":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`;
    for (const headers of [{ 'idempotency-key': 'deeply-nested-1' }, {}]) {
      const res = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, headers: { 'content-type': 'application/json', ...headers }, payload: deep(3_000) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'The request body is nested too deeply.' });
    }
    // An ordinary body with the same key afterwards is not a replay of the refusal's fingerprint clash.
    expect((await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, headers: { 'content-type': 'application/json' }, payload: deep(3) })).statusCode).toBe(201);
    expect(await state()).not.toBe(before);
  });
});

describe('broken multipart bodies', () => {
  const PNG_START = '\x89PNG\r\n\x1a\n';
  const bodies: [string, Record<string, string>, string][] = [
    ['no boundary', { 'content-type': 'multipart/form-data' }, '--x\r\ncontent-disposition: form-data; name="description"\r\n\r\nLeak\r\n--x--\r\n'],
    ['cut short in a field', { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\ncontent-disposition: form-data; name="description"\r\n\r\nLea'],
    ['cut short in a file', { 'content-type': 'multipart/form-data; boundary=x' }, `--x\r\ncontent-disposition: form-data; name="thumbnail"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n${PNG_START}`],
    ['not multipart at all', { 'content-type': 'multipart/form-data; boundary=x' }, 'garbage'],
  ];
  const routes = () => [
    ['POST', '/api/v1/workorders/'],
    ['POST', '/api/v1/assets/create/'],
    ['PUT', `/api/v1/assets/${assetId}/`],
  ];

  it('are a DRF 400 on every route that takes files, and store nothing', async () => {
    const before = await state();
    for (const [method, url] of routes()) {
      for (const [what, headers, payload] of bodies) {
        const res = await t.request({ method: method as 'POST', url: url!, as: full, headers, payload: Buffer.from(payload, 'latin1') });
        expect(res.statusCode, `${method} ${url} ${what}`).toBe(400);
        expect(res.json()).toEqual({ detail: 'Multipart form parse error - the request body is not a complete multipart form.' });
      }
    }
    expect(await state()).toBe(before);
  });
});

describe('text', () => {
  it('is trimmed before it is validated: white space alone is blank, and nothing is stored', async () => {
    const heartbeat = { installation_id: ' '.repeat(12), app_version: '4.6.18', platform: 'web', device_name: '', os_name: '', os_version: '', is_pwa: false };
    const res = await t.request({ method: 'POST', url: '/api/v1/monitoring/heartbeat/', as: full, payload: heartbeat });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['installation_id']);
    expect(await t.database.db.selectFrom('devices').selectAll().execute()).toEqual([]);
    const padded = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: '  Acme Supply  ', city: ' Dallas ' } });
    expect(padded.statusCode).toBe(201);
    expect(padded.json()).toMatchObject({ name: 'Acme Supply', city: 'Dallas' });
  });

  it('must be valid Unicode anywhere, and names carry no direction controls', async () => {
    const before = await state();
    const send = (payload: object) => t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload });
    const lone = await send({ name: 'Acme \uD800 Supply' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toEqual({ name: ['Text must be valid Unicode.'] });
    expect((await send({ name: 'Acme', address: 'x\uDFFFy' })).json()).toEqual({ address: ['Text must be valid Unicode.'] });
    for (const control of ['\u202E', '\u2066', '\u200F', '\u061C']) {
      const res = await send({ name: `Acme${control}gpj.exe` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ name: ['Direction control characters are not allowed in names.'] });
    }
    expect(await state()).toBe(before);
    // Right-to-left text itself is fine, and so are controls in free text such as a description.
    expect((await send({ name: 'مورد قطع الغيار' })).statusCode).toBe(201);
    const order = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: { location_id: 1, description: 'Leak near \u202Eexit\u202C door' } });
    expect(order.statusCode).toBe(201);
  });

  it('refuses an uploaded file whose name carries direction controls', async () => {
    const before = await state();
    const form = new FormData();
    form.append('location_id', '1');
    form.append('description', 'Door');
    form.append('new_attachments', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }), 'photo\u202Egnp.exe');
    const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: form });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_attachments: ['Direction control characters are not allowed in file names.'] });
    expect(await state()).toBe(before);
  });
});
