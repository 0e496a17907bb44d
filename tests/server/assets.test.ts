import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { multipartBody, ONE_PIXEL_PNG } from '../helpers/multipart.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let storeA: { id: number; name: string };
let storeB: { id: number; name: string };

const PNG = ONE_PIXEL_PNG;
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

async function makeLocation(name: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/locations/',
    as: full,
    payload: { location_type: 'GENERAL STORE', name, address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
}


const assetCount = async (query = '') => (await t.request({ method: 'GET', url: `/api/v1/assets/list/${query}`, as: full })).json().count as number;
const storedThumbnails = () => {
  const dir = join(t.config.uploadsDir, 'assets');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const minimal = (name: string) => ({ name, description: 'Walk-in cooler', serial_number: `SN-${name}` });
const fullForm = () => ({
  brand: 'Hoshizaki',
  name: 'Ice Machine',
  description: 'Cube ice maker',
  asset_type: 'FOOD SERVICE',
  serial_number: 'HZ-100',
  location_id: storeA.id,
  acquisition_date: '2023-04-05',
  purchase_price: 4200.5,
});

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  limited = await t.createUser();
  storeA = await makeLocation('Asset Store A');
  storeB = await makeLocation('Asset Store B');
});
afterAll(async () => {
  await t.close();
});

describe('asset create and read', () => {
  it('creates an asset from JSON and reads it back in the nested shape', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { ...fullForm(), acquisition_date: '2023-04-05T00:00:00.000Z' } });
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    expect(asset).toEqual({
      id: expect.any(Number),
      brand: { brand: 'Hoshizaki' },
      name: { name: 'Ice Machine' },
      description: { description: 'Cube ice maker' },
      asset_type: { asset_type: 'FOOD SERVICE' },
      serial_number: 'HZ-100',
      location: { id: storeA.id, name: storeA.name },
      location_id: storeA.id,
      acquisition_date: '2023-04-05',
      purchase_price: 4200.5,
      thumbnail_url: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      version: 1,
      updated_by: { id: full.user.id, first_name: full.user.first_name, last_name: full.user.last_name },
      code: expect.stringMatching(/^A-[2-9A-HJKMNP-Z]{5}$/),
    });
    const read = await t.request({ method: 'GET', url: `/api/v1/assets/${asset.id}`, as: full });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(asset);
  });

  it('needs only name, description and serial number; an empty location becomes null and the type defaults', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { ...minimal('Cooler'), location_id: '', acquisition_date: '', purchase_price: null } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      brand: { brand: '' },
      asset_type: { asset_type: 'BEVERAGE' },
      location: null,
      location_id: null,
      acquisition_date: null,
      purchase_price: null,
    });
    const zero = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { ...minimal('Freebie'), purchase_price: 0 } });
    expect(zero.json().purchase_price).toBe(0);
  });

  it('accepts a multipart form with a thumbnail image that is then served from /media/', async () => {
    const before = storedThumbnails();
    const body = await multipartBody(
      { brand: 'Lincoln', name: 'Welder', description: 'Stick welder', asset_type: 'OTHER', serial_number: 'LW-7', location_id: String(storeB.id), acquisition_date: '2022-12-31', purchase_price: '12.50' },
      [{ field: 'thumbnail', name: 'welder.png', type: 'image/png', data: PNG }],
    );
    const res = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, ...body });
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    expect(asset).toMatchObject({ location: { id: storeB.id, name: storeB.name }, purchase_price: 12.5, acquisition_date: '2022-12-31', asset_type: { asset_type: 'OTHER' } });
    expect(asset.thumbnail_url).toMatch(/^http:\/\/cmms\.test\/media\/assets\/[0-9a-f]{32}\.png$/);
    expect(storedThumbnails()).toBe(before + 1);
    const image = await t.request({ method: 'GET', url: new URL(asset.thumbnail_url).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const empty = await multipartBody({ name: 'Drill', description: 'Cordless', serial_number: 'D-1', location_id: '', purchase_price: '', thumbnail: '' });
    const plain = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, ...empty });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ location_id: null, purchase_price: null, thumbnail_url: null });
  });

  it('rejects bad input with field errors and stores nothing', async () => {
    const count = await assetCount();
    const files = storedThumbnails();
    const post = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload });

    const missing = await post({ brand: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ['This field is required.'], description: ['This field is required.'], serial_number: ['This field is required.'] });
    expect((await post({ ...minimal(' '), description: '  ' })).json()).toEqual({ name: ['This field may not be blank.'], description: ['This field may not be blank.'] });
    expect((await post({ ...minimal('Type'), asset_type: 'SPACESHIP' })).json()).toEqual({
      asset_type: ['Not a valid choice. Choose one of: BEVERAGE, FOOD SERVICE, GENERATOR, FUELING EQUIPMENT, IT, VEHICLE, OTHER.'],
    });
    expect((await post({ ...minimal('Gone'), location_id: 999999 })).json()).toEqual({ location_id: ['Invalid pk "999999" - object does not exist.'] });
    expect((await post({ ...minimal('Word'), location_id: 'abc' })).json()).toEqual({ location_id: ['A valid integer is required.'] });
    expect((await post({ ...minimal('Neg'), purchase_price: -1 })).json()).toEqual({ purchase_price: ['Ensure this value is greater than or equal to 0.'] });
    expect((await post({ ...minimal('Big'), purchase_price: 1e9 })).json()).toEqual({ purchase_price: ['Ensure this value is less than 1000000000.'] });
    expect((await post({ ...minimal('NaN'), purchase_price: 'lots' })).json()).toEqual({ purchase_price: ['A valid number is required.'] });
    expect((await post({ ...minimal('Feb'), acquisition_date: '2023-02-30' })).json()).toEqual({ acquisition_date: ['Date has wrong format. Use YYYY-MM-DD.'] });
    expect((await post({ ...minimal('When'), acquisition_date: 'yesterday' })).json()).toEqual({ acquisition_date: ['Date has wrong format. Use YYYY-MM-DD.'] });
    expect((await post({ ...minimal('Long'), serial_number: 'x'.repeat(256) })).json()).toEqual({ serial_number: ['Ensure this field has no more than 255 characters.'] });
    expect((await post({ ...minimal('NotFile'), thumbnail: 'picture.png' })).json()).toEqual({ thumbnail: ['The submitted data was not a file. Check the encoding type on the form.'] });

    const pdf = await multipartBody({ ...minimal('Pdf'), location_id: String(storeA.id) }, [{ field: 'thumbnail', name: 'manual.png', type: 'image/png', data: PDF }]);
    const pdfRes = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, ...pdf });
    expect(pdfRes.statusCode).toBe(400);
    expect(pdfRes.json()).toEqual({ thumbnail: ['Upload a valid image: JPEG, PNG, GIF or WebP.'] });
    // A good image beside a bad field is not kept either.
    const mixed = await multipartBody({ ...minimal('Mixed'), purchase_price: '-5' }, [{ field: 'thumbnail', name: 'ok.png', type: 'image/png', data: PNG }]);
    const mixedRes = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, ...mixed });
    expect(mixedRes.json()).toEqual({ purchase_price: ['Ensure this value is greater than or equal to 0.'] });

    expect(await assetCount()).toBe(count);
    expect(storedThumbnails()).toBe(files);
  });
});

describe('asset list', () => {
  it('pages by 10 in name then id order, filters by location and loads each location', async () => {
    const list = await t.request({ method: 'GET', url: '/api/v1/assets/list/', as: full });
    expect(list.statusCode).toBe(200);
    const filler = await makeLocation('Asset Filler Store');
    for (let i = 0; i < 12; i++) {
      const res = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { ...minimal(`Zeta ${i % 3}`), location_id: filler.id } });
      expect(res.statusCode).toBe(201);
    }
    const total = await assetCount();
    const seen: { id: number; name: { name: string }; location: { name: string } | null }[] = [];
    let next: string | null = 'http://cmms.test/api/v1/assets/list/';
    while (next) {
      const url = new URL(next);
      const page = await t.request({ method: 'GET', url: url.pathname + url.search, as: full });
      expect(page.statusCode).toBe(200);
      expect(page.json().results.length).toBeLessThanOrEqual(10);
      seen.push(...page.json().results);
      next = page.json().next;
    }
    expect(seen).toHaveLength(total);
    const keys = seen.map((a) => [a.name.name, a.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    expect(keys).toEqual(sorted);

    const filtered = await t.request({ method: 'GET', url: `/api/v1/assets/list/?location=${filler.id}&page=2`, as: full });
    const body = filtered.json();
    expect(body.count).toBe(12);
    expect(body.results).toHaveLength(2);
    expect(body.previous).toBe(`http://cmms.test/api/v1/assets/list/?location=${filler.id}`);
    expect(body.next).toBeNull();
    expect(body.results.every((a: { location: { id: number; name: string } }) => a.location.id === filler.id && a.location.name === filler.name)).toBe(true);

    const atB = await t.request({ method: 'GET', url: `/api/v1/assets/list/?location=${storeB.id}`, as: full });
    expect(atB.json().results.map((a: { name: { name: string } }) => a.name.name)).toEqual(['Welder']);
    expect((await t.request({ method: 'GET', url: '/api/v1/assets/list/?location=999999', as: full })).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await t.request({ method: 'GET', url: `/api/v1/assets/list/?location=${filler.id}&page=3`, as: full })).json()).toEqual({ detail: 'Invalid page.' });
    expect((await t.request({ method: 'GET', url: '/api/v1/assets/list/?location=abc', as: full })).statusCode).toBe(400);
  });
});

describe('asset update and move', () => {
  async function createAsset() {
    const body = await multipartBody({ ...minimal('Fryer'), location_id: String(storeA.id) }, [{ field: 'thumbnail', name: 'fryer.png', type: 'image/png', data: PNG }]);
    const res = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, ...body });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  it('moves an asset with only location_id and serial_number, changing nothing else', async () => {
    const asset = await createAsset();
    const moved = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}/`, as: full, payload: { location_id: storeB.id, serial_number: asset.serial_number } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...asset, location: { id: storeB.id, name: storeB.name }, location_id: storeB.id, updated_at: expect.any(String), version: 2 });
    const back = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}`, as: full, payload: { location_id: String(storeA.id) } });
    expect(back.json()).toMatchObject({ location_id: storeA.id, name: { name: 'Fryer' }, thumbnail_url: asset.thumbnail_url });

    const nowhere = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}/`, as: full, payload: { location_id: '', serial_number: asset.serial_number } });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toEqual({ location_id: ['This field may not be null.'] });
    const gone = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}/`, as: full, payload: { location_id: 999999 } });
    expect(gone.json()).toEqual({ location_id: ['Invalid pk "999999" - object does not exist.'] });
    const blankSerial = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}/`, as: full, payload: { location_id: storeB.id, serial_number: ' ' } });
    expect(blankSerial.json()).toEqual({ serial_number: ['This field may not be blank.'] });
    expect((await t.request({ method: 'GET', url: `/api/v1/assets/${asset.id}/`, as: full })).json().location_id).toBe(storeA.id);
  });

  it('a full update needs every field, keeps the thumbnail unless a new one comes, and changes nothing on error', async () => {
    const asset = await createAsset();
    const partial = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}/`, as: full, payload: { name: 'Renamed' } });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.json()).sort()).toEqual(['acquisition_date', 'asset_type', 'brand', 'description', 'location_id', 'purchase_price', 'serial_number']);
    expect(partial.json().acquisition_date).toEqual(['This field is required.']);
    const nulls = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}/`, as: full, payload: { ...fullForm(), acquisition_date: '', purchase_price: null, location_id: '' } });
    expect(nulls.json()).toEqual({ acquisition_date: ['This field may not be null.'], purchase_price: ['This field may not be null.'], location_id: ['This field may not be null.'] });
    expect((await t.request({ method: 'GET', url: `/api/v1/assets/${asset.id}/`, as: full })).json()).toEqual(asset);

    const updated = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}/`, as: full, payload: { ...fullForm(), location_id: storeB.id, acquisition_date: '2020-01-31T15:00:00Z' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      brand: { brand: 'Hoshizaki' },
      name: { name: 'Ice Machine' },
      asset_type: { asset_type: 'FOOD SERVICE' },
      location: { id: storeB.id, name: storeB.name },
      acquisition_date: '2020-01-31',
      purchase_price: 4200.5,
      thumbnail_url: asset.thumbnail_url,
      created_at: asset.created_at,
    });

    const form = await multipartBody(
      { ...Object.fromEntries(Object.entries(fullForm()).map(([k, v]) => [k, String(v)])), name: 'New Picture' },
      [{ field: 'thumbnail', name: 'new.png', type: 'image/png', data: PNG }],
    );
    const replaced = await t.request({ method: 'PUT', url: `/api/v1/assets/${asset.id}/`, as: full, ...form });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().name).toEqual({ name: 'New Picture' });
    expect(replaced.json().thumbnail_url).toMatch(/\/media\/assets\/[0-9a-f]{32}\.png$/);
    expect(replaced.json().thumbnail_url).not.toBe(asset.thumbnail_url);
  });

  it('replays a create sent twice with one Idempotency-Key', async () => {
    const count = await assetCount();
    const send = () => t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, headers: { 'idempotency-key': 'asset-create-0001' }, payload: minimal('Once') });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await assetCount()).toBe(count + 1);
  });
});

describe('asset permissions and ids', () => {
  it('needs a signed-in full-access user for every call', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/assets/list/' },
      { method: 'GET' as const, url: '/api/v1/assets/1/' },
      { method: 'POST' as const, url: '/api/v1/assets/create/', payload: minimal('Nope') },
      { method: 'PUT' as const, url: '/api/v1/assets/1/', payload: { location_id: storeA.id } },
      { method: 'PATCH' as const, url: '/api/v1/assets/1/', payload: { location_id: storeA.id } },
    ];
    const count = await assetCount();
    for (const call of calls) {
      expect((await t.request(call)).statusCode).toBe(401);
      const denied = await t.request({ ...call, as: limited });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    expect(await assetCount()).toBe(count);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/assets/999999/', as: full })).json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ method: 'GET', url: '/api/v1/assets/abc/', as: full })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: '/api/v1/assets/999999/', as: full, payload: { location_id: storeA.id } })).statusCode).toBe(404);
    expect((await t.request({ method: 'PATCH', url: '/api/v1/assets/999999/', as: full, payload: { name: 'x' } })).json()).toEqual({ detail: 'Not found.' });
  });
});
