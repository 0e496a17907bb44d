/**
 * GET sync/ (shared/api/sync.ts): the working set a device keeps, page by page, then what changed
 * since, from the change log the database writes (db/migrations/0011_change_log.ts). Only what the
 * caller may read; a record that changed and is now gone (or never was readable) is a `delete`.
 *
 * GET sync/stream/: the live hint stream (server-sent events), one per browser: `event: head` with
 * the log's head whenever it moves, a comment every SYNC_STREAM_PING_S (20 s), and nothing else, so what a user may
 * read is decided in one place (the pull). It ends when the access token expires (`event: end`,
 * then the device refreshes and reconnects), when the user is deactivated or signed out everywhere,
 * when the client stops reading, and at a server stop (with a retry hint). A user holds at most
 * STREAMS_PER_USER of them on the whole server (stream-slots.ts), and a stream gives its place back
 * the moment its connection closes, whenever that happens. HEAD is answered 405: a stream's head
 * alone would be a stream that never ends.
 */
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SYNC_CURSOR_GONE, SYNCED_AREAS, SyncQuery, type SyncAnswer, type SyncChange, type SyncedArea } from '../../../shared/api/sync.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { hasFullAccess } from '../users/full-access.js';
import { HttpError } from '../../http/errors.js';
import { RETRY_AFTER_S } from '../../http/shutdown.js';
import { ChangeWatcher } from './change-watcher.js';
import { requestOrigin } from '../../http/origin.js';
import { limitedMayRead, presentedByIds, type AnyModelRecord, type PresentContext } from '../../models/model-record.js';
import { STREAMS_PER_USER, streamSlots } from './stream-slots.js';
import { t } from '../../../shared/i18n/translate.js';

export { STREAMS_PER_USER };

/** Records in one answer: a page of a device's first sync, or the changes read from the log. */
export const SYNC_PAGE = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a first sync stands: the log's head when it began, the area it is reading, the last id read. */
interface SnapshotPlace {
  head: number;
  area: number;
  after: number;
}

function parseCursor(since: string | undefined): { snapshot: SnapshotPlace | null; delta: number | null } {
  if (since === undefined || since === '0') return { snapshot: { head: -1, area: 0, after: 0 }, delta: null };
  if (since.startsWith('s.')) {
    const [head, area, after] = since.slice(2).split('.').map(Number) as [number, number, number];
    return { snapshot: { head, area, after }, delta: null };
  }
  return { snapshot: null, delta: Number(since) };
}

const gone = () => new HttpError(410, { detail: t(SYNC_CURSOR_GONE), code: 'cursor_gone' });

/** A client that stops reading is dropped once this much waits unsent for it. */
const UNSENT_LIMIT_BYTES = 16 * 1024;

/** When the request's access token expires (epoch ms); its signature was checked by the access hook. */
function accessExpiry(request: FastifyRequest): number {
  const token = request.headers.authorization?.split(' ')[1] ?? '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now();
  } catch {
    return Date.now();
  }
}

export async function syncRoutes(app: FastifyInstance, { dialect, config, tokens, metrics, repositories, models }: AppDeps): Promise<void> {
  const { users } = repositories;
  const log = repositories.changeLog;
  const workingSet = repositories.workingSet;
  const recordOf = (area: SyncedArea): AnyModelRecord => models[area];
  const watcher = new ChangeWatcher(
    log,
    dialect === 'postgres' && config.databaseUrl ? { connectionString: config.databaseUrl, schema: config.databaseSchema } : null,
    (err) => app.log.error({ err }, 'change watcher'),
  );
  /** Each open stream's end, for a server stop. */
  const open = new Set<(final: string) => void>();
  /** Places of the per-user bound, counted across the server's processes. */
  const slots = streamSlots((err) => app.log.warn({ err }, 'the cluster primary did not answer for a sync stream place; this process counted it alone'));
  /** The connections that carried a stream: closed with the server, not left to a client's keep-alive. */
  const streamSockets = new Set<Socket>();
  const restarting = (retryAfterS: number) => `retry: ${retryAfterS * 1000}\nevent: end\ndata: restarting\n\n`;
  // Before the server waits for its connections to end: a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end('');
    for (const socket of streamSockets) socket.destroy();
  });
  app.addHook('onClose', async () => {
    await watcher.close();
  });
  app.shutdown?.onDrain((retryAfterS) => {
    for (const end of [...open]) end(restarting(retryAfterS));
  });

  app.get('/sync/stream/', { config: { access: 'user' } }, async (request, reply) => {
    // Fastify serves HEAD with the GET route's handler.
    if (request.method === 'HEAD') return reply.code(405).header('allow', 'GET').send({ detail: t('Method "HEAD" not allowed.') });
    const user = currentUser(request);
    const res = reply.raw;
    // A real connection (an injected request in tests has none).
    const socket = request.raw.socket instanceof Socket ? request.raw.socket : null;
    // The connection may close while the sign-in is checked or the place is taken (a handheld out
    // of coverage). Its 'close' is then past, and a listener added now would never hear it.
    const connectionGone = () => res.destroyed || socket?.destroyed === true;
    if (connectionGone()) {
      reply.hijack();
      return;
    }
    const slot = await slots.take(user.id);
    if (!slot) throw new HttpError(429, { detail: t('Too many open sync streams for this user.') });
    if (connectionGone()) {
      slot.release();
      reply.hijack();
      return;
    }
    // From here to the listeners below nothing waits: a close now is heard.
    const token = request.headers.authorization!.split(' ')[1]!;
    reply.hijack();
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    let ended = false;
    let unsubscribe = () => {};
    // Set once the stream is open; `end` may run before (a client gone at once).
    const timers: { ping?: ReturnType<typeof setInterval>; expiry?: ReturnType<typeof setTimeout> } = {};
    const write = (text: string) => {
      if (ended) return;
      res.write(text);
      if (res.writableLength > UNSENT_LIMIT_BYTES) end('');
    };
    const onGone = () => end('');
    const end = (final: string) => {
      if (ended) return;
      if (final && !connectionGone()) res.write(final);
      ended = true;
      unsubscribe();
      clearInterval(timers.ping);
      clearTimeout(timers.expiry);
      res.off('close', onGone);
      socket?.off('close', onGone);
      open.delete(end);
      slot.release();
      metrics.syncStreams.dec();
      res.end();
    };
    // The response's close is the connection's while it is the one being answered; the socket's
    // covers an answer still queued behind another on the same connection.
    res.once('close', onGone);
    res.on('error', onGone);
    if (socket) {
      socket.once('close', onGone);
      if (!streamSockets.has(socket)) {
        streamSockets.add(socket);
        socket.once('close', () => streamSockets.delete(socket));
      }
    }
    open.add(end);
    metrics.syncStreams.inc();
    // Opened after a stop's drain ended the others (its sign-in was still being checked): ended the same way.
    if (app.shutdown?.draining) return end(restarting(RETRY_AFTER_S));
    write('retry: 3000\n\n');
    unsubscribe = watcher.subscribe((head) => write(`event: head\ndata: ${head}\n\n`));
    // A comment this often keeps proxies from closing an idle stream (their idle timeouts are longer: README, Operations).
    timers.ping = setInterval(() => {
      write(': ping\n\n');
      // Deactivated, or signed out everywhere (a new password) since the stream opened: it ends.
      void Promise.all([tokens.verify(token, 'access'), users.findById(user.id)]).then(
        ([claims, now]) => {
          if (!claims || !now || now.is_active !== 1 || now.token_generation !== user.token_generation) end('event: end\ndata: unauthorized\n\n');
        },
        () => undefined,
      );
    }, config.syncStreamPingS * 1000);
    timers.expiry = setTimeout(() => end('event: end\ndata: token-expired\n\n'), Math.max(0, accessExpiry(request) - Date.now()));
  });

  app.get<{ Querystring: SyncQuery }>('/sync/', { schema: { querystring: SyncQuery }, config: { access: 'user' } }, async (request): Promise<SyncAnswer> => {
    const user = currentUser(request);
    const full = hasFullAccess(user);
    const scope = SYNCED_AREAS.filter((area) => full || limitedMayRead(recordOf(area)));
    const ctx: PresentContext = { origin: requestOrigin(request), timeZone: config.timeZone };
    const { snapshot, delta } = parseCursor(request.query.since);
    const [head, floor] = await Promise.all([log.head(), log.floor()]);

    if (snapshot) {
      // The log's head when the first page was read: changes after it are pulled once the set is read.
      const start = snapshot.head < 0 ? head : snapshot.head;
      if (start > head || start < floor || snapshot.area > SYNCED_AREAS.length) throw gone();
      const completedSince = new Date(Date.now() - config.syncCompletedDays * DAY_MS).toISOString();
      const changes: SyncChange[] = [];
      let { area, after } = snapshot;
      while (area < SYNCED_AREAS.length && changes.length < SYNC_PAGE) {
        const name = SYNCED_AREAS[area]!;
        if (!scope.includes(name)) {
          area += 1;
          after = 0;
          continue;
        }
        const room = SYNC_PAGE - changes.length;
        const ids = await workingSet.workingSetIds(name, after, room, completedSince);
        const records = await presentedByIds(recordOf(name), ids, ctx, full);
        for (const [id, record] of records) changes.push({ area: name, id, op: 'upsert', record });
        if (ids.length < room) {
          area += 1;
          after = 0;
        } else after = ids[ids.length - 1]!;
      }
      const more = area < SYNCED_AREAS.length;
      return { cursor: more ? `s.${start}.${area}.${after}` : String(start), more, snapshot: true, scope, changes, deviceBudgetBytes: config.syncDeviceBudgetBytes };
    }

    // A cursor ahead of the log (a restored database) or below what compaction kept has missed changes.
    if (delta! > head || delta! < floor) throw gone();
    const read = await log.after(delta!, SYNC_PAGE);
    // The last change of each record decides; records of areas this user may not read are left out.
    const last = new Map<string, { area: SyncedArea; id: number; op: 'upsert' | 'delete' }>();
    for (const change of read) {
      const area = change.area as SyncedArea;
      if (!scope.includes(area)) continue;
      last.set(`${area}:${change.recordId}`, { area, id: change.recordId, op: change.op });
    }
    const changes: SyncChange[] = [];
    for (const area of scope) {
      const wanted = [...last.values()].filter((c) => c.area === area);
      const records = await presentedByIds(
        recordOf(area),
        wanted.filter((c) => c.op === 'upsert').map((c) => c.id),
        ctx,
        full,
      );
      for (const { id } of wanted) {
        const record = records.get(id);
        changes.push(record === undefined ? { area, id, op: 'delete' } : { area, id, op: 'upsert', record });
      }
    }
    const cursor = read.length > 0 ? read[read.length - 1]!.seq : delta!;
    return { cursor: String(cursor), more: read.length === SYNC_PAGE, snapshot: false, scope, changes, deviceBudgetBytes: config.syncDeviceBudgetBytes };
  });
}
