/**
 * Staff administration through the API: the users list, access and activity changes under the
 * no-lock-out rules, sessions ended by deactivation and new passwords, the account mails, and the
 * contact inbox.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src-server/mail/mailer.js';
import type { AdminUser } from '../../shared/api/admin.js';
import { createTestApp, readOutbox, type TestApp, type TestUser } from '../helpers/test-app.js';
import { linkParts } from '../helpers/outbox.js';

let t: TestApp;
let staff: TestUser;
let otherStaff: TestUser;
let full: TestUser;
let limited: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.createUser({ staff: true, email: 'supervisor@example.com', firstName: 'Sam', lastName: 'Supervisor' });
  otherStaff = await t.createUser({ staff: true, full: true, email: 'deputy@example.com', firstName: 'Dee', lastName: 'Deputy' });
  full = await t.createUser({ full: true, email: 'fixer@example.com', firstName: 'Frankie', lastName: 'Fixer' });
  limited = await t.createUser({ email: 'newtech@example.com', firstName: 'Terry', lastName: 'Technician' });
});
afterAll(() => t.close());

const API = '/api/v1';
const patchUser = (id: number, payload: Record<string, unknown>, as: TestUser = staff, headers: Record<string, string> = {}) =>
  t.request({ method: 'PATCH', url: `${API}/admin/users/${id}/`, payload, as, headers });
const row = (id: number) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const login = async (email: string, password: string) => {
  const res = await t.request({ method: 'POST', url: `${API}/auth/jwt/create/`, payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json() as { access: string; refresh: string };
};
const refresh = (token: string) => t.request({ method: 'POST', url: `${API}/auth/jwt/refresh/`, payload: { refresh: token } });
const me = (access: string) => t.request({ method: 'GET', url: `${API}/auth/users/me/`, headers: { authorization: `Bearer ${access}` } });
const liveRefreshTokens = async (userId: number) =>
  (await t.database.db.selectFrom('refresh_tokens').select('jti').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()).length;

describe('who may use the admin API', () => {
  it('answers visitors 401 and limited and full-access users 403 on every admin endpoint; staff get through', async () => {
    const message = await t.request({ method: 'POST', url: `${API}/contact/`, payload: { name: 'Pat', email: 'pat@example.org', message: 'Hello' } });
    const target = await t.createUser({ active: false });
    const endpoints: { method: 'GET' | 'PATCH' | 'POST'; url: string; payload?: Record<string, unknown>; ok: number }[] = [
      { method: 'GET', url: `${API}/admin/users/`, ok: 200 },
      { method: 'GET', url: `${API}/admin/users/${target.user.id}/`, ok: 200 },
      { method: 'PATCH', url: `${API}/admin/users/${target.user.id}/`, payload: { full_feature_access: true }, ok: 200 },
      { method: 'POST', url: `${API}/admin/users/${target.user.id}/resend_activation/`, ok: 200 },
      { method: 'POST', url: `${API}/admin/users/${limited.user.id}/reset_password/`, ok: 200 },
      { method: 'GET', url: `${API}/admin/contact-messages/`, ok: 200 },
      { method: 'PATCH', url: `${API}/admin/contact-messages/${message.json().id}/`, payload: { read: true }, ok: 200 },
    ];
    const state = async () => ({
      users: await t.database.db.selectFrom('users').selectAll().orderBy('id').execute(),
      messages: await t.database.db.selectFrom('contact_messages').selectAll().orderBy('id').execute(),
      mails: readOutbox(t.dataDir).length,
    });
    for (const e of endpoints) {
      const req = (as?: TestUser) => t.request({ method: e.method, url: e.url, ...(e.payload ? { payload: e.payload } : {}), ...(as ? { as } : {}) });
      const before = await state();
      const visitor = await req();
      expect([e.url, visitor.statusCode, visitor.json()]).toEqual([e.url, 401, { detail: 'Authentication credentials were not provided.' }]);
      for (const user of [limited, full]) {
        const refused = await req(user);
        expect([e.url, refused.statusCode, refused.json()]).toEqual([e.url, 403, { detail: 'You do not have permission to perform this action.' }]);
      }
      // Nothing changed on refusal.
      expect(await state()).toEqual(before);
      expect((await req(staff)).statusCode).toBe(e.ok);
    }
    expect((await row(target.user.id)).full_feature_access).toBe(1);
  });

  it('answers 404 for a user or message that does not exist', async () => {
    for (const [method, url, payload] of [
      ['GET', `${API}/admin/users/999999/`, undefined],
      ['PATCH', `${API}/admin/users/999999/`, { is_staff: true }],
      ['POST', `${API}/admin/users/999999/resend_activation/`, undefined],
      ['POST', `${API}/admin/users/999999/reset_password/`, undefined],
      ['PATCH', `${API}/admin/contact-messages/999999/`, { read: true }],
    ] as const) {
      const res = await t.request({ method, url, as: staff, ...(payload ? { payload } : {}) });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { detail: 'Not found.' }]);
    }
  });
});

describe('the users list', () => {
  it('shows every field the screen needs, newest first, and records the first sign-in', async () => {
    await login(full.user.email, full.password);
    const res = await t.request({ method: 'GET', url: `${API}/admin/users/?search=fixer`, as: staff });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; next: null; previous: null; results: AdminUser[] };
    expect(body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: full.user.id,
          first_name: 'Frankie',
          last_name: 'Fixer',
          email: 'fixer@example.com',
          is_active: true,
          full_feature_access: true,
          is_staff: false,
          last_login: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          date_joined: full.user.date_joined,
          activated_at: expect.any(String),
          hourly_rate: 0,
        },
      ],
    });
    const all = (await t.request({ method: 'GET', url: `${API}/admin/users/`, as: staff })).json() as { results: AdminUser[] };
    const ids = all.results.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('searches first name, last name, full name and email, any case, with wildcards taken literally', async () => {
    const search = async (q: string) =>
      ((await t.request({ method: 'GET', url: `${API}/admin/users/?search=${encodeURIComponent(q)}`, as: staff })).json() as { results: AdminUser[] }).results.map((u) => u.email);
    expect(await search('TERRY')).toEqual(['newtech@example.com']);
    expect(await search('technic')).toEqual(['newtech@example.com']);
    expect(await search('terry tech')).toEqual(['newtech@example.com']);
    expect(await search('DEPUTY@EXAMPLE')).toEqual(['deputy@example.com']);
    expect(await search('%')).toEqual([]);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it('pages by 10 with links that keep the search; a page past the end is 404', async () => {
    for (let i = 0; i < 12; i++) await t.createUser({ email: `pager${i}@example.com`, lastName: 'Pager' });
    const first = await t.request({ method: 'GET', url: `${API}/admin/users/?search=pager`, as: staff });
    const pathOf = (link: string) => link.slice(new URL(link).origin.length);
    expect(first.json()).toMatchObject({ count: 12, previous: null });
    expect(pathOf(first.json().next)).toBe('/api/v1/admin/users/?search=pager&page=2');
    expect(first.json().results).toHaveLength(10);
    const second = await t.request({ method: 'GET', url: `${API}/admin/users/?search=pager&page=2`, as: staff });
    expect(second.json()).toMatchObject({ count: 12, next: null });
    expect(pathOf(second.json().previous)).toBe('/api/v1/admin/users/?search=pager');
    expect(second.json().results.map((u: AdminUser) => u.email)).toEqual(['pager1@example.com', 'pager0@example.com']);
    expect((await t.request({ method: 'GET', url: `${API}/admin/users/?search=pager&page=3`, as: staff })).statusCode).toBe(404);
  });
});

describe('changing a user', () => {
  it('grants full access to a limited technician, who then reaches full-access routes; revoking takes it away', async () => {
    const tech = await t.createUser();
    expect((await t.request({ method: 'GET', url: `${API}/vendors/`, as: tech })).statusCode).toBe(403);
    const granted = await patchUser(tech.user.id, { full_feature_access: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: tech.user.id, full_feature_access: true, is_staff: false, is_active: true });
    expect((await t.request({ method: 'GET', url: `${API}/vendors/`, as: tech })).statusCode).toBe(200);
    expect((await me(tech.token)).json()).toMatchObject({ full_feature_access: true });

    expect((await patchUser(tech.user.id, { full_feature_access: false })).json()).toMatchObject({ full_feature_access: false });
    expect((await t.request({ method: 'GET', url: `${API}/vendors/`, as: tech })).statusCode).toBe(403);
  });

  it('makes a user staff and takes it back', async () => {
    const tech = await t.createUser();
    expect((await patchUser(tech.user.id, { is_staff: true })).json()).toMatchObject({ is_staff: true });
    expect((await t.request({ method: 'GET', url: `${API}/admin/users/`, as: tech })).statusCode).toBe(200);
    expect((await patchUser(tech.user.id, { is_staff: false })).json()).toMatchObject({ is_staff: false });
    expect((await t.request({ method: 'GET', url: `${API}/admin/users/`, as: tech })).statusCode).toBe(403);
  });

  it('deactivation ends the user\'s sessions at once: the access token and every refresh token are refused', async () => {
    const leaver = await t.createUser({ full: true });
    const phone = await login(leaver.user.email, leaver.password);
    const laptop = await login(leaver.user.email, leaver.password);
    expect((await me(phone.access)).statusCode).toBe(200);
    expect(await liveRefreshTokens(leaver.user.id)).toBe(2);

    const res = await patchUser(leaver.user.id, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_active: false });
    expect(await liveRefreshTokens(leaver.user.id)).toBe(0);

    const refused = await me(phone.access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'User is inactive', code: 'user_inactive' });
    for (const r of [phone.refresh, laptop.refresh]) {
      const again = await refresh(r);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: 'token_not_valid' });
    }
    const signIn = await t.request({ method: 'POST', url: `${API}/auth/jwt/create/`, payload: { email: leaver.user.email, password: leaver.password } });
    expect(signIn.statusCode).toBe(401);

    // Reactivated, the account signs in again, but the old logins stay ended.
    expect((await patchUser(leaver.user.id, { is_active: true })).json()).toMatchObject({ is_active: true });
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    await login(leaver.user.email, leaver.password);
  });

  it('activating a never-activated account counts as its activation: the old link stops working', async () => {
    const signup = await t.request({
      method: 'POST',
      url: `${API}/auth/users/`,
      payload: { email: 'walkin@example.com', password: 'Grease-Gun-4411', re_password: 'Grease-Gun-4411', first_name: 'Wal', last_name: 'Kin' },
    });
    expect(signup.statusCode).toBe(201);
    const mail = readOutbox(t.dataDir).filter((m) => m.includes('walkin@example.com')).at(-1)!;
    const { uid, token } = linkParts(mail, '/activate');
    // The sign-up answer carries no id (it must look the same for a taken address): found by address.
    const { id } = await t.database.db.selectFrom('users').select('id').where('email_normalized', '=', 'walkin@example.com').executeTakeFirstOrThrow();
    const res = await patchUser(id, { is_active: true });
    expect(res.json()).toMatchObject({ is_active: true, activated_at: expect.any(String) });
    expect((await t.request({ method: 'POST', url: `${API}/auth/users/activation/`, payload: { uid, token } })).statusCode).toBe(403);
    await login('walkin@example.com', 'Grease-Gun-4411');
  });

  it('refuses a staff user removing their own staff right, deactivating themselves or changing their own full access, changing nothing', async () => {
    const before = await row(staff.user.id);
    const ownStaff = await patchUser(staff.user.id, { is_staff: false, full_feature_access: true });
    expect(ownStaff.statusCode).toBe(400);
    expect(ownStaff.json()).toEqual({ is_staff: ['You cannot remove your own staff right.'] });
    const ownActive = await patchUser(staff.user.id, { is_active: false });
    expect(ownActive.statusCode).toBe(400);
    expect(ownActive.json()).toEqual({ is_active: ['You cannot deactivate your own account.'] });
    // Nobody grants themselves a right: their own full access is changed by another staff user.
    for (const wanted of [before.full_feature_access !== 1, before.full_feature_access === 1]) {
      const ownAccess = await patchUser(staff.user.id, { is_staff: true, full_feature_access: wanted });
      if (wanted === (before.full_feature_access === 1)) {
        // Sending one's own rights unchanged (a whole form) changes nothing and is fine.
        expect(ownAccess.statusCode).toBe(200);
      } else {
        expect([ownAccess.statusCode, ownAccess.json()]).toEqual([400, { full_feature_access: ['You cannot change your own full access.'] }]);
      }
    }
    expect(await row(staff.user.id)).toEqual(before);
  });

  it('keeps one active staff user when two staff users demote each other at the same moment', async () => {
    const one = await createIsolatedStaffPair();
    try {
      const [a, b] = one.staff;
      const results = await Promise.all([
        one.app.request({ method: 'PATCH', url: `${API}/admin/users/${b.user.id}/`, payload: { is_active: false }, as: a }),
        one.app.request({ method: 'PATCH', url: `${API}/admin/users/${a.user.id}/`, payload: { is_staff: false }, as: b }),
      ]);
      expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
      const loser = results.find((r) => r.statusCode !== 200)!;
      // Refused by the rule, or (when the winner finished first) no longer staff at all.
      expect([400, 401, 403]).toContain(loser.statusCode);
      if (loser.statusCode === 400) expect(Object.values(loser.json() as Record<string, string[]>)[0]![0]).toMatch(/is the last active staff user; at least one must remain/);
      const activeStaff = await one.app.database.db.selectFrom('users').select('id').where('is_staff', '=', 1).where('is_active', '=', 1).execute();
      expect(activeStaff).toHaveLength(1);
    } finally {
      await one.app.close();
    }
  });

  it('removes a staff user for good while they grant themselves their rights back from 4 clients at once', async () => {
    // The removal lands at a different point of the clients' requests each round; 20 rounds catch
    // the race on either engine (before the fix, about one round in three restored the user).
    for (let round = 1; round <= 20; round++) {
      const removed = await t.createUser({ staff: true, full: true });
      let removalAnswered = false;
      /** One client of the removed user: asks for its rights again and again until refused (or long after the removal). */
      const selfGrant = async () => {
        const statuses: number[] = [];
        for (let afterRemoval = 0; statuses.length < 500 && afterRemoval < 10; ) {
          const res = await patchUser(removed.user.id, { is_active: true, is_staff: true }, removed);
          statuses.push(res.statusCode);
          if (res.statusCode !== 200) break;
          if (removalAnswered) afterRemoval += 1;
        }
        return statuses;
      };
      const clients = [selfGrant(), selfGrant(), selfGrant(), selfGrant()];
      // Let the clients get going, then remove them.
      await new Promise((r) => setTimeout(r, 3 * (round % 5)));
      const removal = await patchUser(removed.user.id, { is_active: false, is_staff: false });
      removalAnswered = true;
      const answered = await Promise.all(clients);
      expect([round, removal.statusCode]).toEqual([round, 200]);
      // A client is refused with 401 (inactive) or 403 (no longer staff), never anything else.
      for (const statuses of answered) expect(statuses.filter((s) => s !== 200).every((s) => s === 401 || s === 403)).toBe(true);
      const after = await row(removed.user.id);
      expect([round, after.is_active, after.is_staff]).toEqual([round, 0, 0]);
      const oldToken = await t.request({ method: 'GET', url: `${API}/admin/users/`, as: removed });
      expect([round, oldToken.statusCode]).toEqual([round, 401]);
    }
  });

  it('refuses bad input with DRF field errors and ignores unknown fields', async () => {
    const bad = await patchUser(limited.user.id, { is_staff: 'perhaps' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ is_staff: ['Must be a valid boolean.'] });
    const unknown = await patchUser(limited.user.id, { is_superuser: true, password_hash: 'x' });
    expect(unknown.statusCode).toBe(200);
    expect((await row(limited.user.id)).password_hash).toBe(limited.user.password_hash);
    expect((await t.request({ method: 'PATCH', url: `${API}/admin/users/abc/`, payload: {}, as: staff })).statusCode).toBe(404);
  });

  it('refuses null and other non-booleans with a field error each, changing nothing', async () => {
    const tech = await t.createUser({ full: true });
    const before = await row(tech.user.id);
    const nulls = await patchUser(tech.user.id, { full_feature_access: null, is_active: null, is_staff: null });
    expect([nulls.statusCode, nulls.json()]).toEqual([
      400,
      { full_feature_access: ['This field may not be null.'], is_active: ['This field may not be null.'], is_staff: ['This field may not be null.'] },
    ]);
    for (const value of [0, 1, '', 'false', 'true', [], {}]) {
      const res = await patchUser(tech.user.id, { is_active: value, full_feature_access: true });
      expect([JSON.stringify(value), res.statusCode, res.json()]).toEqual([JSON.stringify(value), 400, { is_active: ['Must be a valid boolean.'] }]);
    }
    expect(await row(tech.user.id)).toEqual(before);
    // The same user can still sign in and use full-access routes.
    const access = (await login(tech.user.email, tech.password)).access;
    expect((await t.request({ method: 'GET', url: `${API}/vendors/`, headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200);
  });

  it('replays a change sent again with the same Idempotency-Key', async () => {
    const tech = await t.createUser();
    const headers = { 'idempotency-key': 'grant-access-once-0001' };
    const first = await patchUser(tech.user.id, { full_feature_access: true }, staff, headers);
    await t.database.db.updateTable('users').set({ full_feature_access: 0 }).where('id', '=', tech.user.id).execute();
    const again = await patchUser(tech.user.id, { full_feature_access: true }, staff, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await row(tech.user.id)).full_feature_access).toBe(0);
  });
});

/** A second app whose only active staff users are the two returned, for the last-staff race. */
async function createIsolatedStaffPair() {
  const app = await createTestApp();
  const staffPair = [await app.createUser({ staff: true }), await app.createUser({ staff: true })] as const;
  return { app, staff: staffPair };
}

describe('account mails sent by staff', () => {
  it('resends the activation mail to an account never activated; its link activates it', async () => {
    const pending = await t.createUser({ active: false, email: 'pending@example.com' });
    const before = readOutbox(t.dataDir).length;
    const res = await t.request({ method: 'POST', url: `${API}/admin/users/${pending.user.id}/resend_activation/`, as: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Activation mail sent.' });
    const mails = readOutbox(t.dataDir).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: pending@example.com');
    const { uid, token } = linkParts(mails[0]!, '/activate');
    expect((await t.request({ method: 'POST', url: `${API}/auth/users/activation/`, payload: { uid, token } })).statusCode).toBe(204);
    expect((await row(pending.user.id)).is_active).toBe(1);
  });

  it('sends one mail for a request repeated with the same Idempotency-Key', async () => {
    const pending = await t.createUser({ active: false });
    const before = readOutbox(t.dataDir).length;
    const send = () =>
      t.request({ method: 'POST', url: `${API}/admin/users/${pending.user.id}/resend_activation/`, as: staff, headers: { 'idempotency-key': `resend-${pending.user.id}-0001` } });
    const [first, again] = [await send(), await send()];
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(readOutbox(t.dataDir).slice(before).filter((m) => m.includes(`To: ${pending.user.email}`))).toHaveLength(1);
  });

  it('refuses to resend activation to an activated account, deactivated ones included', async () => {
    const gone = await t.createUser();
    await patchUser(gone.user.id, { is_active: false });
    const before = readOutbox(t.dataDir).length;
    for (const u of [limited, gone]) {
      const res = await t.request({ method: 'POST', url: `${API}/admin/users/${u.user.id}/resend_activation/`, as: staff });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['This account has already been activated.'] });
    }
    expect(readOutbox(t.dataDir)).toHaveLength(before);
  });

  it('sends a password reset mail; confirming it sets the password and ends every login', async () => {
    const tech = await t.createUser({ email: 'forgetful@example.com' });
    const session = await login(tech.user.email, tech.password);
    const before = readOutbox(t.dataDir).length;
    const sent = await t.request({ method: 'POST', url: `${API}/admin/users/${tech.user.id}/reset_password/`, as: staff });
    expect([sent.statusCode, sent.json()]).toEqual([200, { detail: 'Password reset mail sent.' }]);
    const mail = readOutbox(t.dataDir).slice(before)[0]!;
    expect(mail).toContain('To: forgetful@example.com');
    const { uid, token } = linkParts(mail, '/password/reset/confirm');
    const confirm = await t.request({ method: 'POST', url: `${API}/auth/users/reset_password_confirm/`, payload: { uid, token, new_password: 'Brake-Caliper-62', re_new_password: 'Brake-Caliper-62' } });
    expect(confirm.statusCode).toBe(204);
    expect(await liveRefreshTokens(tech.user.id)).toBe(0);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    await login(tech.user.email, 'Brake-Caliper-62');
  });

  it('refuses a password reset mail for a deactivated account', async () => {
    const gone = await t.createUser();
    await patchUser(gone.user.id, { is_active: false });
    const res = await t.request({ method: 'POST', url: `${API}/admin/users/${gone.user.id}/reset_password/`, as: staff });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['This account is deactivated; reactivate it before sending a password reset mail.'] });
  });

  it('tells the staff user when the mail server fails', async () => {
    const broken = await createTestApp({ mailer: { send: async () => Promise.reject(new Error('connect ECONNREFUSED')) } });
    try {
      const boss = await broken.createUser({ staff: true });
      const pending = await broken.createUser({ active: false });
      for (const path of ['resend_activation', 'reset_password'] as const) {
        const target = path === 'resend_activation' ? pending : boss;
        const res = await broken.request({ method: 'POST', url: `${API}/admin/users/${target.user.id}/${path}/`, as: boss });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ detail: 'The mail could not be sent. Please try again later.' });
      }
    } finally {
      await broken.close();
    }
  });
});

describe('the contact inbox', () => {
  it('lists messages newest first, unread until marked, and marks them read and unread', async () => {
    const sent: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await t.request({ method: 'POST', url: `${API}/contact/`, payload: { name: `Sender ${n}`, email: `s${n}@example.org`, message: `Message ${n}` } });
      sent.push(res.json().id);
    }
    const list = async () => (await t.request({ method: 'GET', url: `${API}/admin/contact-messages/`, as: staff })).json() as { count: number; results: { id: number; read: boolean }[] };
    const first = await list();
    expect(first.results.slice(0, 3).map((m) => [m.id, m.read])).toEqual([
      [sent[2], false],
      [sent[1], false],
      [sent[0], false],
    ]);
    expect(first.results[0]).toEqual({ id: sent[2], name: 'Sender 3', email: 's3@example.org', message: 'Message 3', created_at: expect.any(String), read: false });

    const read = await t.request({ method: 'PATCH', url: `${API}/admin/contact-messages/${sent[1]}/`, payload: { read: true }, as: otherStaff });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: sent[1], read: true });
    const readAt = (await t.database.db.selectFrom('contact_messages').select('read_at').where('id', '=', sent[1]!).executeTakeFirstOrThrow()).read_at;
    await t.request({ method: 'PATCH', url: `${API}/admin/contact-messages/${sent[1]}/`, payload: { read: true }, as: staff });
    expect((await t.database.db.selectFrom('contact_messages').select('read_at').where('id', '=', sent[1]!).executeTakeFirstOrThrow()).read_at).toBe(readAt);
    expect((await list()).results.slice(0, 3).map((m) => m.read)).toEqual([false, true, false]);

    const unread = await t.request({ method: 'PATCH', url: `${API}/admin/contact-messages/${sent[1]}/`, payload: { read: false }, as: staff });
    expect(unread.json()).toMatchObject({ read: false });
    expect((await list()).results.slice(0, 3).map((m) => m.read)).toEqual([false, false, false]);
  });

  it('requires a boolean read flag', async () => {
    const res = await t.request({ method: 'PATCH', url: `${API}/admin/contact-messages/1/`, payload: {}, as: staff });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ read: ['This field is required.'] });
    // null is not "unread".
    const sent = await t.request({ method: 'POST', url: `${API}/contact/`, payload: { name: 'Null', email: 'null@example.org', message: 'Read me' } });
    await t.request({ method: 'PATCH', url: `${API}/admin/contact-messages/${sent.json().id}/`, payload: { read: true }, as: staff });
    const nulled = await t.request({ method: 'PATCH', url: `${API}/admin/contact-messages/${sent.json().id}/`, payload: { read: null }, as: staff });
    expect([nulled.statusCode, nulled.json()]).toEqual([400, { read: ['This field may not be null.'] }]);
    const list = (await t.request({ method: 'GET', url: `${API}/admin/contact-messages/`, as: staff })).json() as { results: { id: number; read: boolean }[] };
    expect(list.results.find((m) => m.id === sent.json().id)?.read).toBe(true);
  });
});

describe('account links in the log', () => {
  /** A real outbox mailer whose log lines (pino JSON, at `level`) are collected. */
  function loggingMailer(dataDir: string, level: 'info' | 'debug') {
    const lines: string[] = [];
    const logger = Fastify({ logger: { level, stream: { write: (line: string) => void lines.push(line) } } }).log;
    return { lines, mailer: createMailer({ smtpUrl: null, from: 'cmms@example.com', dataDir, log: logger }) };
  }

  it('keeps activation and reset links out of the log at info level, and shows them at debug', async () => {
    for (const level of ['info', 'debug'] as const) {
      const { lines, mailer } = loggingMailer(`${t.dataDir}/log-${level}`, level);
      const app = await createTestApp({ mailer });
      try {
        const signup = await app.request({
          method: 'POST',
          url: `${API}/auth/users/`,
          payload: { email: `logged-${level}@example.com`, password: 'Spark-Plug-8812', re_password: 'Spark-Plug-8812', first_name: 'Lo', last_name: 'Gged' },
        });
        expect(signup.statusCode).toBe(201);
        const boss = await app.createUser({ staff: true });
        expect((await app.request({ method: 'POST', url: `${API}/auth/users/reset_password/`, payload: { email: boss.user.email } })).statusCode).toBe(204);
        const { id } = await app.database.db.selectFrom('users').select('id').where('email_normalized', '=', `logged-${level}@example.com`).executeTakeFirstOrThrow();
        expect((await app.request({ method: 'POST', url: `${API}/admin/users/${id}/resend_activation/`, as: boss })).statusCode).toBe(200);
        const log = lines.join('');
        expect(lines.filter((l) => l.includes('mail written to outbox'))).toHaveLength(3);
        if (level === 'info') {
          expect(log).not.toMatch(/\/activate\/|\/password\/reset\/confirm\//);
        } else {
          expect(log).toMatch(/http:\/\/cmms\.test\/activate\/[A-Za-z0-9_-]+\/[0-9a-z]+-[0-9a-f]+/);
          expect(log).toMatch(/http:\/\/cmms\.test\/password\/reset\/confirm\/[A-Za-z0-9_-]+\/[0-9a-z]+-[0-9a-f]+/);
        }
      } finally {
        await app.close();
      }
    }
  });
});
