import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WorkOrdersRepository } from '../../src-server/modules/workorders/workorders.repository.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/** A real 1×1 PNG; `padded` makes one of a chosen size (the server checks the signature). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const padded = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

let t: TestApp;
let full: TestUser;
let locationId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_QUOTA_MB: '1', UPLOAD_RATE_LIMIT: '3' } });
  full = await t.createUser({ full: true });
  const res = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { location_type: 'GENERAL STORE', name: 'Uploads St', address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' } });
  locationId = res.json().id as number;
});
afterAll(async () => {
  await t.close();
});

function form(fields: Record<string, string>, files: { name: string; data: Buffer; field?: string }[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field ?? 'new_attachments', new Blob([new Uint8Array(f.data)]), f.name);
  return fd;
}
const createOrder = (as: TestUser, files: { name: string; data: Buffer }[]) =>
  t.request({ method: 'POST', url: '/api/v1/workorders/', as, payload: form({ location_id: String(locationId), description: 'With files' }, files) });
const stored = (folder: string) => (existsSync(join(t.config.uploadsDir, folder)) ? readdirSync(join(t.config.uploadsDir, folder)) : []);
const orderCount = async () => (await t.database.db.selectFrom('work_orders').select('id').execute()).length;

describe('per-user storage quota', () => {
  it('refuses with 413 an upload that would pass the quota, storing nothing, and counts each user alone', async () => {
    const first = await t.createUser();
    const ok = await createOrder(first, [
      { name: 'a.png', data: padded(400_000) },
      { name: 'b.png', data: padded(400_000) },
    ]);
    expect(ok.statusCode).toBe(201);
    const files = stored('workorders').length;
    const orders = await orderCount();

    const over = await createOrder(first, [{ name: 'c.png', data: padded(400_000) }]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ detail: expect.stringMatching(/^Upload quota exceeded: you have 0\.8 MB of 1 MB stored, and these files need 0\.4 MB more\./) });
    expect(stored('workorders')).toHaveLength(files);
    expect(await orderCount()).toBe(orders);

    const second = await t.createUser();
    expect((await createOrder(second, [{ name: 'c.png', data: padded(400_000) }])).statusCode).toBe(201);
  });
});

describe('per-user upload rate limit', () => {
  it('answers 429 past UPLOAD_RATE_LIMIT requests with files a minute; requests without files are not counted', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 3; i++) expect((await createOrder(user, [{ name: `p${i}.png`, data: PNG }])).statusCode).toBe(201);
    const limited = await createOrder(user, [{ name: 'p4.png', data: PNG }]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many uploads\. Please wait .+ and try again\.$/);
    const json = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: user, payload: { location_id: locationId, description: 'No files' } });
    expect(json.statusCode).toBe(201);
    expect((await createOrder(await t.createUser(), [{ name: 'p.png', data: PNG }])).statusCode).toBe(201);
  });
});

describe('stored files are cleaned up', () => {
  it('deletes the files of a batch whose work order was not saved, and their quota records', async () => {
    const user = await t.createUser();
    const files = stored('workorders').length;
    const failure = vi.spyOn(WorkOrdersRepository.prototype, 'create').mockRejectedValueOnce(new Error('database went away'));
    try {
      const res = await createOrder(user, [
        { name: 'x.png', data: PNG },
        { name: 'y.png', data: PNG },
      ]);
      expect(res.statusCode).toBe(500);
    } finally {
      failure.mockRestore();
    }
    expect(stored('workorders')).toHaveLength(files);
    expect(await t.database.db.selectFrom('upload_owners').select('stored_name').where('owner_id', '=', user.user.id).execute()).toEqual([]);
  });

  for (const withKey of [false, true]) {
  it(`deletes a replaced asset thumbnail${withKey ? ' once the write is committed (Idempotency-Key: one transaction)' : ''}`, async () => {
    const owner = await t.createUser({ full: true });
    const created = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: owner, payload: form({ name: 'Welder', description: 'MIG', serial_number: 'W-1' }, [{ field: 'thumbnail', name: 'w.png', data: PNG }]) });
    expect(created.statusCode).toBe(201);
    const oldUrl = new URL(created.json().thumbnail_url as string).pathname;
    expect((await t.request({ method: 'GET', url: oldUrl })).statusCode).toBe(200);
    const update = { brand: 'Lincoln', name: 'Welder', description: 'MIG', serial_number: 'W-1', asset_type: 'FOOD SERVICE', location_id: String(locationId), acquisition_date: '2024-01-02', purchase_price: '100' };
    const replaced = await t.request({
      method: 'PUT',
      url: `/api/v1/assets/${created.json().id}/`,
      as: owner,
      payload: form(update, [{ field: 'thumbnail', name: 'w2.png', data: PNG }]),
      headers: withKey ? { 'idempotency-key': `thumbnail-${created.json().id}` } : {},
    });
    expect(replaced.statusCode).toBe(200);
    const newUrl = new URL(replaced.json().thumbnail_url as string).pathname;
    expect(newUrl).not.toBe(oldUrl);
    expect((await t.request({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
    expect(existsSync(join(t.config.uploadsDir, oldUrl.replace('/media/', '')))).toBe(false);
    expect((await t.request({ method: 'GET', url: newUrl })).statusCode).toBe(200);
    const owned = await t.database.db.selectFrom('upload_owners').select('stored_name').where('owner_id', '=', owner.user.id).execute();
    expect(owned).toEqual([{ stored_name: newUrl.replace('/media/', '') }]);
  });
  }
});

describe('files served from /media', () => {
  it('send PDFs as attachments, sandboxed and never sniffed', async () => {
    const user = await t.createUser();
    const res = await createOrder(user, [{ name: 'manual.pdf', data: PDF }]);
    expect(res.statusCode).toBe(201);
    const pdf = await t.request({ method: 'GET', url: new URL(res.json().attachments[0].file as string).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment');
    expect(String(pdf.headers['content-security-policy'])).toMatch(/(^|; )sandbox($|;)/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });
});
