/**
 * The account's language (docs/i18n.md; migration 0029): `PATCH auth/users/me/` saves it, `users/me`
 * shows it, and the server speaks it to a request that names no language of its own; a request's
 * Accept-Language comes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const ME = '/api/v1/auth/users/me/';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (as: TestUser | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'PATCH', url: ME, payload: payload as object, headers, ...(as ? { as } : {}) });
const me = async (as: TestUser) => (await t.request({ method: 'GET', url: ME, as })).json() as { language: string | null; is_staff: boolean };
const savedLanguage = async (user: TestUser) =>
  (await t.database.db.selectFrom('users').select('language').where('id', '=', user.user.id).executeTakeFirstOrThrow()).language;

describe('the account language', () => {
  it('is null until chosen, saved by PATCH, shown by users/me, and cleared by null', async () => {
    const u = await t.createUser({ full: true });
    expect((await me(u)).language).toBeNull();
    const res = await patch(u, { language: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.user.id, email: u.user.email, language: 'es' });
    expect((await me(u)).language).toBe('es');
    expect(await savedLanguage(u)).toBe('es');
    const cleared = await patch(u, { language: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().language).toBeNull();
    expect((await me(u)).language).toBeNull();
  });

  it('refuses an unknown language as a field error and changes nothing', async () => {
    const u = await t.createUser();
    expect((await patch(u, { language: 'en' })).statusCode).toBe(200);
    const res = await patch(u, { language: 'xx' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ language: ['"xx" is not a valid choice.'] });
    expect((await me(u)).language).toBe('en');
  });

  it('leaves unknown fields out, as every body does, and refuses an empty change', async () => {
    const u = await t.createUser();
    const empty = await patch(u, { is_staff: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Send at least one field to change.' });
    const mixed = await patch(u, { language: 'es', is_staff: true });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toMatchObject({ language: 'es', is_staff: false });
    expect((await me(u)).is_staff).toBe(false);
  });

  it('is set by a limited user on their own account; a visitor is 401', async () => {
    const limited = await t.createUser();
    expect((await patch(limited, { language: 'es' })).statusCode).toBe(200);
    expect((await me(limited)).language).toBe('es');
    const visitor = await patch(undefined, { language: 'es' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('replays a repeated write with the same Idempotency-Key', async () => {
    const u = await t.createUser();
    const key = { 'idempotency-key': 'language-key-0001' };
    const first = await patch(u, { language: 'es' }, key);
    expect(first.statusCode).toBe(200);
    // Changed meanwhile; the replay answers what the first request did and changes nothing.
    await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', u.user.id).execute();
    const again = await patch(u, { language: 'es' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await savedLanguage(u)).toBe('en');
    expect((await patch(u, { language: null }, key)).statusCode).toBe(422);
  });
});

describe('the language the server answers in', () => {
  const createLocation = (as: TestUser, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/v1/locations/', payload: {}, headers, as });

  it('is the request’s Accept-Language, else the account’s, else English', async () => {
    const u = await t.createUser({ full: true });
    const english = await createLocation(u);
    expect(english.statusCode).toBe(400);
    expect(english.json().name).toEqual(['This field is required.']);

    const asked = await createLocation(u, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(asked.json().name).toEqual(['Este campo es obligatorio.']);

    expect((await patch(u, { language: 'es' })).statusCode).toBe(200);
    expect((await createLocation(u)).json().name).toEqual(['Este campo es obligatorio.']);
    // The request's own language comes before the account's.
    expect((await createLocation(u, { 'accept-language': 'en' })).json().name).toEqual(['This field is required.']);
    expect((await patch(u, { language: 'xx' }, { 'accept-language': 'es' })).json()).toEqual({ language: ['"xx" no es una opción válida.'] });
  });

  it('says a refusal in Spanish to a visitor who asks for it', async () => {
    const res = await t.request({ method: 'GET', url: ME, headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No se proporcionaron las credenciales de autenticación.' });
  });
});
