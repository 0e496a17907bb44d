/**
 * Every place that takes an email address judges it by the one rule (shared/rules/email-address.ts):
 * lookalikes, invisible characters, display names and lists answer 400 and change nothing, mail
 * goes only to the one mailbox the user saw, and a registration cannot make a lookalike of an
 * account that was made before the rule.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSkeleton } from '../../shared/rules/email-address.js';
import { loadConfig } from '../../src-server/config.js';
import { openDatabase } from '../../src-server/db/database.js';
import { migrate } from '../../src-server/db/migrate.js';
import { createMailer, UnsafeRecipientError } from '../../src-server/mail/mailer.js';
import { hashPassword } from '../../src-server/modules/auth/passwords.js';
import { createPgSchema, createTestApp, readOutbox, usesPostgres, type TestApp, type TestUser } from '../helpers/test-app.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';

let t: TestApp;
let full: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  await t.createUser({ email: 'technician@example.com' });
  await t.createUser({ email: 'boss@example.com', staff: true });
  await insertLocation(t.database.db, 'Central Warehouse', 3003);
});
afterAll(async () => {
  await t.close();
});

const INVALID = { email: ['Enter a valid email address.'] };
const userCount = async () => (await t.database.db.selectFrom('users').select('id').execute()).length;
const contactCount = async () => (await t.database.db.selectFrom('contact_messages').select('id').execute()).length;
const signup = (email: string) => ({ email, password: 'Spanner-Wrench-42', re_password: 'Spanner-Wrench-42', first_name: 'Pat', last_name: 'Fixer' });

/** What the probe sent: every one must be refused wherever an address is taken. */
const BAD_ADDRESSES = [
  'technician@example.com\u200b',
  '\u200btechnician@example.com',
  'tech\u00adnician@example.com',
  'technician@example.com\u202e',
  'tеchnician@example.com', // Cyrillic е
  'technician@еxample.com',
  'te\u0301chnician@example.com', // combining acute accent
  'boss.example.com<attacker@evil.test>',
  'Boss <boss@example.com>',
  'a,b@c.de',
  'a;b@c.de',
  '"boss"@example.com',
  'boss @example.com',
  'boss@example.com\nBcc: attacker@evil.test',
  'boss@exa\tmple.com',
  'boss@[127.0.0.1]',
];

describe('registration', () => {
  it('refuses every lookalike, invisible character, display name and list with 400, creating and mailing nothing', async () => {
    const users = await userCount();
    const mails = readOutbox(t.dataDir).length;
    for (const email of BAD_ADDRESSES) {
      const res = await t.request({ method: 'POST', url: '/api/v1/auth/users/', payload: signup(email) });
      expect(res.statusCode, JSON.stringify(email)).toBe(400);
      expect(res.json(), JSON.stringify(email)).toEqual(INVALID);
    }
    expect(await userCount()).toBe(users);
    expect(readOutbox(t.dataDir)).toHaveLength(mails);
  });

  it('stores a full-width address as the plain one it stands for, and mails that one', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/users/', payload: signup('ｗｉｄｅ.ｗａｓｈ＠ｅｘａｍｐｌｅ．ｃｏｍ') });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe('wide.wash@example.com');
    const row = await t.database.db.selectFrom('users').selectAll().where('email_normalized', '=', 'wide.wash@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'wide.wash@example.com', email_skeleton: 'wide.wash@example.com' });
    const mail = readOutbox(t.dataDir).at(-1)!;
    expect(mail).toMatch(/^To: wide\.wash@example\.com$/m);
  });

  it('refuses an address that only looks like an account made before the rule', async () => {
    // As an install kept it from before the rule (migration 0008 filled in its skeleton).
    const legacy = 'bоss.wash@example.com'; // Cyrillic о
    await sql`insert into users (email, email_normalized, email_skeleton, password_hash, first_name, last_name, is_active, is_staff, full_feature_access, date_joined)
      values (${legacy}, ${legacy}, ${emailSkeleton(legacy)}, ${await hashPassword('Old-Account-77')}, 'Old', 'Account', 1, 0, 0, ${new Date().toISOString()})`.execute(t.database.db);
    const users = await userCount();
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/users/', payload: signup('Boss.Wash@example.com') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This email address looks too much like that of another account. Please use another address, or ask your administrator.'] });
    expect(await userCount()).toBe(users);
  });
});

describe('every other place that takes an address', () => {
  it('sign-in, password reset and activation resend answer 400 to a bad address', async () => {
    for (const email of BAD_ADDRESSES) {
      for (const url of ['/api/v1/auth/jwt/create/', '/api/v1/auth/users/reset_password/', '/api/v1/auth/users/resend_activation/']) {
        const res = await t.request({ method: 'POST', url, payload: { email, password: 'Spanner-Wrench-42' } });
        expect(res.statusCode, `${url} ${JSON.stringify(email)}`).toBe(400);
        expect(res.json(), `${url} ${JSON.stringify(email)}`).toEqual(INVALID);
      }
    }
  });

  it('password reset of the full-width spelling reaches the real account, and only its mailbox', async () => {
    const before = readOutbox(t.dataDir).length;
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password/', payload: { email: 'ｔｅｃｈｎｉｃｉａｎ＠ｅｘａｍｐｌｅ．ｃｏｍ' } });
    expect(res.statusCode).toBe(204);
    const mails = readOutbox(t.dataDir);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatch(/^To: technician@example\.com$/m);
  });

  it('the contact form refuses a bad address, storing and mailing nothing', async () => {
    const messages = await contactCount();
    const mails = readOutbox(t.dataDir).length;
    for (const email of BAD_ADDRESSES) {
      const res = await t.request({ method: 'POST', url: '/api/v1/contact/', payload: { name: 'Pat', email, message: 'Hello' } });
      expect(res.statusCode, JSON.stringify(email)).toBe(400);
      expect(res.json(), JSON.stringify(email)).toEqual(INVALID);
    }
    expect(await contactCount()).toBe(messages);
    expect(readOutbox(t.dataDir)).toHaveLength(mails);
  });

  it('report mails go to one plain address only', async () => {
    const mails = readOutbox(t.dataDir).length;
    for (const email of BAD_ADDRESSES) {
      const res = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemical-inventory-report/', as: full, payload: { email, location: 3003 } });
      expect(res.statusCode, JSON.stringify(email)).toBe(400);
      expect(res.json(), JSON.stringify(email)).toEqual({ email: ['Please enter a valid email address.'] });
    }
    expect(readOutbox(t.dataDir)).toHaveLength(mails);
    const ok = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemical-inventory-report/', as: full, payload: { email: 'manager@wash.example.org', location: 3003 } });
    expect(ok.statusCode).toBe(200);
    expect(readOutbox(t.dataDir).at(-1)).toMatch(/^To: manager@wash\.example\.org$/m);
  });
});

describe('the mailer', () => {
  it('refuses to send to anything but one plain address, whoever asks', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-mailer-'));
    try {
      const log = { info() {}, debug() {}, warn() {}, error() {} } as never;
      const mailer = createMailer({ smtpUrl: null, from: 'Maintenance Manager <no-reply@localhost>', dataDir, log });
      for (const to of ['boss.example.com<attacker@evil.test>', 'a,b@c.de', 'Boss <boss@example.com>', 'technician@example.com\u200b', ' boss@example.com', 'tеchnician@example.com']) {
        await expect(mailer.send({ to, subject: 'x', text: 'x' }), JSON.stringify(to)).rejects.toBeInstanceOf(UnsafeRecipientError);
      }
      expect(readdirSync(join(dataDir, 'outbox'))).toEqual([]);
      await mailer.send({ to: 'boss@example.com', subject: 'Hello', text: 'Hi' });
      const [mail] = readOutbox(dataDir);
      expect(mail).toMatch(/^To: boss@example\.com$/m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('migration 0008', () => {
  it('gives the accounts made before it their skeleton, so their lookalikes are found', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-migrate-'));
    const pgSchema = usesPostgres ? await createPgSchema() : null;
    const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(32), ...(pgSchema ? { DATABASE_URL: pgSchema.url, DATABASE_SCHEMA: pgSchema.schema } : {}) });
    const database = openDatabase(config);
    try {
      // Everything up to 0007, then accounts as they were kept, then 0008.
      const db = database.db;
      await sql`create table schema_migrations (name varchar(255) primary key, applied_at text not null)`.execute(db);
      await sql`insert into schema_migrations (name, applied_at) values ('0008_email_skeleton', 'x')`.execute(db);
      await migrate(database);
      for (const email of ['tеchnician@example.com', 'ops@example.com\u200b']) {
        await sql`insert into users (email, email_normalized, password_hash, first_name, last_name, is_active, is_staff, full_feature_access, date_joined)
          values (${email}, ${email.toLowerCase()}, 'x', 'A', 'B', 1, 0, 0, ${new Date().toISOString()})`.execute(db);
      }
      await sql`delete from schema_migrations where name = '0008_email_skeleton'`.execute(db);
      expect(await migrate(database)).toEqual(['0008_email_skeleton']);
      const rows = await db.selectFrom('users').select(['email', 'email_skeleton']).orderBy('id').execute();
      expect(rows.map((r) => r.email_skeleton)).toEqual(['technician@example.com', 'ops@example.com']);
    } finally {
      await database.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
