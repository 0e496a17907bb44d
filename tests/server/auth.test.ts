import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRepositories } from '../../src-server/db/repositories.js';
import { TokenService } from '../../src-server/modules/auth/jwt.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { linkParts, readOutbox } from '../helpers/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (body: Record<string, string>) => t.request({ method: 'POST', url: '/api/v1/auth/users/', payload: body });
const validSignup = (email: string) => ({ email, password: 'Spanner-Wrench-42', re_password: 'Spanner-Wrench-42', first_name: 'Pat', last_name: 'Fixer' });

describe('register, activate, sign in', () => {
  it('registers an inactive limited user, mails a working activation link, then signs in', async () => {
    const res = await register(validSignup('Pat.Fixer@Example.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'Pat.Fixer@Example.com', first_name: 'Pat', last_name: 'Fixer' });
    expect(res.json()).not.toHaveProperty('password');

    const login = () => t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'pat.fixer@example.com', password: 'Spanner-Wrench-42' } });
    expect((await login()).statusCode).toBe(401);

    const mail = readOutbox(t.dataDir).find((m) => m.toLowerCase().includes('to: pat.fixer@example.com'));
    expect(mail).toBeDefined();
    expect(mail).toContain('http://cmms.test/activate/');
    const { uid, token } = linkParts(mail!, '/activate');
    const activated = await t.request({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } });
    expect(activated.statusCode).toBe(204);
    const again = await t.request({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ detail: 'Stale token for given user.' });

    const ok = await login();
    expect(ok.statusCode).toBe(200);
    const { access, refresh } = ok.json();
    expect(typeof access).toBe('string');
    expect(typeof refresh).toBe('string');
    const me = await t.request({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'Pat.Fixer@Example.com', first_name: 'Pat', last_name: 'Fixer', full_feature_access: false });
  });

  it('rejects mismatched, weak, common and numeric passwords with field errors', async () => {
    const mismatch = await register({ ...validSignup('a1@example.com'), re_password: 'Other-Wrench-42' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ non_field_errors: ["The two password fields didn't match."] });

    const short = await register({ ...validSignup('a2@example.com'), password: 'Ab1', re_password: 'Ab1' });
    expect(short.json().password).toContain('This password is too short. It must contain at least 8 characters.');

    const common = await register({ ...validSignup('a3@example.com'), password: 'password123', re_password: 'password123' });
    expect(common.json().password).toContain('This password is too common.');

    const numeric = await register({ ...validSignup('a4@example.com'), password: '8675309123', re_password: '8675309123' });
    expect(numeric.json().password).toContain('This password is entirely numeric.');

    const similar = await register({ ...validSignup('wrenchmaster@example.com'), password: 'wrenchmaster1', re_password: 'wrenchmaster1' });
    expect(similar.json().password).toContain('The password is too similar to the email.');
  });

  it('requires every field and a valid, unused email', async () => {
    const missing = await register({ email: 'x@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['first_name', 'last_name', 'password', 're_password']);
    expect(missing.json().password).toEqual(['This field is required.']);

    const bad = await register(validSignup('not-an-email'));
    expect(bad.json()).toEqual({ email: ['Enter a valid email address.'] });

    const blank = await register({ ...validSignup('b@example.com'), first_name: '  ' });
    expect(blank.json()).toEqual({ first_name: ['This field may not be blank.'] });

  });

  it('answers a sign-up with an address that has an account as for a new one, and tells the owner instead', async () => {
    const owner = await t.createUser({ email: 'taken@example.com', firstName: 'Terry' });
    const users = async () => (await t.database.db.selectFrom('users').select('id').execute()).length;
    const before = await users();
    const fresh = await register(validSignup('fresh.signup@example.com'));
    const dup = await register(validSignup('TAKEN@example.com'));
    // Nothing in the answer tells the two apart: same status, same fields.
    expect(fresh.statusCode).toBe(201);
    expect(dup.statusCode).toBe(201);
    expect(fresh.json()).toEqual({ email: 'fresh.signup@example.com', first_name: 'Pat', last_name: 'Fixer' });
    expect(dup.json()).toEqual({ email: 'TAKEN@example.com', first_name: 'Pat', last_name: 'Fixer' });
    expect(Object.keys(dup.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(await users()).toBe(before + 1);
    // The account is untouched: its own password still signs in, the sign-up's does not.
    const signIn = (password: string) => t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'taken@example.com', password } });
    expect((await signIn(owner.password)).statusCode).toBe(200);
    expect((await signIn('Spanner-Wrench-42')).statusCode).toBe(401);
    // Its owner hears of it, with the way to a new password, and no activation link.
    const mail = readOutbox(t.dataDir).find((m) => /^To: taken@example\.com$/m.test(m))!;
    expect(mail).toMatch(/^Subject: Sign-up attempt with your Maintenance Manager address$/m);
    expect(mail).toContain('Hello Terry,');
    expect(mail).toContain('Someone tried to register a new Maintenance Manager account with this email address');
    expect(mail).toContain('http://cmms.test/reset-password');
    expect(mail).not.toContain('/activate/');
    expect(mail).not.toContain('Pat');
  });

  it('sends an account still waiting for activation a fresh activation link when its address signs up again', async () => {
    await register(validSignup('waiting@example.com'));
    const again = await register(validSignup('waiting@example.com'));
    expect(again.statusCode).toBe(201);
    const mails = readOutbox(t.dataDir).filter((m) => /^To: waiting@example\.com$/m.test(m));
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatch(/^Subject: Sign-up attempt with your Maintenance Manager address$/m);
    const { uid, token } = linkParts(mails[1]!, '/activate');
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } })).statusCode).toBe(204);
  });

  it('refuses a tampered or unknown activation link', async () => {
    await register(validSignup('tamper@example.com'));
    const mail = readOutbox(t.dataDir).find((m) => m.includes('To: tamper@example.com'))!;
    const { uid, token } = linkParts(mail, '/activate');
    const badToken = await t.request({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token: token.replace(/.$/, (c) => (c === '0' ? '1' : '0')) } });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json()).toEqual({ token: ['Invalid token for given user.'] });
    const badUid = await t.request({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid: 'OTk5OTk5', token } });
    expect(badUid.json()).toEqual({ uid: ["Invalid user id or user doesn't exist."] });
  });

  it('lowercases the email at login and gives the SimpleJWT message on failure', async () => {
    const u = await t.createUser({ email: 'mixed.case@example.com' });
    const ok = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'MIXED.Case@example.com', password: u.password } });
    expect(ok.statusCode).toBe(200);
    const wrong = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'mixed.case@example.com', password: 'nope-nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('No active account found with the given credentials');
    const nobody = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'nobody@example.com', password: 'nope-nope-nope' } });
    expect(nobody.statusCode).toBe(401);
  });
});

describe('token refresh', () => {
  it('rotates the refresh token and revokes the login when an old one is reused', async () => {
    const u = await t.createUser();
    const login = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: u.user.email, password: u.password } });
    const first = login.json().refresh as string;
    const r1 = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh', payload: { refresh: first } });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().refresh as string;
    expect(second).not.toBe(first);
    expect(typeof r1.json().access).toBe('string');

    const r2 = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: second } });
    expect(r2.statusCode).toBe(200);
    const third = r2.json().refresh as string;

    // `first` was replaced well before: simulate the grace window passing by backdating its successor.
    await t.database.db.updateTable('refresh_tokens').set({ issued_at: new Date(Date.now() - 60_000).toISOString() }).execute();
    const reuse = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: first } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    // The whole family is now revoked, including the newest token.
    const after = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: third } });
    expect(after.statusCode).toBe(401);
  });

  it('rejects an access token used as a refresh token, and garbage', async () => {
    const u = await t.createUser();
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: u.token } })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: 'abc' } })).statusCode).toBe(401);
    const missing = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required.'] });
  });

  it('logout revokes the refresh token', async () => {
    const u = await t.createUser();
    const { refresh } = (await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: u.user.email, password: u.password } })).json();
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/jwt/logout/', payload: { refresh } })).statusCode).toBe(204);
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh } })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('always answers 204, and the mailed link sets a new password once', async () => {
    const u = await t.createUser({ email: 'forgetful@example.com' });
    const unknown = await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password/', payload: { email: 'ghost@example.com' } });
    expect(unknown.statusCode).toBe(204);
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password/', payload: { email: 'Forgetful@example.com' } });
    expect(res.statusCode).toBe(204);
    const mail = readOutbox(t.dataDir).find((m) => m.includes('To: forgetful@example.com') && m.includes('reset'))!;
    expect(mail).toContain('http://cmms.test/password/reset/confirm/');
    const { uid, token } = linkParts(mail, '/password/reset/confirm');

    const mismatch = await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password_confirm/', payload: { uid, token, new_password: 'Brand-New-Pass-9', re_new_password: 'Other-New-Pass-9' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ non_field_errors: ["The two password fields didn't match."] });

    const ok = await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password_confirm/', payload: { uid, token, new_password: 'Brand-New-Pass-9', re_new_password: 'Brand-New-Pass-9' } });
    expect(ok.statusCode).toBe(204);
    const reused = await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password_confirm/', payload: { uid, token, new_password: 'Third-New-Pass-9', re_new_password: 'Third-New-Pass-9' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ token: ['Invalid token for given user.'] });

    const oldLogin = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: u.user.email, password: u.password } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: u.user.email, password: 'Brand-New-Pass-9' } });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('authentication', () => {
  it('answers 401 without a token and with a bad one, and lets a stale token sign in again', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/auth/users/me/' })).statusCode).toBe(401);
    const bad = await t.request({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
    const u = await t.createUser();
    const login = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', headers: { authorization: 'Bearer stale' }, payload: { email: u.user.email, password: u.password } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an inactive user even with a valid token', async () => {
    const u = await t.createUser({ active: false });
    const res = await t.request({ method: 'GET', url: '/api/v1/auth/users/me/', as: u });
    expect(res.statusCode).toBe(401);
  });

  it('answers malformed JSON with a DRF message and no stack trace', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error - the request body is not valid JSON.' });
  });

  it('rate limits login attempts', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'x@example.com', password: 'whatever-123' } });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('concurrent refresh', () => {
  it('two refreshes of one token at once both succeed and keep the login alive', async () => {
    const u = await t.createUser();
    const { refresh } = (await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: u.user.email, password: u.password } })).json();
    const [a, b] = await Promise.all([
      t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh } }),
      t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    for (const r of [a, b]) {
      const next = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: r.json().refresh } });
      expect(next.statusCode).toBe(200);
    }
  });
});

describe('deactivated accounts and mail failures', () => {
  it('a deactivated account cannot turn itself back on through activation', async () => {
    await register(validSignup('deactivated@example.com'));
    const mail = readOutbox(t.dataDir).find((m) => m.includes('To: deactivated@example.com'))!;
    const { uid, token } = linkParts(mail, '/activate');
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } })).statusCode).toBe(204);
    const user = await t.database.db.selectFrom('users').selectAll().where('email_normalized', '=', 'deactivated@example.com').executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    const before = readOutbox(t.dataDir).length;
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/users/resend_activation/', payload: { email: 'deactivated@example.com' } })).statusCode).toBe(204);
    expect(readOutbox(t.dataDir)).toHaveLength(before);
    const fresh = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const forged = await t.request({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } });
    expect(forged.statusCode).toBe(403);
    expect(fresh.is_active).toBe(0);
  });

  it('answers register and reset the same way when the mail server fails', async () => {
    const failing = await createTestApp({ mailer: { send: async () => Promise.reject(new Error('smtp down')) } });
    try {
      const res = await failing.request({ method: 'POST', url: '/api/v1/auth/users/', payload: validSignup('nomail@example.com') });
      expect(res.statusCode).toBe(201);
      const u = await failing.createUser({ email: 'exists@example.com' });
      const known = await failing.request({ method: 'POST', url: '/api/v1/auth/users/reset_password/', payload: { email: u.user.email } });
      const unknown = await failing.request({ method: 'POST', url: '/api/v1/auth/users/reset_password/', payload: { email: 'ghost2@example.com' } });
      expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
    } finally {
      await failing.close();
    }
  });
});

describe('refresh token housekeeping', () => {
  it('drops expired and long-revoked tokens and keeps live ones', async () => {
    const u = await t.createUser();
    const { refresh } = (await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: u.user.email, password: u.password } })).json();
    const tokens = new TokenService(t.config.secretKey, buildRepositories(t.database.db, t.database.dialect, t.config.site));
    const rows = () => t.database.db.selectFrom('refresh_tokens').select('jti').where('user_id', '=', u.user.id).execute();
    expect(await rows()).toHaveLength(1);
    await tokens.purge();
    expect(await rows()).toHaveLength(1);
    await tokens.purge(Date.now() + 2 * 24 * 3600 * 1000);
    expect(await rows()).toHaveLength(0);
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh } })).statusCode).toBe(401);
  });
});

describe('search folds case beyond ASCII on both engines', () => {
  it('finds accented text whatever its case', async () => {
    const u = await t.createUser({ full: true });
    const loc = (await t.request({ method: 'POST', url: '/api/v1/locations/', as: u, payload: { location_type: 'OTHER', name: 'Café Ünter', address: 'a', city: 'c', state: 's', postal_code: '1' } })).json();
    await t.request({ method: 'POST', url: '/api/v1/workorders/', as: u, payload: { location_id: loc.id, description: 'ÉCHEC du compresseur' } });
    for (const q of ['échec', 'ÉCHEC', 'CAFÉ ü']) {
      const res = await t.request({ method: 'GET', url: `/api/v1/workorders/?search=${encodeURIComponent(q)}`, as: u });
      expect(res.json().count, q).toBe(1);
    }
  });
});
