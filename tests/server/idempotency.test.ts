import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ full: true });
  bob = await t.createUser({ full: true });
});
afterAll(async () => {
  await t.close();
});

const createVendor = (as: TestUser, key: string | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/v1/vendors/', as, payload, ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }) });
const vendorsNamed = async (name: string) => (await t.database.db.selectFrom('vendors').select('id').where('name', '=', name).execute()).length;
const record = (user: TestUser, key: string) =>
  t.database.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', user.user.id).where('key', '=', key).executeTakeFirst();

describe('Idempotency-Key', () => {
  it('runs a repeated POST once and replays the first answer', async () => {
    const first = await createVendor(alice, 'vendor-create-0001', { name: 'Once Only' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await createVendor(alice, 'vendor-create-0001', { name: 'Once Only' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toBe(first.body);
    expect(await vendorsNamed('Once Only')).toBe(1);
    expect(await record(alice, 'vendor-create-0001')).toMatchObject({ state: 'done', response_status: 201 });
  });

  it('refuses the same key with a different body', async () => {
    await createVendor(alice, 'vendor-create-0002', { name: 'First Body' });
    const other = await createVendor(alice, 'vendor-create-0002', { name: 'Second Body' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: 'This Idempotency-Key was already used for a different request.' });
    expect(await vendorsNamed('Second Body')).toBe(0);
  });

  it('keeps keys per user', async () => {
    const a = await createVendor(alice, 'shared-key-0003', { name: 'Alice Vendor' });
    const b = await createVendor(bob, 'shared-key-0003', { name: 'Bob Vendor' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
    const bobAgain = await createVendor(bob, 'shared-key-0003', { name: 'Bob Vendor' });
    expect(bobAgain.json().id).toBe(b.json().id);
  });

  it('refuses a malformed key before doing anything', async () => {
    for (const key of ['short', 'has spaces in it', 'x'.repeat(256), 'bad/slash/key']) {
      const res = await createVendor(alice, key, { name: 'Bad Key' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Idempotency-Key must be 8 to 255 letters, digits, dots, dashes, underscores or colons.' });
    }
    expect(await vendorsNamed('Bad Key')).toBe(0);
  });

  it('covers PUT, including a replayed validation error', async () => {
    const vendor = (await createVendor(alice, undefined, { name: 'Before' })).json();
    const put = (key: string, payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/v1/vendors/${vendor.id}/`, as: alice, headers: { 'idempotency-key': key }, payload });
    const first = await put('vendor-update-0004', { name: 'After' });
    expect(first.statusCode).toBe(200);
    // A later change must not show through the replay of the earlier answer.
    await t.request({ method: 'PUT', url: `/api/v1/vendors/${vendor.id}/`, as: alice, payload: { name: 'Later' } });
    const replay = await put('vendor-update-0004', { name: 'After' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect((await t.request({ method: 'GET', url: `/api/v1/vendors/${vendor.id}/`, as: alice })).json().name).toBe('Later');

    const invalid = await put('vendor-update-0005', { name: '' });
    expect(invalid.statusCode).toBe(400);
    const invalidAgain = await put('vendor-update-0005', { name: '' });
    expect(invalidAgain.statusCode).toBe(400);
    expect(invalidAgain.headers['idempotent-replayed']).toBe('true');
    expect(invalidAgain.json()).toEqual({ name: ['This field may not be blank.'] });
  });

  it('does not deduplicate requests without a key', async () => {
    expect((await createVendor(alice, undefined, { name: 'Twice' })).statusCode).toBe(201);
    expect((await createVendor(alice, undefined, { name: 'Twice' })).statusCode).toBe(201);
    expect(await vendorsNamed('Twice')).toBe(2);
  });

  it('answers 409 while the first request is still in flight', async () => {
    await createVendor(alice, 'vendor-create-0006', { name: 'In Flight' });
    // Make the stored record look like a request that is running right now.
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ state: 'in_flight', response_status: null, response_type: null, response_body: null, created_at: new Date().toISOString() })
      .where('user_id', '=', alice.user.id)
      .where('key', '=', 'vendor-create-0006')
      .execute();
    const res = await createVendor(alice, 'vendor-create-0006', { name: 'In Flight' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'A request with this Idempotency-Key is still being processed.', code: 'request_in_flight' });
    expect(await vendorsNamed('In Flight')).toBe(1);
    expect(await record(alice, 'vendor-create-0006')).toMatchObject({ state: 'in_flight' });
  });

  it('takes over an in-flight record abandoned long ago', async () => {
    await createVendor(alice, 'vendor-create-0007', { name: 'Abandoned' });
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ state: 'in_flight', response_status: null, response_type: null, response_body: null, created_at: new Date(Date.now() - 3 * 60_000).toISOString() })
      .where('user_id', '=', alice.user.id)
      .where('key', '=', 'vendor-create-0007')
      .execute();
    const res = await createVendor(alice, 'vendor-create-0007', { name: 'Abandoned' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    // The first attempt's effect was already there; the takeover ran the request again.
    expect(await vendorsNamed('Abandoned')).toBe(2);
    expect(await record(alice, 'vendor-create-0007')).toMatchObject({ state: 'done', response_status: 201, response_body: res.body });
    const replay = await createVendor(alice, 'vendor-create-0007', { name: 'Abandoned' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await vendorsNamed('Abandoned')).toBe(2);
  });

  it('does not apply to requests refused before the handler', async () => {
    const limited = await t.createUser();
    const denied = await createVendor(limited, 'vendor-create-0008', { name: 'Denied' });
    expect(denied.statusCode).toBe(403);
    expect(await record(limited, 'vendor-create-0008')).toBeUndefined();
  });
});
