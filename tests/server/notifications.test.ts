/**
 * Notifications by mail (docs/decisions.md: Notifications by mail): own settings with their
 * refusals; each kind mailed once to the right people and never to whoever acted; the daily digest;
 * a storm folded into one digest by the hourly limit; due and past-due tasks once per task, due date
 * and kind; the one-click unsubscribe (valid, forged, reused after choosing mails again); and
 * exactly once with two real server processes on one database.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../shared/api/notifications.js';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { insertAssets, insertLocation, type LocationFixture } from '../helpers/inventory-fixtures.js';
import { readOutbox } from '../helpers/outbox.js';
import { READY_TIMEOUT_MS, startServer, stopServer, waitUntilReady, type ServerProcess } from '../helpers/server-process.js';
import { createSharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const API = '/api/v1';
const HOURLY_LIMIT = 3;
let t: TestApp;
let storeA: LocationFixture;
let storeB: LocationFixture;

const NONE: NotificationSettings = { order_created: false, order_claimed: false, order_completed: false, task_due: false, request_created: false, part_short: false, digest: false, locations: [] };

async function choose(as: TestUser, settings: Partial<NotificationSettings>) {
  const res = await t.request({ method: 'PUT', url: `${API}/notifications/settings/`, as, payload: { ...NONE, ...settings } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationSettings;
}

async function newOrder(as: TestUser, location = storeA, description = 'Leaking tap'): Promise<number> {
  const res = await t.request({ method: 'POST', url: `${API}/workorders/`, as, payload: { location_id: location.id, description } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function act(as: TestUser, id: number, action: 'claim' | 'complete') {
  const res = await t.request({ method: 'POST', url: `${API}/workorders/${id}/${action}/`, as, payload: action === 'complete' ? { field_notes: 'New washer' } : {} });
  expect(res.statusCode, res.body).toBe(200);
}

/** Mails to one address so far. */
const mailsTo = (u: TestUser) => readOutbox(t.dataDir).filter((m) => new RegExp(`^To: ${u.user.email.replace(/[.+]/g, '\\$&')}$`, 'm').test(m));
/** The link of the List-Unsubscribe header (folded onto its next line when long, as RFC 5322 allows). */
const unsubscribeUrl = (mail: string) => /^List-Unsubscribe:\s+<([^>]+)>$/m.exec(mail)?.[1] ?? '';
const pathOf = (url: string) => url.replace('http://cmms.test', '');
/** A moment on a day after today (the daily jobs run once a day), at noon UTC. */
const dayAhead = (days: number) => new Date(`${addDays(todayIn('UTC'), days)}T12:00:00.000Z`);

beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFY_DIGEST_HOUR: '0', NOTIFY_MAIL_HOURLY_LIMIT: String(HOURLY_LIMIT) } });
  storeA = await insertLocation(t.database.db, 'Store A');
  storeB = await insertLocation(t.database.db, 'Store B');
  // The first tick runs today's daily jobs (nothing is chosen yet), so later ticks today are the ordinary ones.
  await t.app.notifications.tick();
});
afterAll(() => t.close());

describe('settings', () => {
  it('are every kind off until saved, saved whole, and only the caller’s own', async () => {
    const a = await t.createUser({ full: true });
    const b = await t.createUser();
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: a })).json()).toEqual(NONE);
    const saved = await choose(a, { order_created: true, task_due: true, digest: true, locations: [storeB.id, storeA.id] });
    expect(saved).toEqual({ ...NONE, order_created: true, task_due: true, digest: true, locations: [storeA.id, storeB.id].sort((x, y) => x - y) });
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: a })).json()).toEqual(saved);
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: b })).json()).toEqual(NONE);
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/` })).statusCode).toBe(401);
  });

  it('refuse a location that does not exist and tasks for a limited user, changing nothing', async () => {
    const limited = await t.createUser();
    await choose(limited, { order_claimed: true });
    const unknown = await t.request({ method: 'PUT', url: `${API}/notifications/settings/`, as: limited, payload: { ...NONE, order_created: true, locations: [storeA.id, 999_999] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ locations: ['Invalid pk "999999" - object does not exist.'] });
    const tasks = await t.request({ method: 'PUT', url: `${API}/notifications/settings/`, as: limited, payload: { ...NONE, task_due: true } });
    expect(tasks.statusCode).toBe(400);
    expect(Object.keys(tasks.json())).toEqual(['task_due']);
    const missing = await t.request({ method: 'PUT', url: `${API}/notifications/settings/`, as: limited, payload: { order_created: true } });
    expect(missing.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: limited })).json()).toEqual({ ...NONE, order_claimed: true });
  });
});

describe('work-order mails', () => {
  it('mail a new order once to those who chose its location, never to its creator', async () => {
    const watcherA = await t.createUser({ full: true });
    const watcherB = await t.createUser({ full: true });
    const creator = await t.createUser();
    await choose(watcherA, { order_created: true, locations: [storeA.id] });
    await choose(watcherB, { order_created: true, locations: [storeB.id] });
    await choose(creator, { order_created: true, locations: [storeA.id] });
    const id = await newOrder(creator, storeA, 'Broken door at the back');
    await t.app.notifications.tick();
    await t.app.notifications.tick();

    const mails = mailsTo(watcherA);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`New work order #${id} at Store A`);
    expect(mails[0]).toContain('Broken door at the back');
    expect(mails[0]).toContain(`http://cmms.test/workorder-detail/${id}`);
    expect(unsubscribeUrl(mails[0]!)).toMatch(/^http:\/\/cmms\.test\/api\/v1\/notifications\/unsubscribe\/\?token=[\w.-]+$/);
    expect(mails[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mailsTo(watcherB)).toHaveLength(0);
    expect(mailsTo(creator)).toHaveLength(0);
  });

  it('mail the creator when their order is claimed and completed by someone else, not when they do it themself', async () => {
    const creator = await t.createUser({ full: true });
    const fixer = await t.createUser({ full: true });
    await choose(creator, { order_claimed: true, order_completed: true });
    await choose(fixer, { order_claimed: true, order_completed: true });
    const id = await newOrder(creator);
    await act(fixer, id, 'claim');
    await t.app.notifications.tick();
    await act(fixer, id, 'complete');
    await t.app.notifications.tick();
    const own = await newOrder(creator);
    await act(creator, own, 'claim');
    await act(creator, own, 'complete');
    await t.app.notifications.tick();

    const mails = mailsTo(creator);
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1])).toEqual([`Your work order #${id} at Store A was claimed`, `Your work order #${id} at Store A was completed`]);
    expect(mails[1]).toContain('Field notes: New washer');
    expect(mailsTo(fixer)).toHaveLength(0);
  });

  it('send nothing for what happened before the settings were saved', async () => {
    const late = await t.createUser({ full: true });
    const creator = await t.createUser();
    await newOrder(creator);
    await t.app.notifications.tick();
    await choose(late, { order_created: true, locations: [storeA.id] });
    await t.app.notifications.tick();
    expect(mailsTo(late)).toHaveLength(0);
  });
});

describe('digest and rate limit', () => {
  it('gathers a digest user’s notices into one mail a day', async () => {
    const reader = await t.createUser({ full: true });
    const creator = await t.createUser();
    await choose(reader, { order_created: true, digest: true, locations: [storeB.id] });
    const ids = [await newOrder(creator, storeB), await newOrder(creator, storeB), await newOrder(creator, storeB)];
    await t.app.notifications.tick();
    expect(mailsTo(reader)).toHaveLength(0);
    await t.app.notifications.tick(dayAhead(1));
    await t.app.notifications.tick(dayAhead(1));
    const mails = mailsTo(reader);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: Maintenance Manager: 3 notifications$/m);
    for (const id of ids) expect(mails[0]).toContain(`New work order #${id} at Store B`);
  });

  it('folds a storm of writes into one digest, and keeps a user to the hourly limit', async () => {
    const watcher = await t.createUser({ full: true });
    const creator = await t.createUser();
    const storm = await insertLocation(t.database.db, 'Storm Store');
    await choose(watcher, { order_created: true, locations: [storm.id] });
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await newOrder(creator, storm));
    await t.app.notifications.tick();
    let mails = mailsTo(watcher);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: Maintenance Manager: 40 notifications$/m);
    for (const id of ids) expect(mails[0]).toContain(`New work order #${id} at Storm Store`);

    // Then single mails while the hour has room (the digest was one of HOURLY_LIMIT) …
    for (let i = 1; i < HOURLY_LIMIT; i++) {
      await newOrder(creator, storm);
      await t.app.notifications.tick();
    }
    expect(mailsTo(watcher)).toHaveLength(HOURLY_LIMIT);
    // … and none past it: the rest wait, and go together once the hour has passed.
    const late = [await newOrder(creator, storm), await newOrder(creator, storm)];
    await t.app.notifications.tick();
    await t.app.notifications.tick();
    expect(mailsTo(watcher)).toHaveLength(HOURLY_LIMIT);
    await t.app.notifications.tick(new Date(Date.now() + 61 * 60_000));
    mails = mailsTo(watcher);
    expect(mails).toHaveLength(HOURLY_LIMIT + 1);
    for (const id of late) expect(mails.at(-1)).toContain(`#${id} `);
  });
});

describe('due and past-due tasks', () => {
  async function insertTask(location: LocationFixture, description: string, dueDate: string): Promise<number> {
    const now = new Date().toISOString();
    const row = await t.database.db
      .insertInto('maintenance_tasks')
      .values({ location_id: location.id, description, recurrence_interval: 30, last_completed_date: addDays(dueDate, -30), due_date: dueDate, completed_through_system: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('mail each task once per due date and kind, to full-access users who chose its location', async () => {
    const planner = await t.createUser({ full: true });
    const other = await t.createUser({ full: true });
    const taskSite = await insertLocation(t.database.db, 'Task Site');
    await choose(planner, { task_due: true, locations: [taskSite.id] });
    await choose(other, { task_due: true, locations: [storeA.id] });
    const day = dayAhead(2);
    const today = todayIn('UTC', day);
    const dueToday = await insertTask(taskSite, 'Check the compressor', today);
    const overdue = await insertTask(taskSite, 'Clean the filters', addDays(today, -3));
    await t.app.notifications.tick(day);
    await t.app.notifications.tick(day);
    let mails = mailsTo(planner);
    expect(mails).toHaveLength(2);
    const subjects = mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1]);
    expect(subjects).toEqual(expect.arrayContaining(['Task is due today at Task Site', `Task is past due (due ${addDays(today, -3)}) at Task Site`]));
    expect(mails.join('\n')).toContain(`/maintenance-detail/${dueToday}`);
    expect(mails.join('\n')).toContain(`/maintenance-detail/${overdue}`);

    // The next day the one due becomes past due (one more mail); the overdue one was told already.
    await t.app.notifications.tick(dayAhead(3));
    mails = mailsTo(planner);
    expect(mails).toHaveLength(3);
    expect(mails[2]).toContain(`Task is past due (due ${today}) at Task Site`);
    expect(mailsTo(other)).toHaveLength(0);
  });

  it('mail a task by usage once per cycle and kind, however many readings past it arrive in whatever order', async () => {
    const planner = await t.createUser({ full: true });
    const site = await insertLocation(t.database.db, 'Meter Site');
    await choose(planner, { task_due: true, locations: [site.id] });
    const [assetId] = (await insertAssets(t.database.db, site.id, 1, 'Brush Tunnel')) as [number];
    await t.database.db.updateTable('assets').set({ created_at: new Date(Date.now() - 30 * 86_400_000).toISOString() }).where('id', '=', assetId).execute();
    const meter = (await t.request({ method: 'POST', url: `${API}/assets/${assetId}/meters/`, as: planner, payload: { name: 'Cars', unit: 'cars' } })).json() as { id: number };
    const read = async (value: number, daysAgo: number) => {
      const res = await t.request({ method: 'POST', url: `${API}/meters/${meter.id}/readings/`, as: planner, payload: { value, taken_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString() } });
      expect(res.statusCode, res.body).toBe(201);
    };
    await read(1_000, 20);
    const task = await t.request({ method: 'POST', url: `${API}/maintenance/tasks/`, as: planner, payload: { location_id: site.id, description: 'Change the brushes', recurrence_interval: 365, last_completed_date: todayIn('UTC'), meter_id: meter.id, meter_interval: 1_000 } });
    expect(task.statusCode, task.body).toBe(201);
    await t.app.notifications.tick(dayAhead(1));
    expect(mailsTo(planner)).toHaveLength(0);

    // Two devices' readings past the due reading, the later-taken one first.
    await read(2_050, 2);
    await read(2_010, 5);
    await t.app.notifications.tick(dayAhead(2));
    await t.app.notifications.tick(dayAhead(3));
    let mails = mailsTo(planner);
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1])).toEqual(['Task is due by its meter at Meter Site']);
    expect(mails[0]).toContain('is due by its meter (Cars at 2050 cars, due at 2000 cars)');
    // Past 10 % over: one more, of the other kind; then nothing more for this cycle.
    await read(2_150, 1);
    await t.app.notifications.tick(dayAhead(4));
    await t.app.notifications.tick(dayAhead(5));
    mails = mailsTo(planner);
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1])).toEqual(['Task is due by its meter at Meter Site', 'Task is past due by its meter at Meter Site']);
  });
});

describe('unsubscribe', () => {
  it('shows a confirmation on GET, unsubscribes on POST once, and refuses forged and reused links', async () => {
    const watcher = await t.createUser({ full: true });
    const creator = await t.createUser();
    await choose(watcher, { order_created: true, order_claimed: true, locations: [storeA.id] });
    await newOrder(creator);
    await t.app.notifications.tick();
    const [mail] = mailsTo(watcher);
    const url = pathOf(unsubscribeUrl(mail!));
    expect(url).toMatch(/^\/api\/v1\/notifications\/unsubscribe\/\?token=/);
    expect(mail).toContain(unsubscribeUrl(mail!));

    const page = await t.request({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<form method="post" action="?token=${encodeURIComponent(new URL(url, 'http://x').searchParams.get('token')!)}">`);
    expect(page.body).toContain('Unsubscribe</button>');
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: watcher })).json().order_created).toBe(true);

    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const forgedToken = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    for (const method of ['GET', 'POST'] as const) {
      const forged = await t.request({ method, url: `${API}/notifications/unsubscribe/?token=${forgedToken}` });
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain('not valid');
    }
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: watcher })).json().order_created).toBe(true);

    const done = await t.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('no more notification mails');
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: watcher })).json()).toEqual({ ...NONE, locations: [storeA.id] });

    // Chosen again, the old link does not unsubscribe a second time.
    await choose(watcher, { order_created: true, locations: [storeA.id] });
    const reused = await t.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(reused.statusCode).toBe(410);
    expect((await t.request({ method: 'GET', url, headers: {} })).statusCode).toBe(410);
    expect((await t.request({ method: 'GET', url: `${API}/notifications/settings/`, as: watcher })).json().order_created).toBe(true);
    expect((await t.request({ method: 'POST', url: `${API}/notifications/unsubscribe/?token=nonsense` })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: `${API}/notifications/unsubscribe/` })).statusCode).toBe(400);

    // A new mail carries a link that works.
    await newOrder(creator);
    await t.app.notifications.tick();
    const fresh = mailsTo(watcher).at(-1)!;
    expect(unsubscribeUrl(fresh)).not.toBe(unsubscribeUrl(mail!));
    expect((await t.request({ method: 'POST', url: pathOf(unsubscribeUrl(fresh)) })).statusCode).toBe(200);
  });
});

describe('in the recipient’s language', () => {
  /** A header's text with its folded lines joined and its RFC 2047 encoded words (non-ASCII subjects) decoded. */
  function header(mail: string, name: string): string {
    const raw = (new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'm').exec(mail)?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    return raw
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
        kind.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_e, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
      );
  }

  /** The mail with the quoted-printable soft breaks of its footer undone (readOutbox decodes the text above the "--" line only). */
  const whole = (mail: string | undefined) => (mail ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');

  async function speaksSpanish(user: TestUser) {
    const res = await t.request({ method: 'PATCH', url: `${API}/auth/users/me/`, as: user, payload: { language: 'es' } });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('words each mail in its recipient’s language, not in the language of whoever acted', async () => {
    const store = await insertLocation(t.database.db, 'Tienda Norte');
    const spanish = await t.createUser({ full: true });
    const english = await t.createUser({ full: true });
    const fixer = await t.createUser({ full: true });
    await speaksSpanish(spanish);
    await choose(spanish, { order_created: true, order_claimed: true, order_completed: true, locations: [store.id] });
    await choose(english, { order_created: true, locations: [store.id] });

    // Created in a Spanish request: the English reader still reads English.
    const created = await t.request({ method: 'POST', url: `${API}/workorders/`, as: fixer, headers: { 'accept-language': 'es' }, payload: { location_id: store.id, description: 'Puerta rota' } });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().id;
    await t.app.notifications.tick();
    const [toEnglish] = mailsTo(english);
    expect(header(toEnglish!, 'Subject')).toBe(`New work order #${id} at Tienda Norte`);
    expect(whole(toEnglish)).toContain('You get this mail because you chose it under Notifications');
    const [toSpanish] = mailsTo(spanish);
    expect(header(toSpanish!, 'Subject')).toBe(`Nueva orden de trabajo #${id} en Tienda Norte`);
    expect(toSpanish).toContain(`creó la orden de trabajo #${id} en Tienda Norte.`);
    expect(toSpanish).toContain('"Puerta rota"');
    expect(toSpanish).toContain(`Ábrela: http://cmms.test/workorder-detail/${id}`);
    expect(whole(toSpanish)).toContain('Recibes este correo porque lo elegiste en Notificaciones: http://cmms.test/notifications');

    // The Spanish reader's own order, claimed and completed by someone in an English request.
    const own = await newOrder(spanish, store);
    const english_ = { 'accept-language': 'en' };
    expect((await t.request({ method: 'POST', url: `${API}/workorders/${own}/claim/`, as: fixer, headers: english_, payload: {} })).statusCode).toBe(200);
    await t.app.notifications.tick();
    expect((await t.request({ method: 'POST', url: `${API}/workorders/${own}/complete/`, as: fixer, headers: english_, payload: { field_notes: 'New washer' } })).statusCode).toBe(200);
    await t.app.notifications.tick();
    const ownMails = mailsTo(spanish).slice(1);
    expect(ownMails.map((m) => header(m, 'Subject'))).toEqual([`Tomaron tu orden de trabajo #${own} en Tienda Norte`, `Se completó tu orden de trabajo #${own} en Tienda Norte`]);
    expect(ownMails[1]).toContain(`completó tu orden de trabajo #${own} en Tienda Norte.\nNotas de campo: New washer`);
    expect(mailsTo(english)).toHaveLength(2);
    expect(header(mailsTo(english)[1]!, 'Subject')).toBe(`New work order #${own} at Tienda Norte`);
  });

  it('words a digest in its recipient’s language', async () => {
    const store = await insertLocation(t.database.db, 'Tienda Sur');
    const spanish = await t.createUser({ full: true });
    const creator = await t.createUser();
    await speaksSpanish(spanish);
    await choose(spanish, { order_created: true, locations: [store.id] });
    // More at once than the hourly limit lets go: one digest.
    for (let i = 0; i <= HOURLY_LIMIT; i++) await newOrder(creator, store);
    await t.app.notifications.tick();
    const mails = mailsTo(spanish);
    expect(mails).toHaveLength(1);
    expect(header(mails[0]!, 'Subject')).toBe(`Maintenance Manager: ${HOURLY_LIMIT + 1} notificaciones`);
    expect(mails[0]).toContain('* Nueva orden de trabajo #');
    expect(whole(mails[0])).toContain('Deja de recibir estos correos con un clic: http://cmms.test/api/v1/notifications/unsubscribe/?token=');
  });

  it('shows the unsubscribe pages in the browser’s language', async () => {
    const user = await t.createUser({ full: true });
    await choose(user, { order_created: true, locations: [storeB.id] });
    await newOrder(await t.createUser(), storeB);
    await t.app.notifications.tick();
    const link = pathOf(unsubscribeUrl(mailsTo(user).at(-1)!));
    const page = await t.request({ method: 'GET', url: link, headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Cancelar suscripción');
    const english = await t.request({ method: 'GET', url: link });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('>Unsubscribe</button>');
  });
});

describe('two server processes on one database', () => {
  let shared: SharedDatabase;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    shared = await createSharedDatabase({ callers: 2 });
    const env = { ...shared.env, SERVER_PROCESSES: '1', NOTIFY_INTERVAL_S: '1', NOTIFY_DIGEST_HOUR: '0', NOTIFY_MAIL_HOURLY_LIMIT: '100' };
    servers = [await startServer(env), await startServer(env)];
    await Promise.all(servers.map(waitUntilReady));
  }, READY_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await shared?.close();
  });

  it('mail each notice exactly once', async () => {
    const [watcher, creator] = shared.callers;
    const call = (server: ServerProcess, method: string, path: string, headers: Record<string, string>, body: unknown) =>
      fetch(`${server.origin}${API}/${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const put = await call(servers[0]!, 'PUT', 'notifications/settings/', watcher!.headers, { ...NONE, order_created: true, locations: [shared.locationId] });
    expect(put.status).toBe(200);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(servers[i % 2]!, 'POST', 'workorders/', creator!.headers, { location_id: shared.locationId, description: `Order ${i}` });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const outbox = join(shared.env.DATA_DIR!, 'outbox');
    const count = () => {
      try {
        return readdirSync(outbox).length;
      } catch {
        return 0;
      }
    };
    await expect.poll(count, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(ids.length);
    // Several more ticks of both processes: nothing more is sent.
    await new Promise((done) => setTimeout(done, 3_000));
    const mails = readOutbox(shared.env.DATA_DIR!);
    expect(mails).toHaveLength(ids.length);
    for (const id of ids) expect(mails.filter((m) => m.includes(`New work order #${id} at Shared Store`))).toHaveLength(1);
  }, 60_000);
});
