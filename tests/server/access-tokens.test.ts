/**
 * Ending every login of a user (a password reset, a password set by an operator, a deactivation)
 * ends the access tokens already out at once, not when their 5 minutes are up; a new sign-in right
 * after works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersAdminService } from '../../src-server/modules/admin/users-admin.service.js';
import { linkParts, readOutbox } from '../helpers/outbox.js';
import { appServices, createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.createUser({ full: true, staff: true });
});
afterAll(async () => {
  await t.close();
});

const signIn = async (email: string, password: string) => {
  const res = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json() as { access: string; refresh: string };
};
const me = (access: string) => t.request({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${access}` } });
const verify = (token: string) => t.request({ method: 'POST', url: '/api/v1/auth/jwt/verify/', payload: { token } });

describe('access tokens issued before a password change', () => {
  it('stop working the moment the password is reset, and a new sign-in right after works', async () => {
    const u = await t.createUser({ email: 'reset.me@example.com' });
    const before = await signIn(u.user.email, u.password);
    expect((await me(before.access)).statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(200);

    expect((await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password/', payload: { email: u.user.email } })).statusCode).toBe(204);
    const mail = readOutbox(t.dataDir).filter((m) => /^To: reset\.me@example\.com$/m.test(m)).at(-1)!;
    const { uid, token } = linkParts(mail, '/password/reset/confirm');
    const confirm = await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password_confirm/', payload: { uid, token, new_password: 'Fresh-Gasket-93', re_new_password: 'Fresh-Gasket-93' } });
    expect(confirm.statusCode).toBe(204);

    for (const old of [before.access, u.token]) {
      const res = await me(old);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'token_not_valid' });
      expect((await verify(old)).statusCode).toBe(401);
    }
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: before.refresh } })).statusCode).toBe(401);

    // Within the same second as the change, a new login is not mistaken for an old one.
    const after = await signIn(u.user.email, 'Fresh-Gasket-93');
    expect((await me(after.access)).statusCode).toBe(200);
    expect((await verify(after.access)).statusCode).toBe(200);
    const refreshed = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: after.refresh } });
    expect((await me(refreshed.json().access as string)).statusCode).toBe(200);
  });

  it('stop working when an operator sets a new password, or the account is deactivated and switched on again', async () => {
    const u = await t.createUser({ email: 'operator.set@example.com' });
    const admin = usersAdminService(appServices(t));
    const first = await signIn(u.user.email, u.password);
    await admin.setPassword((await appServices(t).repositories.users.findById(u.user.id))!, 'Torque-Spanner-58');
    expect((await me(first.access)).statusCode).toBe(401);

    const second = await signIn(u.user.email, 'Torque-Spanner-58');
    expect((await me(second.access)).statusCode).toBe(200);
    const off = await t.request({ method: 'PATCH', url: `/api/v1/admin/users/${u.user.id}/`, as: staff, payload: { is_active: false } });
    expect(off.statusCode).toBe(200);
    const on = await t.request({ method: 'PATCH', url: `/api/v1/admin/users/${u.user.id}/`, as: staff, payload: { is_active: true } });
    expect(on.statusCode).toBe(200);
    // Switched on again, the account's old access token stays ended.
    expect((await me(second.access)).statusCode).toBe(401);
    expect((await me((await signIn(u.user.email, 'Torque-Spanner-58')).access)).statusCode).toBe(200);
  });

  it("leave other users' tokens alone", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await appServices(t).tokens.revokeAllForUser(a.user.id);
    expect((await me(a.token)).statusCode).toBe(401);
    expect((await me(b.token)).statusCode).toBe(200);
  });
});
