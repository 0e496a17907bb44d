import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../src-server/mail/mailer.js';
import { createTestApp, readOutbox, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let staff: TestUser;
let otherStaff: TestUser;
let limited: TestUser;
let full: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.createUser({ staff: true, email: 'desk@example.com' });
  otherStaff = await t.createUser({ staff: true, full: true, email: 'boss@example.com' });
  await t.createUser({ staff: true, active: false, email: 'former@example.com' });
  limited = await t.createUser();
  full = await t.createUser({ full: true });
});
afterAll(async () => {
  await t.close();
});

const message = { name: 'Dana Driver', email: 'dana@example.org', message: 'The air pump at store 12 is broken.' };
const send = (payload: Record<string, unknown>, as?: TestUser) => t.request({ method: 'POST', url: '/api/v1/contact/', payload, ...(as ? { as } : {}) });
const stored = () => t.database.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

describe('sending a contact message', () => {
  it('stores a visitor message and mails every active staff member', async () => {
    const outbox = readOutbox(t.dataDir).length;
    const res = await send({ ...message, name: '  Dana Driver ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), ...message, created_at: expect.any(String) });
    const rows = await stored();
    expect(rows.at(-1)).toMatchObject({ ...message, user_id: null });

    const mails = readOutbox(t.dataDir).slice(outbox);
    expect(mails).toHaveLength(2);
    const recipients = mails.map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim()).sort();
    expect(recipients).toEqual(['boss@example.com', 'desk@example.com']);
    for (const mail of mails) {
      expect(mail).toContain('Subject: Contact message from Dana Driver');
      expect(mail).toContain('dana@example.org');
      expect(mail).toContain('The air pump at store 12 is broken.');
    }
  });

  it('records the sender when signed in, limited users included', async () => {
    const res = await send(message, limited);
    expect(res.statusCode).toBe(201);
    expect((await stored()).at(-1)).toMatchObject({ id: res.json().id, user_id: limited.user.id });
  });

  it('requires name, a valid email and a message of at most 5000 characters, storing nothing otherwise', async () => {
    const before = (await stored()).length;
    const missing = await send({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ['This field is required.'], email: ['This field is required.'], message: ['This field is required.'] });
    expect((await send({ ...message, name: ' ', message: '' })).json()).toEqual({ name: ['This field may not be blank.'], message: ['This field may not be blank.'] });
    expect((await send({ ...message, email: 'dana at example' })).json()).toEqual({ email: ['Enter a valid email address.'] });
    expect((await send({ ...message, message: 'x'.repeat(5001) })).json()).toEqual({ message: ['Ensure this field has no more than 5000 characters.'] });
    expect((await send({ ...message, message: 'y'.repeat(5000) })).statusCode).toBe(201);
    expect((await stored()).length).toBe(before + 1);
  });
});

describe('reading contact messages', () => {
  it('lists messages newest first, paged by 10, for staff only', async () => {
    for (let i = 0; i < 11; i++) expect((await send({ ...message, message: `Numbered ${i}` })).statusCode).toBe(201);
    const total = (await stored()).length;
    const first = await t.request({ method: 'GET', url: '/api/v1/contact/', as: staff });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(total);
    expect(body.results).toHaveLength(10);
    expect(body.results[0]).toEqual({ id: expect.any(Number), ...message, message: 'Numbered 10', created_at: expect.any(String) });
    expect(body.results[1].message).toBe('Numbered 9');
    expect(body.next).toBe('http://cmms.test/api/v1/contact/?page=2');
    const ids: number[] = body.results.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await t.request({ method: 'GET', url: '/api/v1/contact/?page=2', as: otherStaff });
    expect(second.json().results[0].id).toBeLessThan(ids.at(-1)!);
    expect((await t.request({ method: 'GET', url: '/api/v1/contact/?page=99', as: staff })).json()).toEqual({ detail: 'Invalid page.' });

    expect((await t.request({ method: 'GET', url: '/api/v1/contact/' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/v1/contact/', as: limited })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/contact/', as: full })).json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });
});

describe('contact delivery', () => {
  it('stores the message when there is no staff to tell', async () => {
    const lonely = await createTestApp();
    try {
      const res = await lonely.request({ method: 'POST', url: '/api/v1/contact/', payload: message });
      expect(res.statusCode).toBe(201);
      expect(readOutbox(lonely.dataDir)).toHaveLength(0);
      expect(await lonely.database.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(1);
    } finally {
      await lonely.close();
    }
  });

  it('keeps the message and answers 201 when the mail server fails', async () => {
    const attempts: Mail[] = [];
    const broken = await createTestApp({
      mailer: {
        async send(mail) {
          attempts.push(mail);
          throw new Error('connect ECONNREFUSED');
        },
      },
    });
    try {
      await broken.createUser({ staff: true });
      const res = await broken.request({ method: 'POST', url: '/api/v1/contact/', payload: message });
      expect(res.statusCode).toBe(201);
      expect(attempts).toHaveLength(1);
      expect(await broken.database.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });

  it('is rate limited like the sign-in routes', async () => {
    const strict = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      for (let i = 0; i < 3; i++) expect((await strict.request({ method: 'POST', url: '/api/v1/contact/', payload: message })).statusCode).toBe(201);
      const throttled = await strict.request({ method: 'POST', url: '/api/v1/contact/', payload: message });
      expect(throttled.statusCode).toBe(429);
      expect(typeof throttled.json().detail).toBe('string');
      expect(await strict.database.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(3);
    } finally {
      await strict.close();
    }
  });
});
