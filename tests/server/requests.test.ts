/**
 * Requests from people without an account (shared/api/requests.ts, src-server/modules/requests/),
 * both engines: a label's form says where it is, a request is taken once per Idempotency-Key with
 * its photo, the status page tells its sender new, accepted, rejected with the reason or completed
 * and nothing else; accept turns it into a work order with the photo and a link back, once; bad
 * input, the hidden field, closed locations and the limits leave nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/api/activity.js';
import type { Page } from '../../shared/api/common.js';
import { REQUEST_MESSAGES, WORK_REQUEST_KEYS, type RequestTaken, type WorkRequest } from '../../shared/api/requests.js';
import { insertAssets, insertLocation } from '../helpers/inventory-fixtures.js';
import { multipartBody, ONE_PIXEL_PNG } from '../helpers/multipart.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let site: { id: number; name: string };
let siteCode: string;
let assetCode: string;
let assetId: number;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  limited = await t.createUser();
  site = await insertLocation(t.database.db, 'Request Wash');
  [assetId] = (await insertAssets(t.database.db, site.id, 1, 'Dryer')) as [number];
  siteCode = (await t.database.db.selectFrom('locations').select('code').where('id', '=', site.id).executeTakeFirstOrThrow()).code;
  assetCode = (await t.database.db.selectFrom('assets').select('code').where('id', '=', assetId).executeTakeFirstOrThrow()).code;
});
afterAll(async () => t?.close());

let keys = 0;
const send = (payload: Record<string, unknown>, key = `request-key-${++keys}-${Date.now()}`) =>
  t.request({ method: 'POST', url: '/api/v1/public/requests/', payload, headers: { 'idempotency-key': key } });
const statusOf = async (taken: RequestTaken) => (await t.request({ method: 'GET', url: `/api/v1/public/requests/${taken.status_url.split('/').pop()}/` })).json();
const stored = async () => (await t.database.db.selectFrom('work_requests').select('id').execute()).length;

describe('the label\'s form', () => {
  it('says where a location\'s or an asset\'s label is, to anyone; not for a code that is no label', async () => {
    expect((await t.request({ method: 'GET', url: `/api/v1/public/requests/form/${siteCode}/` })).json()).toEqual({ location: { name: 'Request Wash' }, asset: null });
    expect((await t.request({ method: 'GET', url: `/api/v1/public/requests/form/${assetCode.toLowerCase()}/` })).json()).toEqual({ location: { name: 'Request Wash' }, asset: { name: 'Dryer 0000' } });
    const none = await t.request({ method: 'GET', url: '/api/v1/public/requests/form/L-ZZZZZ/' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: REQUEST_MESSAGES.closed });
  });
});

describe('a request sent from a label', () => {
  it('is taken once per Idempotency-Key, and its status page tells new and nothing else', async () => {
    const before = await stored();
    const body = { code: assetCode, description: '  Dryer 2 blows cold air  ', name: 'Pat', email: 'pat@example.com', phone: '555-0100' };
    const first = await send(body, 'same-key-12345');
    expect(first.statusCode, first.body).toBe(201);
    const taken = first.json() as RequestTaken;
    expect(taken.status_url).toMatch(/^http:\/\/cmms\.test\/request-status\/[A-Za-z0-9_-]{32}$/);
    const again = await send(body, 'same-key-12345');
    expect(again.json()).toEqual(taken);
    expect(await stored()).toBe(before + 1);
    expect(await statusOf(taken)).toEqual({ status: 'new', reason: null, created_at: expect.any(String) });
    expect((await t.request({ method: 'GET', url: '/api/v1/public/requests/not-a-real-token-at-all-000/' })).statusCode).toBe(404);

    const list = (await t.request({ method: 'GET', url: '/api/v1/requests/?status=new', as: full })).json() as Page<WorkRequest>;
    const shown = list.results.find((r) => r.id === taken.id)!;
    expect(Object.keys(shown).sort()).toEqual(Object.keys(WORK_REQUEST_KEYS).sort());
    expect(shown).toMatchObject({ status: 'new', location: { id: site.id, name: 'Request Wash' }, asset: { id: assetId, name: 'Dryer 0000' }, description: 'Dryer 2 blows cold air', name: 'Pat', email: 'pat@example.com', phone: '555-0100', photo: null });
  });

  it('refuses bad input in the API\'s error shape and keeps nothing; a filled hidden field is answered as taken and kept nowhere', async () => {
    const before = await stored();
    const bad = await send({ code: siteCode, description: ' ', email: 'not-an-address', phone: 'x'.repeat(65) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['description', 'email', 'phone']);
    const closed = await send({ code: 'L-ZZZZZ', description: 'Leak' });
    expect(closed.statusCode).toBe(404);
    const script = await send({ code: siteCode, description: 'Leak', website: 'http://spam.example' });
    expect(script.statusCode).toBe(201);
    expect(script.json()).toMatchObject({ id: 0 });
    expect(await stored()).toBe(before);
  });

  it('keeps a photo, checked by its content; a text file passed off as an image is refused', async () => {
    const before = await stored();
    const fake = await multipartBody({ code: siteCode, description: 'Photo of the leak' }, [{ field: 'photo', name: 'leak.png', type: 'image/png', data: Buffer.from('not an image at all') }]);
    expect((await t.request({ method: 'POST', url: '/api/v1/public/requests/', ...fake })).statusCode).toBe(400);
    expect(await stored()).toBe(before);
    const real = await multipartBody({ code: siteCode, description: 'Photo of the leak' }, [{ field: 'photo', name: 'leak.png', type: 'image/png', data: ONE_PIXEL_PNG }]);
    const res = await t.request({ method: 'POST', url: '/api/v1/public/requests/', ...real });
    expect(res.statusCode, res.body).toBe(201);
    const shown = (await t.request({ method: 'GET', url: `/api/v1/requests/${(res.json() as RequestTaken).id}/`, as: full })).json() as WorkRequest;
    expect(shown.photo).toMatch(/^http:\/\/cmms\.test\/media\/requests\/.+\.png$/);
  });
});

describe('triage', () => {
  it('accepts a request into a work order with its photo and a link back, once; the sender sees accepted, then completed', async () => {
    const photo = await multipartBody({ code: assetCode, description: 'Belt squeals' }, [{ field: 'photo', name: 'belt.png', type: 'image/png', data: ONE_PIXEL_PNG }]);
    const taken = (await t.request({ method: 'POST', url: '/api/v1/public/requests/', ...photo })).json() as RequestTaken;
    const accepted = await t.request({ method: 'POST', url: `/api/v1/requests/${taken.id}/accept/`, as: full });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { work_order_id: orderId } = accepted.json() as { work_order_id: number };
    const again = await t.request({ method: 'POST', url: `/api/v1/requests/${taken.id}/accept/`, as: full });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: REQUEST_MESSAGES.alreadyDecided });
    expect(await t.database.db.selectFrom('work_orders').select('id').where('description', '=', 'Belt squeals').execute()).toHaveLength(1);

    const order = (await t.request({ method: 'GET', url: `/api/v1/workorders/${orderId}/`, as: full })).json();
    expect(order).toMatchObject({ status: 'Pending', description: 'Belt squeals', location: { id: site.id } });
    expect(order.attachments).toHaveLength(1);
    const history = (await t.request({ method: 'GET', url: `/api/v1/workorders/${orderId}/activity/`, as: full })).json() as Page<ActivityEntry>;
    expect(history.results.at(-1)).toMatchObject({ kind: 'created', details: { from_request: taken.id } });
    expect(await statusOf(taken)).toMatchObject({ status: 'accepted', reason: null });

    await t.request({ method: 'POST', url: `/api/v1/workorders/${orderId}/claim/`, as: full });
    await t.request({ method: 'POST', url: `/api/v1/workorders/${orderId}/complete/`, as: full, payload: { field_notes: 'New belt' } });
    expect(await statusOf(taken)).toMatchObject({ status: 'completed' });
    const completed = (await t.request({ method: 'GET', url: '/api/v1/requests/?status=completed', as: full })).json() as Page<WorkRequest>;
    expect(completed.results.map((r) => r.id)).toContain(taken.id);
  });

  it('rejects with a reason the sender reads; none is refused; only full access triages', async () => {
    const taken = (await send({ code: siteCode, description: 'Vacuum weak' })).json() as RequestTaken;
    const noReason = await t.request({ method: 'POST', url: `/api/v1/requests/${taken.id}/reject/`, as: full, payload: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: [REQUEST_MESSAGES.reasonNeeded] });
    expect((await t.request({ method: 'POST', url: `/api/v1/requests/${taken.id}/reject/`, as: limited, payload: { reason: 'No' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/requests/' })).statusCode).toBe(401);
    const rejected = await t.request({ method: 'POST', url: `/api/v1/requests/${taken.id}/reject/`, as: full, payload: { reason: 'Already fixed this morning' } });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Already fixed this morning', decided_by: { id: full.user.id } });
    expect(await statusOf(taken)).toEqual({ status: 'rejected', reason: 'Already fixed this morning', created_at: expect.any(String) });
    expect((await t.request({ method: 'POST', url: `/api/v1/requests/${taken.id}/accept/`, as: full })).statusCode).toBe(409);
  });

  it('turns a duplicate down naming the open work order it repeats, which it then links to; an order that does not exist is a field error and decides nothing', async () => {
    const taken = (await send({ code: siteCode, description: 'Dryer 2 cold again' })).json() as RequestTaken;
    const order = (await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: { location_id: site.id, description: 'Dryer 2 blows cold' } })).json() as { id: number };
    const unknown = await t.request({ method: 'POST', url: `/api/v1/requests/${taken.id}/reject/`, as: full, payload: { reason: 'Same', duplicate_of: order.id + 100_000 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ duplicate_of: [`Invalid pk "${order.id + 100_000}" - object does not exist.`] });
    expect(await statusOf(taken)).toMatchObject({ status: 'new' });
    const rejected = await t.request({ method: 'POST', url: `/api/v1/requests/${taken.id}/reject/`, as: full, payload: { reason: `Already reported: work order #${order.id} is open for this.`, duplicate_of: order.id } });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', work_order_id: order.id });
    // Its sender reads it turned down, with the reason, whatever becomes of that order.
    await t.database.db.updateTable('work_orders').set({ status: 'Completed', completed_at: new Date().toISOString() }).where('id', '=', order.id).execute();
    expect(await statusOf(taken)).toMatchObject({ status: 'rejected', reason: `Already reported: work order #${order.id} is open for this.` });
  });

  it('closes a location\'s labels to requests, and opens them again', async () => {
    const closedSite = await insertLocation(t.database.db, 'Closed Bay');
    const code = (await t.database.db.selectFrom('locations').select('code').where('id', '=', closedSite.id).executeTakeFirstOrThrow()).code;
    expect((await t.request({ method: 'PUT', url: `/api/v1/requests/closed-locations/${closedSite.id}/`, as: full })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/v1/public/requests/form/${code}/` })).statusCode).toBe(404);
    const before = await stored();
    expect((await send({ code, description: 'Door stuck' })).statusCode).toBe(404);
    expect(await stored()).toBe(before);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/requests/closed-locations/${closedSite.id}/`, as: full })).statusCode).toBe(204);
    expect((await send({ code, description: 'Door stuck' })).statusCode).toBe(201);
  });
});

describe('limits', () => {
  it('take so many a day from one label and so many an hour from one address, and store nothing past them', async () => {
    const small = await createTestApp({ env: { PUBLIC_REQUEST_LABEL_LIMIT: '2', PUBLIC_REQUEST_ADDRESS_LIMIT: '3' } });
    try {
      const place = await insertLocation(small.database.db, 'Busy Wash');
      const other = await insertLocation(small.database.db, 'Other Wash');
      const codeOf = async (id: number) => (await small.database.db.selectFrom('locations').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;
      const post = async (code: string) => (await small.request({ method: 'POST', url: '/api/v1/public/requests/', payload: { code, description: 'Broken' } })).statusCode;
      const busy = await codeOf(place.id);
      expect([await post(busy), await post(busy)]).toEqual([201, 201]);
      const third = await small.request({ method: 'POST', url: '/api/v1/public/requests/', payload: { code: busy, description: 'Broken' } });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ detail: REQUEST_MESSAGES.labelBusy });
      // The address's third in the hour was that one; a fourth from it is refused whatever the label.
      expect(await post(await codeOf(other.id))).toBe(429);
      expect((await small.database.db.selectFrom('work_requests').select('id').execute()).length).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('are none at all with PUBLIC_REQUESTS off: every label\'s form is not found', async () => {
    const off = await createTestApp({ env: { PUBLIC_REQUESTS: '0' } });
    try {
      const place = await insertLocation(off.database.db, 'Quiet Wash');
      const code = (await off.database.db.selectFrom('locations').select('code').where('id', '=', place.id).executeTakeFirstOrThrow()).code;
      expect((await off.request({ method: 'GET', url: `/api/v1/public/requests/form/${code}/` })).statusCode).toBe(404);
      expect((await off.request({ method: 'POST', url: '/api/v1/public/requests/', payload: { code, description: 'Broken' } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
