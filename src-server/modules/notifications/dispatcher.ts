/**
 * The notification dispatcher (docs/decisions.md: Notifications by mail). Every server process
 * ticks it every NOTIFY_INTERVAL_S; a tick first reads whether there is anything to do (a few
 * indexed reads, no write), and only then takes the lease on the one state row, so one process
 * works at a time. Exactly once does not rest on the lease (it can expire under a slow mail server):
 * each activity row is turned into notices by the transaction that inserts its key in
 * `notified_activity`, each task notice by the one that inserts its key in `notices_sent`, and each
 * queued notice goes into the mail whose conditional UPDATE claimed it.
 *
 * Rate limit: a user gets at most NOTIFY_MAIL_HOURLY_LIMIT mails an hour. When more notices wait
 * than mails may go, they all go as one digest; when none may go, they wait for the hour to free up
 * and then go as one digest too.
 * Users who chose the digest get one mail a day, from NOTIFY_DIGEST_HOUR (TIME_ZONE) on.
 *
 * Requests from labels (request-events.ts) go the same way: each event is claimed by a conditional
 * UPDATE; a new request's becomes notices in the transaction that claims it, a decision's or a
 * completion's one mail to the request's sender (who has no account, so no hourly limit or digest:
 * a request mails its sender at most twice).
 *
 * Every mail is worded in its recipient's language (docs/i18n.md): a user's notices as they are
 * queued (notices.ts), the mail around them as it is sent, both inside `inLanguage`. A request's
 * sender has no account: theirs are in the language their form was in (work_requests.language).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { Config } from '../../config.js';
import type { Database, NotificationStateTable, RequestEventKind } from '../../db/schema.js';
import { inLanguage } from '../../http/request-language.js';
import { isLanguage } from '../../../shared/i18n/languages.js';
import type { Mailer } from '../../mail/mailer.js';
import { statusPath } from '../requests/requests.routes.js';
import { digestMail, senderMail, singleMail, type Recipient } from './notification-mail.js';
import { languageOf, mayNotify, noticesOfActivity, queueNotices, requestNotices, taskNotices } from './notices.js';
import { queueCompletionMail, RequestMailStopsRepository } from './request-events.js';
import { RequestUnsubscribeTokens, UnsubscribeTokens } from './unsubscribe-tokens.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-path.js';

/**
 * How long an activity row may take to become visible after its time: the floor passes only rows
 * older than this, so a write committed late (PostgreSQL numbers rows before they commit) is still read.
 */
const SETTLE_MS = 10 * 60_000;
const LEASE_MS = 60_000;
const HOUR_MS = 60 * 60_000;
const ACTIVITY_BATCH = 500;
const USERS_PER_TICK = 100;
const REQUEST_EVENTS_PER_TICK = 100;
/** Tries of a request's mail before it is given up (an address typed into a public form may be no mailbox). */
const SENDER_MAIL_TRIES = 6;
/** The wait before a failed request mail is tried again: 2, 4, 8, … minutes. */
const retryAfterMs = (attempts: number) => 2 ** attempts * 60_000;

export interface DispatcherOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'secretKey' | 'timeZone' | 'notifyHourlyLimit' | 'notifyDigestHour'>;
  log: FastifyBaseLogger;
}

/** The hour of the day (0–23) in an IANA time zone. */
export function hourIn(timeZone: string, now: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
}

/** A notice the hourly limit held back: it goes with the others waiting, in one digest. */
const heldBack = (n: { created_at: string; send_after: string | null }) => n.send_after !== null && n.send_after > n.created_at;

const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export class NotificationDispatcher {
  private readonly owner = randomUUID();
  private readonly tokens: UnsubscribeTokens;
  private readonly requestTokens: RequestUnsubscribeTokens;
  private readonly stops: RequestMailStopsRepository;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly opts: DispatcherOptions) {
    this.tokens = new UnsubscribeTokens(opts.config.secretKey);
    this.requestTokens = new RequestUnsubscribeTokens(opts.config.secretKey);
    this.stops = new RequestMailStopsRepository(opts.db);
  }

  /** Ticks every `intervalMs` (unref'd: it never keeps a process alive); a tick still running is not overlapped. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((err: unknown) => this.opts.log.error({ err }, 'notification dispatch failed'))
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops ticking and waits for a tick under way (before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async tick(now = new Date()): Promise<void> {
    const state = await this.state();
    if (!(await this.hasWork(state, now))) return;
    if (!(await this.takeLease(now))) return;
    try {
      await this.collectActivity(state.activity_floor, now);
      await this.handleRequestEvents(now);
      await this.checkTasks(state, now);
      await this.sendDigests(state, now);
      await this.sendWaiting(now);
    } finally {
      await this.releaseLease();
    }
  }

  private state() {
    return this.opts.db.selectFrom('notification_state').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  }

  private dailyDue(day: string | null, now: Date): boolean {
    return day !== todayIn(this.opts.config.timeZone, now) && hourIn(this.opts.config.timeZone, now) >= this.opts.config.notifyDigestHour;
  }

  /** Reads only: is there an activity row to read, a floor to raise, a daily job, a request's event or a mail due? */
  private async hasWork(state: NotificationStateTable, now: Date): Promise<boolean> {
    const { db } = this.opts;
    if (this.dailyDue(state.tasks_checked_on, now) || this.dailyDue(state.digest_sent_on, now)) return true;
    if (await this.firstUnread(state.activity_floor, null)) return true;
    const next = await db.selectFrom('activity').select('at').where('id', '>', state.activity_floor).orderBy('id').limit(1).executeTakeFirst();
    if (next && next.at < plus(now, -SETTLE_MS)) return true;
    const due = await db.selectFrom('notification_queue').select('id').where('mail_key', 'is', null).where('send_after', '<=', now.toISOString()).limit(1).executeTakeFirst();
    if (due) return true;
    const event = await db.selectFrom('request_events').select('id').where('claim_key', 'is', null).where('send_after', '<=', now.toISOString()).limit(1).executeTakeFirst();
    return event !== undefined;
  }

  /** The first activity row above the floor (and up to `upTo`) not yet turned into notices. */
  private firstUnread(floor: number, upTo: number | null) {
    let query = this.opts.db
      .selectFrom('activity as a')
      .leftJoin('notified_activity as n', 'n.activity_id', 'a.id')
      .select('a.id')
      .where('a.id', '>', floor)
      .where('n.activity_id', 'is', null);
    if (upTo !== null) query = query.where('a.id', '<=', upTo);
    return query.orderBy('a.id').limit(1).executeTakeFirst();
  }

  private async takeLease(now: Date): Promise<boolean> {
    const taken = await this.opts.db
      .updateTable('notification_state')
      .set({ lease_owner: this.owner, lease_until: plus(now, LEASE_MS) })
      .where('id', '=', 1)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString()), eb('lease_owner', '=', this.owner)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  private async releaseLease(): Promise<void> {
    await this.opts.db.updateTable('notification_state').set({ lease_owner: null, lease_until: null }).where('id', '=', 1).where('lease_owner', '=', this.owner).execute();
  }

  /** Turns new activity rows into queued notices, each row once (its key in notified_activity), then raises the floor. */
  private async collectActivity(floor: number, now: Date): Promise<void> {
    const { db, config } = this.opts;
    const rows = await db
      .selectFrom('activity as a')
      .leftJoin('notified_activity as n', 'n.activity_id', 'a.id')
      .select(['a.id', 'a.entity', 'a.record_id', 'a.kind', 'a.actor_id', 'a.details'])
      .where('a.id', '>', floor)
      .where('n.activity_id', 'is', null)
      .orderBy('a.id')
      .limit(ACTIVITY_BATCH)
      .execute();
    const quiet = rows.filter((r) => !mayNotify(r)).map((r) => ({ activity_id: r.id }));
    if (quiet.length) await db.insertInto('notified_activity').values(quiet).onConflict((oc) => oc.column('activity_id').doNothing()).execute();
    for (const row of rows.filter(mayNotify)) {
      await db.transaction().execute(async (trx) => {
        const won = await trx.insertInto('notified_activity').values({ activity_id: row.id }).onConflict((oc) => oc.column('activity_id').doNothing()).executeTakeFirst();
        if (Number(won.numInsertedOrUpdatedRows ?? 0) !== 1) return;
        await queueNotices(trx, await noticesOfActivity(trx, row, config.publicUrl), now.toISOString());
        // A work order made from a request: its completion is news to the request's sender too.
        if (row.kind === 'completed') await queueCompletionMail(trx, row.record_id, now.toISOString());
      });
    }
    await this.raiseFloor(floor, now);
  }

  /** Moves the floor over the rows old enough to be settled, all read; their keys are no longer needed. */
  private async raiseFloor(floor: number, now: Date): Promise<void> {
    const { db } = this.opts;
    const top = await db
      .selectFrom('activity')
      .select((eb) => eb.fn.max('id').as('top'))
      .where('id', '>', floor)
      .where('at', '<', plus(now, -SETTLE_MS))
      .executeTakeFirst();
    const candidate = top?.top == null ? null : Number(top.top);
    if (candidate === null) return;
    const unread = await this.firstUnread(floor, candidate);
    const to = unread ? unread.id - 1 : candidate;
    if (to <= floor) return;
    await db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable('notification_state').set({ activity_floor: to }).where('id', '=', 1).where('activity_floor', '=', floor).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) await trx.deleteFrom('notified_activity').where('activity_id', '<=', to).execute();
    });
  }

  /** The requests' events whose time has come, in the order they were queued. */
  private async handleRequestEvents(now: Date): Promise<void> {
    const due = await this.opts.db
      .selectFrom('request_events')
      .select(['id', 'request_id', 'kind', 'attempts'])
      .where('claim_key', 'is', null)
      .where('send_after', '<=', now.toISOString())
      .orderBy('id')
      .limit(REQUEST_EVENTS_PER_TICK)
      .execute();
    for (const { kind, ...event } of due) {
      if (kind === 'created') await this.announceRequest(event.id, event.request_id, now);
      else await this.mailSender({ ...event, kind }, now);
    }
  }

  /** A new request's notices to the supervisors who chose its location, queued in the transaction that claims its event. */
  private async announceRequest(eventId: number, requestId: number, now: Date): Promise<void> {
    const { db, config } = this.opts;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('request_events')
        .set({ claim_key: randomUUID(), claimed_at: now.toISOString(), outcome: 'notices' })
        .where('id', '=', eventId)
        .where('claim_key', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      await queueNotices(trx, await requestNotices(trx, requestId, config.publicUrl), now.toISOString());
    });
  }

  /**
   * The one mail of a decision or a completion to the request's sender: claimed (a conditional
   * UPDATE), then sent. Nothing is sent to an address that unsubscribed, or when the request is
   * gone. A mail that fails is given back to be tried later, up to SENDER_MAIL_TRIES; a mail that
   * waits behind an earlier one of the same request (a decision being retried) waits with it, so
   * "done" never comes before "accepted".
   */
  private async mailSender(event: { id: number; request_id: number; kind: Exclude<RequestEventKind, 'created'>; attempts: number }, now: Date): Promise<void> {
    const { db, mailer, log, config } = this.opts;
    const earlier = await db
      .selectFrom('request_events')
      .select('send_after')
      .where('request_id', '=', event.request_id)
      .where('id', '<', event.id)
      .where('claim_key', 'is', null)
      .where('kind', '<>', 'created')
      .orderBy('send_after', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (earlier && earlier.send_after > now.toISOString()) {
      await db.updateTable('request_events').set({ send_after: earlier.send_after }).where('id', '=', event.id).where('claim_key', 'is', null).execute();
      return;
    }
    const key = randomUUID();
    const claimed = await db
      .updateTable('request_events')
      .set({ claim_key: key, claimed_at: now.toISOString() })
      .where('id', '=', event.id)
      .where('claim_key', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const settle = (outcome: string) => db.updateTable('request_events').set({ outcome }).where('claim_key', '=', key).execute();

    const request = await db
      .selectFrom('work_requests as r')
      .innerJoin('locations as l', 'l.id', 'r.location_id')
      .leftJoin('assets as a', 'a.id', 'r.asset_id')
      .select(['r.id', 'r.token', 'r.email', 'r.reason', 'r.created_at', 'r.language', 'l.name as location_name', 'a.name as asset_name'])
      .where('r.id', '=', event.request_id)
      .executeTakeFirst();
    if (!request?.email) {
      await settle('no address');
      return;
    }
    if (await this.stops.isStopped(request.email)) {
      await settle('unsubscribed');
      return;
    }
    const email = request.email;
    // In the language the sender wrote in (English for requests from before it was kept), whatever
    // language the decision was made in.
    const mail = inLanguage(isLanguage(request.language) ? request.language : null, () => senderMail({
      kind: event.kind,
      email,
      place: request.asset_name ? `${request.location_name}, ${request.asset_name}` : request.location_name,
      sentOn: todayIn(config.timeZone, new Date(request.created_at)),
      reason: request.reason,
      statusUrl: `${config.publicUrl}${statusPath(request.token)}`,
      unsubscribeUrl: `${config.publicUrl}/api/v1/${UNSUBSCRIBE_PATH}?token=${this.requestTokens.make(request.id)}`,
    }));
    try {
      await mailer.send(mail);
    } catch (err) {
      const attempts = event.attempts + 1;
      if (attempts >= SENDER_MAIL_TRIES) {
        await settle('failed');
        log.warn({ err, requestId: request.id, kind: event.kind }, 'a request mail failed for the last time; it is given up');
        return;
      }
      await db
        .updateTable('request_events')
        .set({ claim_key: null, claimed_at: null, attempts, send_after: plus(now, retryAfterMs(attempts)) })
        .where('claim_key', '=', key)
        .execute();
      log.warn({ err, requestId: request.id, kind: event.kind }, 'a request mail failed; it is tried again later');
      return;
    }
    await settle('sent');
  }

  /**
   * Once a day from NOTIFY_DIGEST_HOUR: the due and past-due tasks, each notice once per task, due
   * date, kind and user (its key in notices_sent). The day is marked done after, so a tick cut
   * short is done again, the keys keeping it once.
   */
  private async checkTasks(state: NotificationStateTable, now: Date): Promise<void> {
    if (!this.dailyDue(state.tasks_checked_on, now)) return;
    const { db, config } = this.opts;
    const today = todayIn(config.timeZone, now);
    for (const notice of await taskNotices(db, today, config.publicUrl)) {
      await db.transaction().execute(async (trx) => {
        const won = await trx.insertInto('notices_sent').values({ key: notice.key, sent_at: now.toISOString() }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
        if (Number(won.numInsertedOrUpdatedRows ?? 0) === 1) await queueNotices(trx, [notice], now.toISOString());
      });
    }
    await db.updateTable('notification_state').set({ tasks_checked_on: today }).where('id', '=', 1).execute();
  }

  /** Once a day from NOTIFY_DIGEST_HOUR, claimed by the conditional UPDATE of the day: each digest user's waiting notices in one mail. */
  private async sendDigests(state: NotificationStateTable, now: Date): Promise<void> {
    if (!this.dailyDue(state.digest_sent_on, now)) return;
    const { db, config } = this.opts;
    const today = todayIn(config.timeZone, now);
    const claimed = await db
      .updateTable('notification_state')
      .set({ digest_sent_on: today })
      .where('id', '=', 1)
      .where((eb) => eb.or([eb('digest_sent_on', 'is', null), eb('digest_sent_on', '<>', today)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const users = await db.selectFrom('notification_queue').select('user_id').distinct().where('mail_key', 'is', null).where('send_after', 'is', null).execute();
    for (const { user_id } of users) {
      const ids = await db.selectFrom('notification_queue').select('id').where('user_id', '=', user_id).where('mail_key', 'is', null).orderBy('id').execute();
      await this.mail(user_id, ids.map((r) => r.id), true, now);
    }
  }

  /** Notices whose time has come, within each user's hourly limit: one mail each, or all as one digest when more wait than may go. */
  private async sendWaiting(now: Date): Promise<void> {
    const { db, config } = this.opts;
    const nowIso = now.toISOString();
    const users = await db
      .selectFrom('notification_queue')
      .select('user_id')
      .distinct()
      .where('mail_key', 'is', null)
      .where('send_after', '<=', nowIso)
      .limit(USERS_PER_TICK)
      .execute();
    for (const { user_id } of users) {
      const waiting = await db
        .selectFrom('notification_queue')
        .select(['id', 'created_at', 'send_after'])
        .where('user_id', '=', user_id)
        .where('mail_key', 'is', null)
        .where('send_after', '<=', nowIso)
        .orderBy('id')
        .execute();
      const lastHour = await db
        .selectFrom('notification_queue')
        .select([sql<number | string>`count(distinct mail_key)`.as('mails'), (eb) => eb.fn.min('sent_at').as('oldest')])
        .where('user_id', '=', user_id)
        .where('sent_at', '>', plus(now, -HOUR_MS))
        .executeTakeFirstOrThrow();
      const room = config.notifyHourlyLimit - Number(lastHour.mails);
      const ids = waiting.map((r) => r.id);
      if (room <= 0) {
        // None may go now: they wait until the oldest mail of the hour is an hour old.
        const oldest = lastHour.oldest ? new Date(String(lastHour.oldest)) : now;
        await db.updateTable('notification_queue').set({ send_after: plus(oldest, HOUR_MS) }).where('id', 'in', ids).where('mail_key', 'is', null).execute();
      } else if (ids.length <= room && !waiting.some(heldBack)) {
        for (const id of ids) await this.mail(user_id, [id], false, now);
      } else {
        await this.mail(user_id, ids, true, now);
      }
    }
  }

  /**
   * Claims the notices (those another process has not: a conditional UPDATE), mails them and marks
   * them sent. A mail that fails gives them back for the next tick.
   */
  private async mail(userId: number, ids: number[], asDigest: boolean, now: Date): Promise<void> {
    if (ids.length === 0) return;
    const { db, mailer, log } = this.opts;
    const key = randomUUID();
    await db.updateTable('notification_queue').set({ mail_key: key, claimed_at: now.toISOString() }).where('id', 'in', ids).where('mail_key', 'is', null).execute();
    const notices = await db.selectFrom('notification_queue').select(['subject', 'body']).where('mail_key', '=', key).orderBy('id').execute();
    if (notices.length === 0) return;
    const recipient = await this.recipient(userId);
    if (!recipient) {
      await db.deleteFrom('notification_queue').where('mail_key', '=', key).execute();
      return;
    }
    try {
      const mail = inLanguage(recipient.language, () => (asDigest || notices.length > 1 ? digestMail(recipient, notices) : singleMail(recipient, notices[0]!)));
      await mailer.send(mail);
    } catch (err) {
      await db.updateTable('notification_queue').set({ mail_key: null, claimed_at: null }).where('mail_key', '=', key).execute();
      log.warn({ err, userId }, 'a notification mail failed; it is tried again');
      return;
    }
    await db.updateTable('notification_queue').set({ sent_at: now.toISOString() }).where('mail_key', '=', key).execute();
  }

  /** The address, links and language of an active user who still has settings; null otherwise (their notices are dropped). */
  private async recipient(userId: number): Promise<(Recipient & { language: ReturnType<typeof languageOf> }) | null> {
    const row = await this.opts.db
      .selectFrom('users as u')
      .innerJoin('notification_settings as s', 's.user_id', 'u.id')
      .select(['u.email', 'u.is_active', 'u.language', 's.unsubscribe_version'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!row || row.is_active !== 1) return null;
    const base = this.opts.config.publicUrl;
    return {
      email: row.email,
      unsubscribeUrl: `${base}/api/v1/${UNSUBSCRIBE_PATH}?token=${this.tokens.make(userId, row.unsubscribe_version)}`,
      settingsUrl: `${base}/notifications`,
      language: languageOf(row),
    };
  }
}
