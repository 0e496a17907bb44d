import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminContactMessage, AdminUser } from '../../../shared/api/admin.js';
import { createHarness } from '../helpers/data-core-harness.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';

/** The administration area through the data worker's own API: saved reads, changes sent now or not at all. */
let api: FakeHttp;
let harness: Awaited<ReturnType<typeof createHarness>>;

const user = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 7,
  first_name: 'Robin',
  last_name: 'Fixer',
  email: 'robin@example.com',
  is_active: true,
  full_feature_access: false,
  is_staff: false,
  last_login: null,
  date_joined: '2026-03-01T10:00:00.000Z',
  activated_at: '2026-03-01T10:05:00.000Z',
  hourly_rate: 0,
  ...over,
});
const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const message = (over: Partial<AdminContactMessage> = {}): AdminContactMessage => ({ id: 3, name: 'Pat', email: 'pat@example.com', message: 'Hello', created_at: '2026-03-02T09:00:00.000Z', read: false, ...over });

beforeEach(async () => {
  api = createFakeHttp();
  harness = await createHarness(api);
});
afterEach(() => harness.close());

describe('the administration area', () => {
  it('reads the users with search and keeps the page for offline reading', async () => {
    api.on('GET', 'admin/users/?page=2&search=robin', () => json(200, page([user()])));
    expect((await harness.core.workerCalls.admin.users({ page: 2, search: ' robin ' })).data.results[0]!.email).toBe('robin@example.com');
    api.down = true;
    const saved = await harness.core.workerCalls.admin.users({ page: 2, search: 'robin' });
    expect(saved.fromCache).toBe(true);
    expect(saved.data.results).toHaveLength(1);
  });

  it('a change is sent once as a PATCH, named in its message, and the saved lists are dropped', async () => {
    api.on('GET', 'admin/users/?page=1', () => json(200, page([user()])));
    api.on('PATCH', 'admin/users/7/', () => json(200, user({ full_feature_access: true })));
    await harness.core.workerCalls.admin.users({ page: 1 });
    const result = await harness.core.workerCalls.admin.changeUser(7, 'grantFullAccess');
    expect(result).toEqual({ status: 'done', data: user({ full_feature_access: true }), message: 'Full access granted to robin@example.com.' });
    const patches = api.callsTo('PATCH', 'admin/users/7/');
    expect(patches.map((c) => c.json)).toEqual([{ full_feature_access: true }]);
    expect(patches[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    api.down = true;
    await expect(harness.core.workerCalls.admin.users({ page: 1 })).rejects.toMatchObject({ type: 'network' });
    expect((await harness.core.workerCalls.admin.user(7)).data.full_feature_access).toBe(true);
  });

  it('sends each change as its own flag', async () => {
    api.on('PATCH', 'admin/users/7/', (request) => json(200, user(request.json as Partial<AdminUser>)));
    expect((await harness.core.workerCalls.admin.changeUser(7, 'deactivate')).message).toBe('robin@example.com is deactivated and signed out everywhere.');
    await harness.core.workerCalls.admin.changeUser(7, 'reactivate');
    await harness.core.workerCalls.admin.changeUser(7, 'makeStaff');
    await harness.core.workerCalls.admin.changeUser(7, 'removeStaff');
    await harness.core.workerCalls.admin.changeUser(7, 'revokeFullAccess');
    expect(api.callsTo('PATCH', 'admin/users/7/').map((c) => c.json)).toEqual([
      { is_active: false },
      { is_active: true },
      { is_staff: true },
      { is_staff: false },
      { full_feature_access: false },
    ]);
  });

  it("a refusal keeps the server's words (the last-staff rule)", async () => {
    const lastStaff = 'sam@example.com is the last active staff user; at least one must remain. Make another user staff first.';
    api.on('PATCH', 'admin/users/7/', () => json(400, { is_staff: [lastStaff] }));
    await expect(harness.core.workerCalls.admin.changeUser(7, 'removeStaff')).rejects.toMatchObject({ type: 'validation', serverMessage: lastStaff });
  });

  it('without a connection a change says so and nothing is stored for later', async () => {
    api.down = true;
    await expect(harness.core.workerCalls.admin.changeUser(7, 'deactivate')).rejects.toMatchObject({ code: 'NEEDS_CONNECTION', shouldNotify: true });
    await expect(harness.core.workerCalls.admin.mailUser(7, 'resetPassword')).rejects.toMatchObject({ code: 'NEEDS_CONNECTION' });
    await expect(harness.core.workerCalls.admin.markMessage(3, true)).rejects.toMatchObject({ code: 'NEEDS_CONNECTION' });
    expect(harness.core.state().queue.items).toEqual([]);
  });

  it("the mails are POSTed to the user's action and answered with the server's words", async () => {
    api.on('POST', 'admin/users/7/resend_activation/', () => json(200, { detail: 'Activation mail sent.' }));
    api.on('POST', 'admin/users/7/reset_password/', () => json(200, { detail: 'Password reset mail sent.' }));
    expect((await harness.core.workerCalls.admin.mailUser(7, 'resendActivation')).message).toBe('Activation mail sent.');
    expect((await harness.core.workerCalls.admin.mailUser(7, 'resetPassword')).message).toBe('Password reset mail sent.');
  });

  it('marks a contact message read and drops the saved pages of messages', async () => {
    api.on('GET', 'admin/contact-messages/?page=1', () => json(200, page([message()])));
    api.on('PATCH', 'admin/contact-messages/3/', () => json(200, message({ read: true })));
    await harness.core.workerCalls.admin.messages({ page: 1 });
    const result = await harness.core.workerCalls.admin.markMessage(3, true);
    expect(result).toMatchObject({ status: 'done', data: { read: true }, message: 'Message marked as read.' });
    expect(api.callsTo('PATCH', 'admin/contact-messages/3/').map((c) => c.json)).toEqual([{ read: true }]);
    api.down = true;
    await expect(harness.core.workerCalls.admin.messages({ page: 1 })).rejects.toMatchObject({ type: 'network' });
  });
});
