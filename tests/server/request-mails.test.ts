/**
 * The mails of requests from labels (docs/decisions.md: Requests at the label), both engines: the
 * sender's one mail on acceptance or rejection (with the reason) and one on completion, each once
 * and with the one-click unsubscribe, which stops every later mail to that address; none without an
 * address; nothing of the request read as HTML; a failed mail tried again later, still once and in
 * order; supervisors' new-request notices for their chosen locations with the setting on, full
 * access only; and exactly once with two real server processes on one database.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../shared/api/notifications.js';
import type { RequestTaken } from '../../shared/api/requests.js';
import { messages as spanishMessages } from '../../shared/i18n/compiled/es.js';
import { translatorFor } from '../../shared/i18n/translator.js';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import type { Mail, Mailer } from '../../src-server/mail/mailer.js';
import { NotificationDispatcher } from '../../src-server/modules/notifications/dispatcher.js';
import { insertAssets, insertLocation, type LocationFixture } from '../helpers/inventory-fixtures.js';
import { readOutbox } from '../helpers/outbox.js';
import { READY_TIMEOUT_MS, startServer, stopServer, waitUntilReady, type ServerProcess } from '../helpers/server-process.js';
import { createSharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const API = '/api/v1';
const spanish = translatorFor('es', spanishMessages);
const NONE: NotificationSettings = { order_created: false, order_claimed: false, order_completed: false, task_due: false, request_created: false, part_short: false, digest: false, locations: [] };
const HTML = '<b>bold</b> & <script>alert("x")</script> <img src=x onerror="alert(1)">';

let t: TestApp;
let full: TestUser;
let site: LocationFixture;
let siteCode: string;
let assetCode: string;

const codeOf = async (table: 'locations' | 'assets', id: number) => (await t.database.db.selectFrom(table).select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;

beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFY_DIGEST_HOUR: '0', NOTIFY_MAIL_HOURLY_LIMIT: '100' } });
  full = await t.createUser({ full: true });
  site = await insertLocation(t.database.db, 'Mail Wash');
  const [assetId] = (await insertAssets(t.database.db, site.id, 1, 'Dryer')) as [number];
  siteCode = await codeOf('locations', site.id);
  assetCode = await codeOf('assets', assetId);
  // The first tick runs today's daily jobs, so the later ticks of today are the ordinary ones.
  await t.app.notifications.tick();
});
afterAll(async () => t?.close());

let keys = 0;
async function send(payload: Record<string, unknown>, headers: Record<string, string> = {}): Promise<RequestTaken> {
  const res = await t.request({ method: 'POST', url: `${API}/public/requests/`, payload, headers: { 'idempotency-key': `mail-request-${++keys}-${Date.now()}`, ...headers } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RequestTaken;
}

async function accept(id: number): Promise<number> {
  const res = await t.request({ method: 'POST', url: `${API}/requests/${id}/accept/`, as: full });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { work_order_id: number }).work_order_id;
}

async function reject(id: number, reason: string): Promise<void> {
  const res = await t.request({ method: 'POST', url: `${API}/requests/${id}/reject/`, as: full, payload: { reason } });
  expect(res.statusCode, res.body).toBe(200);
}

async function complete(orderId: number): Promise<void> {
  expect((await t.request({ method: 'POST', url: `${API}/workorders/${orderId}/claim/`, as: full })).statusCode).toBe(200);
  const res = await t.request({ method: 'POST', url: `${API}/workorders/${orderId}/complete/`, as: full, payload: { field_notes: 'Fixed' } });
  expect(res.statusCode, res.body).toBe(200);
}

async function choose(as: TestUser, settings: Partial<NotificationSettings>) {
  const res = await t.request({ method: 'PUT', url: `${API}/notifications/settings/`, as, payload: { ...NONE, ...settings } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationSettings;
}

const ticks = async (n = 2, at?: Date) => {
  for (let i = 0; i < n; i++) await t.app.notifications.tick(at);
};
const escaped = (text: string) => text.replace(/[.+*?()[\]\\^$|{}]/g, '\\$&');
/** Mails to one address so far (the address as written, whatever its case). */
const mailsTo = (address: string) => readOutbox(t.dataDir).filter((m) => new RegExp(`^To: ${escaped(address)}$`, 'im').test(m));
const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1];
/** The link of the List-Unsubscribe header (folded onto its next line when long, as RFC 5322 allows). */
const unsubscribeUrl = (mail: string) => /^List-Unsubscribe:\s+<([^>]+)>$/m.exec(mail)?.[1] ?? '';
const pathOf = (url: string) => url.replace('http://cmms.test', '');
/** The footer after the signature's `--` line, which readOutbox takes for a MIME boundary and leaves quoted-printable. */
const undoSoftBreaks = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const onePost = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' };

describe('the sender\'s mails', () => {
  it('one on acceptance and one on completion, each once, plain text with the status page and the one-click unsubscribe', async () => {
    const email = 'accepted.sender@example.com';
    const taken = await send({ code: assetCode, description: `Dryer smokes ${HTML}`, email });
    await ticks();
    expect(mailsTo(email)).toHaveLength(0);

    const orderId = await accept(taken.id);
    await ticks(3);
    let mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [string];
    expect(subjectOf(mail)).toBe('Your report at Mail Wash, Dryer 0000 was accepted');
    expect(mail).toContain('It was accepted and will be worked on.');
    expect(mail).toContain(`See where it stands: ${taken.status_url}`);
    expect(unsubscribeUrl(mail)).toMatch(/^http:\/\/cmms\.test\/api\/v1\/notifications\/unsubscribe\/\?token=r[0-9a-z]+\.[0-9a-f]{40}$/);
    expect(undoSoftBreaks(mail)).toContain(`Stop mails about your reports with one click: ${unsubscribeUrl(mail)}`);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail).toMatch(/^Content-Type: text\/plain/m);
    expect(mail).not.toContain('text/html');
    // The sender's own words are not carried back to an address anyone could have typed in.
    expect(mail).not.toContain('Dryer smokes');

    await complete(orderId);
    await ticks(3);
    mails = mailsTo(email);
    expect(mails.map(subjectOf)).toEqual(['Your report at Mail Wash, Dryer 0000 was accepted', 'Your report at Mail Wash, Dryer 0000 is done']);
    expect(mails[1]).toContain(`The work on the problem you reported at Mail Wash, Dryer 0000 on ${todayIn('UTC')} is done.`);
    await ticks(3, new Date(Date.now() + 2 * 3_600_000));
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('in the language the sender wrote in, whatever language the decision was made in', async () => {
    const email = 'remitente@example.com';
    const taken = await send({ code: siteCode, description: 'La aspiradora no aspira', email }, { 'accept-language': 'es-MX,es;q=0.9' });
    const res = await t.request({ method: 'POST', url: `${API}/requests/${taken.id}/reject/`, as: full, payload: { reason: 'Ya está arreglada.' }, headers: { 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    await ticks(3);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0]!)).toBe(spanish('Your report at {place} was turned down', { place: 'Mail Wash' }));
    expect(mails[0]).toContain('Ya está arreglada.');
  });

  it('one on rejection, with the reason as plain text, never read as HTML', async () => {
    const email = 'rejected.sender@example.com';
    const taken = await send({ code: siteCode, description: 'Vacuum weak', email });
    await reject(taken.id, `Already fixed. ${HTML}`);
    await ticks(3);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0]!)).toBe('Your report at Mail Wash was turned down');
    expect(mails[0]).toContain(`It was turned down, for this reason:\n\nAlready fixed. ${HTML}\n`);
    expect(mails[0]).not.toContain('text/html');
    expect(mails[0]).not.toContain('&amp;');
    expect(mails[0]).toContain(`See where it stands: ${taken.status_url}`);
  });

  it('none on completion for a request turned down as the duplicate of an order: it stays turned down', async () => {
    const email = 'duplicate.sender@example.com';
    const original = await send({ code: siteCode, description: 'Tap drips' });
    const orderId = await accept(original.id);
    const duplicate = await send({ code: siteCode, description: 'Tap drips too', email });
    const res = await t.request({ method: 'POST', url: `${API}/requests/${duplicate.id}/reject/`, as: full, payload: { reason: 'Already reported', duplicate_of: orderId } });
    expect(res.statusCode, res.body).toBe(200);
    await ticks();
    await complete(orderId);
    await ticks(3);
    expect(mailsTo(email).map(subjectOf)).toEqual(['Your report at Mail Wash was turned down']);
  });

  it('none for a request without an address, whatever becomes of it', async () => {
    const quiet = await insertLocation(t.database.db, 'Quiet Bay');
    const code = await codeOf('locations', quiet.id);
    const before = readOutbox(t.dataDir).length;
    const kept = await send({ code, description: 'No address left' });
    const turnedDown = await send({ code, description: 'No address either' });
    await complete(await accept(kept.id));
    await reject(turnedDown.id, 'Not ours');
    await ticks(3);
    expect(readOutbox(t.dataDir)).toHaveLength(before);
    const events = await t.database.db.selectFrom('request_events').select(['request_id', 'kind']).where('request_id', 'in', [kept.id, turnedDown.id]).orderBy('id').execute();
    expect(events).toEqual([
      { request_id: kept.id, kind: 'created' },
      { request_id: turnedDown.id, kind: 'created' },
    ]);
  });

  it('stop at the one-click unsubscribe: that request\'s later mails and every other request\'s to the address', async () => {
    const email = 'Stop.Me@example.com';
    const taken = await send({ code: siteCode, description: 'Door sticks', email });
    const orderId = await accept(taken.id);
    await ticks();
    const [mail] = mailsTo(email) as [string];
    const url = pathOf(unsubscribeUrl(mail));
    const token = new URL(url, 'http://x').searchParams.get('token')!;

    const page = await t.request({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop every mail about the problems you report to Stop.Me@example.com?');
    expect(page.body).toContain(`<form method="post" action="?token=${encodeURIComponent(token)}">`);
    const forged = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    for (const method of ['GET', 'POST'] as const) {
      const refused = await t.request({ method, url: `${API}/notifications/unsubscribe/?token=${forged}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('This unsubscribe link is not valid.');
    }

    const done = await t.request({ method: 'POST', url, ...onePost });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will get no more mails about the problems you report.');
    expect((await t.request({ method: 'POST', url, ...onePost })).statusCode).toBe(410);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(410);

    // The completion of that request, and a later request from the same address in another case: nothing.
    await complete(orderId);
    const later = await send({ code: siteCode, description: 'Door sticks again', email: 'stop.me@example.com' });
    await reject(later.id, 'Same door');
    await ticks(3);
    expect(mailsTo(email)).toHaveLength(1);
    const outcomes = await t.database.db.selectFrom('request_events').select(['kind', 'outcome']).where('request_id', 'in', [taken.id, later.id]).where('kind', '<>', 'created').orderBy('kind').execute();
    expect(outcomes).toEqual([
      { kind: 'accepted', outcome: 'sent' },
      { kind: 'completed', outcome: 'unsubscribed' },
      { kind: 'rejected', outcome: 'unsubscribed' },
    ]);
    // A user's notification settings are untouched by a sender's link.
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: full })).statusCode).toBe(200);
  });

  it('a mail that fails is tried again later, once it goes, and the completion waits behind the acceptance', async () => {
    const sent: Mail[] = [];
    let failures = 0;
    const flaky: Mailer = {
      async send(mail) {
        if (failures-- > 0) throw new Error('mail server down');
        sent.push(mail);
      },
    };
    const dispatcher = new NotificationDispatcher({ db: t.database.db, mailer: flaky, config: t.config, log: t.app.log });
    await dispatcher.tick();
    failures = 1;
    const email = 'flaky.sender@example.com';
    const taken = await send({ code: siteCode, description: 'Light out', email });
    const orderId = await accept(taken.id);
    await dispatcher.tick();
    expect(sent).toHaveLength(0);
    await complete(orderId);
    await dispatcher.tick();
    await dispatcher.tick();
    expect(sent).toHaveLength(0);
    const waiting = await t.database.db.selectFrom('request_events').select(['kind', 'attempts', 'claim_key']).where('request_id', '=', taken.id).where('kind', '<>', 'created').orderBy('id').execute();
    expect(waiting).toEqual([
      { kind: 'accepted', attempts: 1, claim_key: null },
      { kind: 'completed', attempts: 0, claim_key: null },
    ]);

    const later = new Date(Date.now() + 3 * 60_000);
    await dispatcher.tick(later);
    await dispatcher.tick(later);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [email, 'Your report at Mail Wash was accepted'],
      [email, 'Your report at Mail Wash is done'],
    ]);
    expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe('supervisors\' new-request notices', () => {
  it('are chosen by full-access users only; left out of a save, the choice stays', async () => {
    const limited = await t.createUser();
    const refused = await t.request({ method: 'PUT', url: `${API}/notifications/settings/`, as: limited, payload: { ...NONE, request_created: true, locations: [site.id] } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['request_created']);

    const supervisor = await t.createUser({ full: true });
    expect(await choose(supervisor, { request_created: true, locations: [site.id] })).toEqual({ ...NONE, request_created: true, locations: [site.id] });
    const { request_created: _left, ...older } = { ...NONE, order_created: true, locations: [site.id] };
    const saved = await t.request({ method: 'PUT', url: `${API}/notifications/settings/`, as: supervisor, payload: older });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...NONE, order_created: true, request_created: true, locations: [site.id] });
  });

  it('mail a new request once to the full-access users who chose it at its location, as plain text', async () => {
    const watcher = await t.createUser({ full: true });
    const elsewhere = await t.createUser({ full: true });
    const ordersOnly = await t.createUser({ full: true });
    const demoted = await t.createUser({ full: true });
    const limited = await t.createUser();
    const other = await insertLocation(t.database.db, 'Other Wash');
    await choose(watcher, { request_created: true, locations: [site.id] });
    await choose(elsewhere, { request_created: true, locations: [other.id] });
    await choose(ordersOnly, { order_created: true, locations: [site.id] });
    await choose(demoted, { request_created: true, locations: [site.id] });
    await choose(limited, { order_created: true, locations: [site.id] });
    // Chosen while they had full access, or written past the API: never mailed to a limited user.
    await t.database.db.updateTable('users').set({ full_feature_access: 0 }).where('id', '=', demoted.user.id).execute();
    await t.database.db.updateTable('notification_settings').set({ request_created: 1 }).where('user_id', '=', limited.user.id).execute();

    const taken = await send({ code: assetCode, description: `Coin slot jammed ${HTML}`, name: 'Pat', email: 'pat.notice@example.com', phone: '555-0100' });
    await ticks(3);
    const mails = mailsTo(watcher.user.email);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0]!)).toBe(`New request #${taken.id} at Mail Wash`);
    expect(mails[0]).toContain(`Someone reported a problem at Mail Wash, Dryer 0000:\n\n"Coin slot jammed ${HTML}"`);
    expect(mails[0]).toContain('Accept or turn it down: http://cmms.test/requests');
    expect(mails[0]).not.toContain('text/html');
    // The sender's contact stays on the triage screen.
    expect(mails[0]).not.toContain('pat.notice@example.com');
    expect(mails[0]).not.toContain('555-0100');
    expect(unsubscribeUrl(mails[0]!)).toMatch(/\/api\/v1\/notifications\/unsubscribe\/\?token=[\w-]+\.[0-9a-z]+\.[0-9a-f]{40}$/);
    for (const u of [elsewhere, ordersOnly, demoted, limited]) expect(mailsTo(u.user.email)).toHaveLength(0);
    // Orders made from requests are work orders like any other for order_created.
    await accept(taken.id);
    await ticks(2);
    expect(mailsTo(ordersOnly.user.email)).toHaveLength(1);
    expect(mailsTo(watcher.user.email)).toHaveLength(1);
  });

  it('tell nobody of a request decided before the dispatcher came to it; go with a digest user\'s daily digest', async () => {
    const watcher = await t.createUser({ full: true });
    const reader = await t.createUser({ full: true });
    const bay = await insertLocation(t.database.db, 'Digest Bay');
    const code = await codeOf('locations', bay.id);
    await choose(watcher, { request_created: true, locations: [bay.id] });
    await choose(reader, { request_created: true, digest: true, locations: [bay.id] });
    const decided = await send({ code, description: 'Sorted already' });
    await reject(decided.id, 'Sorted');
    await ticks();
    expect(mailsTo(watcher.user.email)).toHaveLength(0);

    const first = await send({ code, description: 'Hose leaks' });
    const second = await send({ code, description: 'Hose leaks more' });
    await ticks();
    expect(mailsTo(watcher.user.email)).toHaveLength(2);
    expect(mailsTo(reader.user.email)).toHaveLength(0);
    const tomorrow = new Date(`${addDays(todayIn('UTC'), 1)}T12:00:00.000Z`);
    await ticks(2, tomorrow);
    const digest = mailsTo(reader.user.email);
    expect(digest).toHaveLength(1);
    expect(digest[0]).toMatch(/^Subject: Maintenance Manager: 2 notifications$/m);
    for (const { id } of [first, second]) expect(digest[0]).toContain(`New request #${id} at Digest Bay`);
  });
});

describe('two server processes on one database', () => {
  let shared: SharedDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    shared = await createSharedDatabase({ callers: 1 });
    const env = { ...shared.env, SERVER_PROCESSES: '1', NOTIFY_INTERVAL_S: '1', NOTIFY_DIGEST_HOUR: '0', NOTIFY_MAIL_HOURLY_LIMIT: '100', PUBLIC_REQUEST_ADDRESS_LIMIT: '1000' };
    servers = [await startServer(env), await startServer(env)];
    await Promise.all(servers.map(waitUntilReady));
  }, READY_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await shared?.close();
  });

  it('mail each sender and each notice exactly once', async () => {
    const [supervisor] = shared.callers;
    const call = async (server: ServerProcess, method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server.origin}${API}/${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await call(servers[0]!, 'PUT', 'notifications/settings/', { ...NONE, request_created: true, locations: [shared.locationId] }, supervisor!.headers)).status).toBe(200);
    const code = (await shared.database.db.selectFrom('locations').select('code').where('id', '=', shared.locationId).executeTakeFirstOrThrow()).code;
    const outbox = join(shared.env.DATA_DIR!, 'outbox');
    const files = () => {
      try {
        return readdirSync(outbox).length;
      } catch {
        return 0;
      }
    };
    const count = 8;
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const body = { code, description: `Request ${i}`, email: `sender${i}@example.com` };
      const taken = await call(servers[i % 2]!, 'POST', 'public/requests/', body, { 'idempotency-key': `two-processes-${i}` });
      expect(taken.status).toBe(201);
      // Sent again to the other process: the same request.
      expect((await call(servers[(i + 1) % 2]!, 'POST', 'public/requests/', body, { 'idempotency-key': `two-processes-${i}` })).body.id).toBe(taken.body.id);
      ids.push(taken.body.id as number);
    }
    // The notices first: a request decided before the dispatcher comes to it is news to nobody.
    await expect.poll(files, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(count);
    for (const [i, id] of ids.entries()) {
      const server = servers[i % 2]!;
      const decided = i % 2 === 0 ? await call(server, 'POST', `requests/${id}/accept/`, {}, supervisor!.headers) : await call(server, 'POST', `requests/${id}/reject/`, { reason: 'Not ours' }, supervisor!.headers);
      expect(decided.status).toBe(200);
    }
    await expect.poll(files, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(2 * count);
    // Several more ticks of both processes: nothing more is sent.
    await new Promise((done) => setTimeout(done, 3_000));
    const mails = readOutbox(shared.env.DATA_DIR!);
    expect(mails).toHaveLength(2 * count);
    for (let i = 0; i < count; i++) {
      expect(mails.filter((m) => new RegExp(`^To: sender${i}@example\\.com$`, 'm').test(m))).toHaveLength(1);
      expect(mails.filter((m) => new RegExp(`^Subject: New request #\\d+ at Shared Store$`, 'm').test(m) && m.includes(`"Request ${i}"`))).toHaveLength(1);
    }
  }, 60_000);
});
