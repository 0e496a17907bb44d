import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../shared/constants.js';
import { WorkOrdersRepository } from '../../src-server/modules/workorders/workorders.repository.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/** A real 1×1 PNG and a minimal PDF: the server checks content, not names. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
  field?: string;
}

/** A multipart body as the client's FormData sends it. */
function form(fields: Record<string, string>, files: FilePart[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field ?? 'new_attachments', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  return fd;
}

const storeBody = (name: string) => ({ location_type: 'GENERAL STORE', name, address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' });

async function createLocation(t: TestApp, as: TestUser, name: string): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/v1/locations/', as, payload: storeBody(name) });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

function storedUploads(t: TestApp): string[] {
  const dir = join(t.config.uploadsDir, 'workorders');
  return existsSync(dir) ? readdirSync(dir) : [];
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('work orders', () => {
  let t: TestApp;
  let full: TestUser;
  let other: TestUser;
  let limited: TestUser;
  let locationId: number;

  const create = (as: TestUser, payload: object, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/api/v1/workorders/', as, payload, headers });
  const act = (as: TestUser | undefined, id: number, action: 'claim' | 'unclaim' | 'complete', payload?: object) =>
    t.request({ method: 'POST', url: `/api/v1/workorders/${id}/${action}/`, ...(as ? { as } : {}), ...(payload ? { payload } : {}) });
  const read = async (id: number): Promise<WorkOrder> => (await t.request({ method: 'GET', url: `/api/v1/workorders/${id}/`, as: full })).json();
  const newOrder = async (description = 'Leaking pipe'): Promise<WorkOrder> => {
    const res = await create(full, { location_id: locationId, description });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const countOrders = async () => (await t.request({ method: 'GET', url: '/api/v1/workorders/', as: full })).json().count as number;

  beforeAll(async () => {
    t = await createTestApp();
    full = await t.createUser({ full: true, firstName: 'Alice', lastName: 'Anders' });
    other = await t.createUser({ full: true, firstName: 'Bob', lastName: 'Brown' });
    limited = await t.createUser({ firstName: 'Lee', lastName: 'Limited' });
    locationId = await createLocation(t, full, 'Main Street Store');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('create and read', () => {
    it('creates from JSON and answers the full shape, the same as the detail and the list', async () => {
      const res = await create(limited, { location_id: locationId, description: '  Ice machine is leaking  ' });
      expect(res.statusCode).toBe(201);
      const order: WorkOrder = res.json();
      expect(order).toEqual({
        id: expect.any(Number),
        status: 'Pending',
        description: 'Ice machine is leaking',
        location: { id: locationId, name: 'Main Street Store' },
        location_id: locationId,
        location_name: 'Main Street Store',
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
        created_by: { id: limited.user.id, first_name: 'Lee', last_name: 'Limited' },
        assigned_to: [],
        claimed_at: null,
        field_notes: null,
        completed_at: null,
        completed_by: null,
        attachments: [],
        asset_id: null,
        asset: null,
        // What the work cost is for full access only (docs/decisions.md: What the work costs).
        costs: null,
      });
      const detail = await t.request({ method: 'GET', url: `/api/v1/workorders/${order.id}`, as: limited });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toEqual(order);
      const list = await t.request({ method: 'GET', url: '/api/v1/workorders/', as: limited });
      expect(list.statusCode).toBe(200);
      expect(list.json().results[0]).toEqual(order);
    });

    it('creates from multipart with two attachments that are served back at their URLs', async () => {
      const before = storedUploads(t).length;
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/workorders/',
        as: full,
        payload: form({ location_id: String(locationId), description: 'Broken door, photos attached' }, [
          { name: 'door.png', data: PNG, type: 'image/png' },
          { name: 'invoice.pdf', data: PDF, type: 'application/pdf' },
        ]),
      });
      expect(res.statusCode).toBe(201);
      const order: WorkOrder = res.json();
      expect(order.description).toBe('Broken door, photos attached');
      expect(order.attachments).toEqual([
        { id: expect.any(Number), file: expect.stringMatching(/^http:\/\/cmms\.test\/media\/workorders\/[0-9a-f]{32}\.png$/), name: 'door.png', content_type: 'image/png', size: PNG.length },
        { id: expect.any(Number), file: expect.stringMatching(/^http:\/\/cmms\.test\/media\/workorders\/[0-9a-f]{32}\.pdf$/), name: 'invoice.pdf', content_type: 'application/pdf', size: PDF.length },
      ]);
      expect(storedUploads(t).length).toBe(before + 2);
      for (const [attachment, bytes] of [
        [order.attachments[0]!, PNG],
        [order.attachments[1]!, PDF],
      ] as const) {
        // The file opens in a new tab, so it needs no Authorization header.
        const file = await t.request({ method: 'GET', url: new URL(attachment.file).pathname });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toContain(attachment.content_type);
        expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
      }
      expect((await read(order.id)).attachments).toEqual(order.attachments);
    });

    it('stores a file whose name tries to climb out of the upload folder safely, under a generated name', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/workorders/',
        as: full,
        payload: form({ location_id: String(locationId), description: 'Path trick' }, [{ name: '../../etc/passwd.png', data: PNG, type: 'image/png' }]),
      });
      expect(res.statusCode).toBe(201);
      const [attachment] = (res.json() as WorkOrder).attachments;
      expect(attachment!.name).toBe('passwd.png');
      const path = new URL(attachment!.file).pathname;
      expect(path).toMatch(/^\/media\/workorders\/[0-9a-f]{32}\.png$/);
      expect(existsSync(join(t.config.uploadsDir, path.slice('/media/'.length)))).toBe(true);
      expect(existsSync(join(t.config.uploadsDir, '..', '..', 'etc', 'passwd.png'))).toBe(false);
    });

    it('treats an empty file input (a browser sends filename="" and no bytes) as no attachment', async () => {
      const boundary = '----cmms-test-boundary';
      const part = (headers: string, value: string) => `--${boundary}\r\n${headers}\r\n\r\n${value}\r\n`;
      const payload =
        part('Content-Disposition: form-data; name="location_id"', String(locationId)) +
        part('Content-Disposition: form-data; name="description"', 'No photo chosen') +
        part('Content-Disposition: form-data; name="new_attachments"; filename=""\r\nContent-Type: application/octet-stream', '') +
        `--${boundary}--\r\n`;
      const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      expect(res.statusCode).toBe(201);
      expect(res.json().attachments).toEqual([]);
    });

    it('accepts several files of exactly 5 MB each', async () => {
      const atLimit = Buffer.concat([PNG, Buffer.alloc(UPLOAD_FILE_LIMIT_BYTES - PNG.length)]);
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/workorders/',
        as: full,
        payload: form({ location_id: String(locationId), description: 'Large photos' }, [
          { name: 'a.png', data: atLimit, type: 'image/png' },
          { name: 'b.png', data: atLimit, type: 'image/png' },
        ]),
      });
      expect(res.statusCode).toBe(201);
      expect((res.json() as WorkOrder).attachments.map((a) => a.size)).toEqual([UPLOAD_FILE_LIMIT_BYTES, UPLOAD_FILE_LIMIT_BYTES]);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expect((await t.request({ method: 'GET', url: '/api/v1/workorders/999999/', as: full })).json()).toEqual({ detail: 'Not found.' });
      expect((await t.request({ method: 'GET', url: '/api/v1/workorders/abc/', as: full })).statusCode).toBe(404);
      for (const action of ['claim', 'unclaim', 'complete'] as const) {
        expect((await act(full, 999999, action)).statusCode).toBe(404);
      }
    });
  });

  describe('validation changes nothing', () => {
    let before: number;
    let filesBefore: number;
    beforeAll(async () => {
      before = await countOrders();
      filesBefore = storedUploads(t).length;
    });
    afterAll(async () => {
      expect(await countOrders()).toBe(before);
      expect(storedUploads(t).length).toBe(filesBefore);
    });

    it('requires location and description, reporting both at once', async () => {
      const res = await create(full, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ location_id: ['This field is required.'], description: ['This field is required.'] });
      const multipart = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: form({ description: 'only text' }) });
      expect(multipart.statusCode).toBe(400);
      expect(multipart.json()).toEqual({ location_id: ['This field is required.'] });
    });

    it('rejects a blank or too long description', async () => {
      expect((await create(full, { location_id: locationId, description: '   ' })).json()).toEqual({ description: ['This field may not be blank.'] });
      const long = await create(full, { location_id: locationId, description: 'x'.repeat(5001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ description: ['Ensure this field has no more than 5000 characters.'] });
    });

    it('rejects an unknown or malformed location', async () => {
      const unknown = await create(full, { location_id: 99, description: 'Somewhere' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ location_id: ['Invalid pk "99" - object does not exist.'] });
      const malformed = await create(full, { location_id: 'abc', description: 'Somewhere' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toHaveProperty('location_id');
    });

    it('rejects an upload that is not an image or PDF by its content, whatever its name', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/workorders/',
        as: full,
        payload: form({ location_id: String(locationId), description: 'Sneaky' }, [
          { name: 'fine.png', data: PNG, type: 'image/png' },
          { name: 'notes.png', data: Buffer.from('just some text, not a picture'), type: 'image/png' },
        ]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ new_attachments: [expect.stringContaining('"notes.png" is not an accepted file type')] });
    });

    it('rejects a text field sent where files belong', async () => {
      const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: form({ location_id: String(locationId), description: 'Text', new_attachments: 'hello' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ new_attachments: ['The submitted data was not a file. Check the encoding type on the form.'] });
    });

    it('rejects a file over 5 MB with a clear message', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_FILE_LIMIT_BYTES)]);
      const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: form({ location_id: String(locationId), description: 'Huge' }, [{ name: 'huge.png', data: big, type: 'image/png' }]) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ detail: 'Each uploaded file must be at most 5 MB.' });
    });

    it('removes the stored files when the order cannot be saved', async () => {
      const failure = vi.spyOn(WorkOrdersRepository.prototype, 'create').mockRejectedValueOnce(new Error('database went away'));
      try {
        const res = await t.request({
          method: 'POST',
          url: '/api/v1/workorders/',
          as: full,
          payload: form({ location_id: String(locationId), description: 'Lost write' }, [{ name: 'kept.png', data: PNG, type: 'image/png' }]),
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ detail: 'A server error occurred.' });
        expect(failure).toHaveBeenCalledOnce();
      } finally {
        failure.mockRestore();
      }
      expect(storedUploads(t).length).toBe(filesBefore);
    });

    it('rejects field notes over 5000 characters without completing', async () => {
      const order = await newOrder('Notes too long');
      before += 1;
      expect((await act(full, order.id, 'claim')).statusCode).toBe(200);
      const res = await act(full, order.id, 'complete', { field_notes: 'n'.repeat(5001) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ field_notes: ['Ensure this field has no more than 5000 characters.'] });
      expect((await read(order.id)).status).toBe('Claimed');
    });
  });

  describe('permissions', () => {
    it('answers 401 to visitors everywhere', async () => {
      const order = await newOrder();
      const calls = [
        t.request({ method: 'GET', url: '/api/v1/workorders/' }),
        t.request({ method: 'GET', url: `/api/v1/workorders/${order.id}/` }),
        t.request({ method: 'POST', url: '/api/v1/workorders/', payload: { location_id: locationId, description: 'Anonymous' } }),
        act(undefined, order.id, 'claim'),
        act(undefined, order.id, 'unclaim'),
        act(undefined, order.id, 'complete', {}),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      }
      expect((await read(order.id)).status).toBe('Pending');
    });

    it('lets limited users list, read and create, but not claim, unclaim or complete', async () => {
      const own = await create(limited, { location_id: locationId, description: 'Limited report' });
      expect(own.statusCode).toBe(201);
      const id = (own.json() as WorkOrder).id;
      expect((await t.request({ method: 'GET', url: '/api/v1/workorders/', as: limited })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: `/api/v1/workorders/${id}/`, as: limited })).statusCode).toBe(200);
      for (const action of ['claim', 'unclaim', 'complete'] as const) {
        const res = await act(limited, id, action, {});
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      }
      expect((await act(full, id, 'claim')).statusCode).toBe(200);
      expect((await act(limited, id, 'unclaim')).statusCode).toBe(403);
      expect((await act(limited, id, 'complete', {})).statusCode).toBe(403);
      expect((await read(id)).assigned_to).toEqual([{ id: full.user.id, first_name: 'Alice', last_name: 'Anders' }]);
    });
  });

  describe('state machine', () => {
    it('goes Pending → Claimed → Pending → Claimed → Completed, refusing every wrong step', async () => {
      const order = await newOrder('Replace filter');
      const alice = { id: full.user.id, first_name: 'Alice', last_name: 'Anders' };

      // Nothing but a claim applies to a Pending order.
      expect((await act(full, order.id, 'unclaim')).json()).toEqual({ detail: 'This work order is not claimed.' });
      const earlyComplete = await act(full, order.id, 'complete', {});
      expect(earlyComplete.statusCode).toBe(409);
      expect(earlyComplete.json()).toEqual({ detail: 'This work order must be claimed before it can be completed.' });

      const claimed = await act(full, order.id, 'claim');
      expect(claimed.statusCode).toBe(200);
      const c: WorkOrder = claimed.json();
      expect(c).toMatchObject({ id: order.id, status: 'Claimed', assigned_to: [alice], completed_at: null, completed_by: null });
      expect(c.claimed_at).toMatch(ISO);
      expect(c.updated_at >= order.updated_at).toBe(true);

      const again = await act(full, order.id, 'claim');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'You have already claimed this work order.' });
      const stolen = await act(other, order.id, 'claim');
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json()).toEqual({ detail: 'This work order is already claimed by Alice Anders.' });
      const foreignUnclaim = await act(other, order.id, 'unclaim');
      expect(foreignUnclaim.statusCode).toBe(403);
      expect(foreignUnclaim.json()).toEqual({ detail: 'Only the user who claimed this work order can unclaim it.' });
      const foreignComplete = await act(other, order.id, 'complete', { field_notes: 'done by Bob' });
      expect(foreignComplete.statusCode).toBe(403);
      expect(foreignComplete.json()).toEqual({ detail: 'Only the user who claimed this work order can complete it.' });
      expect((await read(order.id)).assigned_to).toEqual([alice]);

      const released = await act(full, order.id, 'unclaim');
      expect(released.statusCode).toBe(200);
      expect(released.json()).toMatchObject({ status: 'Pending', assigned_to: [], claimed_at: null });
      const releasedAgain = await act(full, order.id, 'unclaim');
      expect(releasedAgain.statusCode).toBe(409);

      // Released, anyone with full access may take it.
      expect((await act(other, order.id, 'claim')).statusCode).toBe(200);
      expect((await act(other, order.id, 'unclaim')).statusCode).toBe(200);
      expect((await act(full, order.id, 'claim')).statusCode).toBe(200);

      const completed = await act(full, order.id, 'complete', { field_notes: '  Swapped the filter.  ' });
      expect(completed.statusCode).toBe(200);
      const done: WorkOrder = completed.json();
      expect(done).toMatchObject({ status: 'Completed', field_notes: 'Swapped the filter.', completed_by: alice, assigned_to: [alice] });
      expect(done.completed_at).toMatch(ISO);
      expect(await read(order.id)).toEqual(done);

      for (const [who, action, status] of [
        [full, 'claim', 409],
        [other, 'claim', 409],
        [full, 'unclaim', 409],
        [full, 'complete', 409],
      ] as const) {
        const res = await act(who, order.id, action, {});
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ detail: 'This work order is already completed.' });
      }
      expect(await read(order.id)).toEqual(done);
    });

    it('completes with or without a body; empty notes are stored as null', async () => {
      const a = await newOrder('No notes, no body');
      await act(full, a.id, 'claim');
      const noBody = await act(full, a.id, 'complete');
      expect(noBody.statusCode).toBe(200);
      expect(noBody.json()).toMatchObject({ status: 'Completed', field_notes: null });
      const b = await newOrder('Blank notes');
      await act(full, b.id, 'claim');
      const blank = await act(full, b.id, 'complete', { field_notes: '   ' });
      expect(blank.json()).toMatchObject({ status: 'Completed', field_notes: null });
      const c = await newOrder('Null notes');
      await act(full, c.id, 'claim');
      const nullNotes = await act(full, c.id, 'complete', { field_notes: null });
      expect(nullNotes.json()).toMatchObject({ status: 'Completed', field_notes: null });
    });

    it('gives exactly one of ten concurrent claims by different users the order', async () => {
      const order = await newOrder('Contested');
      const claimers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.createUser({ full: true, firstName: `Racer${i}`, lastName: 'Tech' })));
      const results = await Promise.all(claimers.map((u) => act(u, order.id, 'claim')));
      const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [claimers[i]!] : []));
      expect(winners).toHaveLength(1);
      const winner = winners[0]!;
      const losers = results.filter((r) => r.statusCode !== 200);
      expect(losers).toHaveLength(9);
      for (const r of losers) {
        expect(r.statusCode).toBe(409);
        expect(r.json()).toEqual({ detail: `This work order is already claimed by ${winner.user.first_name} Tech.` });
      }
      const row = await new WorkOrdersRepository(t.database.db).findById(order.id);
      expect(row).toMatchObject({ status: 'Claimed', assigned_to_id: winner.user.id });
      expect((await read(order.id)).assigned_to).toEqual([{ id: winner.user.id, first_name: winner.user.first_name, last_name: 'Tech' }]);
    });
  });

  describe('idempotent writes', () => {
    it('creates once for one key, replays the same answer, and refuses the key for another body', async () => {
      const filesBefore = storedUploads(t).length;
      const countBefore = await countOrders();
      const headers = { 'idempotency-key': 'create-0001-abcdef' };
      const send = (description: string) =>
        t.request({
          method: 'POST',
          url: '/api/v1/workorders/',
          as: full,
          headers,
          payload: form({ location_id: String(locationId), description }, [{ name: 'once.png', data: PNG, type: 'image/png' }]),
        });
      const first = await send('Created once');
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const second = await send('Created once');
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await countOrders()).toBe(countBefore + 1);
      expect(storedUploads(t).length).toBe(filesBefore + 1);

      const different = await send('Another body, same key');
      expect(different.statusCode).toBe(422);
      expect(await countOrders()).toBe(countBefore + 1);
    });

    it('replays a claim sent again with its key instead of answering 409', async () => {
      const order = await newOrder('Claim twice over a flaky link');
      const headers = { 'idempotency-key': `claim-${order.id}-retry-key` };
      const first = await t.request({ method: 'POST', url: `/api/v1/workorders/${order.id}/claim/`, as: full, headers });
      expect(first.statusCode).toBe(200);
      const replayed = await t.request({ method: 'POST', url: `/api/v1/workorders/${order.id}/claim/`, as: full, headers });
      expect(replayed.statusCode).toBe(200);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.json()).toEqual(first.json());
      // Without the key the same claim is a new request, and the order is already held.
      expect((await act(full, order.id, 'claim')).statusCode).toBe(409);
    });
  });
});

describe('work order list', () => {
  let t: TestApp;
  let full: TestUser;
  let limited: TestUser;
  let north: number;
  let south: number;
  const created: WorkOrder[] = [];

  const list = (query: string, as: TestUser = limited) => t.request({ method: 'GET', url: `/api/v1/workorders/${query}`, as });

  beforeAll(async () => {
    t = await createTestApp();
    full = await t.createUser({ full: true });
    limited = await t.createUser();
    north = await createLocation(t, full, 'Downtown North');
    south = await createLocation(t, full, 'Airport South');
    const descriptions = ['Broken PUMP at island 2', 'Lights flicker', '100% of the freezer is warm', 'Pump handle sticks', 'Door hinge'];
    for (let i = 0; i < 25; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/workorders/',
        as: full,
        payload: { location_id: i % 3 === 0 ? south : north, description: `${descriptions[i % descriptions.length]} #${i}` },
      });
      expect(res.statusCode).toBe(201);
      created.push(res.json());
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages 25 orders by 10, newest first, with links; page 4 is 404', async () => {
    const newestFirst = [...created].reverse().map((o) => o.id);
    const ids: number[] = [];
    for (const [page, size] of [
      [1, 10],
      [2, 10],
      [3, 5],
    ] as const) {
      const res = await list(page === 1 ? '' : `?page=${page}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(25);
      expect(body.results).toHaveLength(size);
      expect(body.previous === null).toBe(page === 1);
      expect(body.next === null).toBe(page === 3);
      if (body.next) expect(new URL(body.next).searchParams.get('page')).toBe(String(page + 1));
      ids.push(...body.results.map((o: WorkOrder) => o.id));
    }
    expect(ids).toEqual(newestFirst);
    const beyond = await list('?page=4');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: 'Invalid page.' });
    expect((await list('?page=0')).statusCode).toBe(400);
  });

  it('shows each order as the detail does, with names and attachments filled in', async () => {
    const first = (await list('')).json().results[0];
    const detail = await t.request({ method: 'GET', url: `/api/v1/workorders/${first.id}/`, as: limited });
    expect(first).toEqual(detail.json());
    expect(first.location_name).toBe(created[24]!.location_name);
  });

  it('filters by location; an unknown location gives an empty list', async () => {
    const res = await list(`?location=${south}`);
    const body = res.json();
    expect(body.count).toBe(created.filter((o) => o.location_id === south).length);
    expect(body.results.every((o: WorkOrder) => o.location_id === south && o.location_name === 'Airport South')).toBe(true);
    const second = (await list(`?location=${north}&page=2`)).json();
    expect(second.count).toBe(created.filter((o) => o.location_id === north).length);
    expect(second.previous).toBe(`http://cmms.test/api/v1/workorders/?location=${north}`);
    const unknown = await list('?location=424242');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await list('?location=abc')).statusCode).toBe(400);
  });

  it('searches description and location name ignoring case, with wildcards taken literally', async () => {
    const pump = (await list('?search=pUmP')).json();
    const expectedPump = created.filter((o) => o.description.toLowerCase().includes('pump'));
    expect(pump.count).toBe(expectedPump.length);
    expect(pump.results.map((o: WorkOrder) => o.id)).toEqual(expectedPump.reverse().map((o) => o.id).slice(0, 10));

    const byLocation = (await list('?search=AIRPORT')).json();
    expect(byLocation.count).toBe(created.filter((o) => o.location_id === south).length);

    const percent = (await list(`?search=${encodeURIComponent('100%')}`)).json();
    expect(percent.count).toBe(created.filter((o) => o.description.includes('100%')).length);
    expect((await list(`?search=${encodeURIComponent('%')}`)).json().count).toBe(percent.count);
    expect((await list('?search=_')).json().count).toBe(0);

    const both = (await list(`?search=pump&location=${north}`)).json();
    expect(both.count).toBe(created.filter((o) => o.location_id === north && o.description.toLowerCase().includes('pump')).length);
    expect(both.count).toBeGreaterThan(0);

    expect((await list('?search=%20%20')).json().count).toBe(25);
    expect((await list('?search=nothing-like-this')).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('work order counts', () => {
  it('keep the list count right per location and in all, for API and direct inserts alike', async () => {
    const tc = await createTestApp();
    try {
      const u = await tc.createUser({ full: true });
      const mk = async (name: string) => (await tc.request({ method: 'POST', url: '/api/v1/locations/', as: u, payload: { location_type: 'OTHER', name, address: 'a', city: 'c', state: 's', postal_code: '1' } })).json().id as number;
      const a = await mk('Count A');
      const b = await mk('Count B');
      for (let i = 0; i < 3; i++) await tc.request({ method: 'POST', url: '/api/v1/workorders/', as: u, payload: { location_id: a, description: `a${i}` } });
      await tc.request({ method: 'POST', url: '/api/v1/workorders/', as: u, payload: { location_id: b, description: 'b0' } });
      const now = new Date().toISOString();
      await tc.database.db.insertInto('work_orders').values({ status: 'Pending', description: 'direct', location_id: b, created_by_id: u.user.id, created_at: now, updated_at: now, assigned_to_id: null, claimed_at: null, field_notes: null, completed_at: null, completed_by_id: null }).execute();
      const count = async (q: string) => (await tc.request({ method: 'GET', url: `/api/v1/workorders/${q}`, as: u })).json().count as number;
      expect(await count('')).toBe(5);
      expect(await count(`?location=${a}`)).toBe(3);
      expect(await count(`?location=${b}`)).toBe(2);
      expect(await count('?location=999999')).toBe(0);
      expect(await count('?search=DIRECT')).toBe(1);
    } finally {
      await tc.close();
    }
  });
});
