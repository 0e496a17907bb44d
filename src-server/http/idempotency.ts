/**
 * Exactly-once writes. A POST, PUT or PATCH with an Idempotency-Key header is recorded per (user, key)
 * in the database, so every server process sees it: the first request runs and its response is
 * stored; a repeat with the same body gets that response again; the same key with another body is
 * 422; a repeat while the first is still running is 409. Responses of 500 and above are not kept,
 * so the client may retry them.
 *
 * The request's writes and the record of its answer commit in one transaction (see
 * db/request-transaction.ts): a process killed between the two leaves neither, so the client's
 * retry runs the write again rather than finding it stuck "in flight" or, worse, done twice. A
 * concurrent repeat waits for that transaction and then gets the stored answer. Routes whose effect
 * is outside the database (mail) declare `config.idempotency = 'outside-transaction'`: they are
 * recorded as in flight first and marked done after, without holding a transaction open meanwhile.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { REQUEST_IN_FLIGHT } from '../../shared/api/refusal-codes.js';
import { commitRequestTransaction, rollbackRequestTransaction, runInRequestScope, useRequestTransaction, type RequestTransaction } from '../db/request-transaction.js';
import { nowIso } from './clock.js';
import { HttpError } from './errors.js';
import { idempotencyKeys, type IdempotencyRow } from './idempotency.repository.js';
import { t } from '../../shared/i18n/translate.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** An outside-transaction in-flight record older than this is taken to belong to a request that died with its process. */
const STALE_IN_FLIGHT_MS = 120_000; // longer than the slowest request (mail timeouts in mail/mailer.ts)
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,255}$/;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'outside-transaction' for routes whose effect is not in the database (mail); 'never' for
     * routes whose answers must not be stored and replayed (tokens).
     */
    idempotency?: 'outside-transaction' | 'never';
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string; trx: RequestTransaction | null } | null;
  }
}

/** A stable digest of the request: method, path and body (uploaded files by their content hash). */
function fingerprint(request: FastifyRequest): string {
  const canonical = (value: unknown): unknown => {
    if (Buffer.isBuffer(value)) return { sha256: createHash('sha256').update(value).digest('hex') };
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  const path = request.url.split('?')[0]!.replace(/\/+$/, '');
  return createHash('sha256')
    .update(`${request.method} ${path}\n${JSON.stringify(canonical(request.body ?? null))}`)
    .digest('hex');
}

export function registerIdempotency(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('idempotency', null);
  app.addHook('onRequest', (_request, _reply, done) => runInRequestScope(done));

  app.addHook('preHandler', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || request.routeOptions.config.idempotency === 'never') return;
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.user) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new HttpError(400, { detail: t('Idempotency-Key must be 8 to 255 letters, digits, dots, dashes, underscores or colons.') });
    }
    const key: string = header;
    const userId = request.user.id;
    const print = fingerprint(request);
    const record = { user_id: userId, key, fingerprint: print, state: 'in_flight' as const, response_status: null, response_type: null, response_body: null, created_at: nowIso() };
    const find = () => idempotencyKeys.find(db, userId, key);

    if (request.routeOptions.config.idempotency === 'outside-transaction') {
      if (await idempotencyKeys.claim(db, record)) {
        request.idempotency = { userId, key, trx: null };
        return;
      }
      return answerExisting(await find());
    }

    // A done record needs no transaction: answer it at once.
    const existing = await find();
    if (existing) return answerExisting(existing);
    const trx = await db.startTransaction().execute();
    try {
      // On PostgreSQL this waits for a concurrent request's transaction holding the same key; on
      // SQLite the transaction already holds the write lock.
      if (!(await idempotencyKeys.claim(trx, record))) {
        await trx.rollback().execute();
        return answerExisting(await find());
      }
    } catch (err) {
      await rollbackRequestTransaction(trx);
      throw err;
    }
    request.idempotency = { userId, key, trx };
    useRequestTransaction(trx);

    async function answerExisting(row: IdempotencyRow | undefined): Promise<FastifyReply | undefined> {
      if (!row) throw new HttpError(409, { detail: t('This request is being processed. Try again shortly.'), code: REQUEST_IN_FLIGHT });
      if (row.fingerprint !== print) throw new HttpError(422, { detail: t('This Idempotency-Key was already used for a different request.') });
      if (row.state === 'done') return replay(reply, row.response_status ?? 200, row.response_type, row.response_body);
      if (Date.now() - Date.parse(row.created_at) > STALE_IN_FLIGHT_MS) {
        // An outside-transaction attempt whose process died: take it over; the conditional update lets only one retry win.
        if (await idempotencyKeys.takeOver(db, userId, key, row.created_at, nowIso())) {
          request.idempotency = { userId, key, trx: null };
          return undefined;
        }
      }
      throw new HttpError(409, { detail: t('A request with this Idempotency-Key is still being processed.'), code: REQUEST_IN_FLIGHT });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const record = request.idempotency;
    if (!record) return payload;
    request.idempotency = null;
    const keep = reply.statusCode < 500 && (typeof payload === 'string' || Buffer.isBuffer(payload));
    const type = reply.getHeader('content-type');
    const answer = {
      response_status: reply.statusCode,
      response_type: typeof type === 'string' ? type : null,
      response_body: Buffer.isBuffer(payload) ? payload.toString('utf8') : (payload as string),
    };

    if (!record.trx) {
      if (keep) await idempotencyKeys.markDone(db, record.userId, record.key, answer);
      else await idempotencyKeys.release(db, record.userId, record.key);
      return payload;
    }

    const trx = record.trx;
    useRequestTransaction(null);
    if (reply.statusCode >= 500) {
      // A failure undoes the whole request, so the client's retry starts from a clean slate.
      await rollbackRequestTransaction(trx);
      return payload;
    }
    try {
      // A streamed answer cannot be replayed: the write stands, its key is freed.
      if (keep) await idempotencyKeys.markDone(trx, record.userId, record.key, answer);
      else await idempotencyKeys.release(trx, record.userId, record.key);
      await commitRequestTransaction(trx);
    } catch (err) {
      await rollbackRequestTransaction(trx);
      // A refusal changed nothing either way; a success that did not commit must not look like one.
      if (reply.statusCode < 400) throw err;
    }
    return payload;
  });

  // A request that ends without a response (client gone, a failure before onSend) must neither
  // leave its transaction open nor pin its key as in flight.
  const release = async (request: FastifyRequest) => {
    const record = request.idempotency;
    if (!record) return;
    request.idempotency = null;
    if (record.trx) {
      useRequestTransaction(null);
      await rollbackRequestTransaction(record.trx);
      return;
    }
    await idempotencyKeys.release(db, record.userId, record.key, true);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

function replay(reply: FastifyReply, status: number, type: string | null, body: string | null): FastifyReply {
  reply.header('idempotent-replayed', 'true');
  if (type) reply.header('content-type', type);
  return reply.code(status).send(body ?? '');
}

/** Drops records older than the replay window. */
export async function purgeIdempotencyKeys(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await idempotencyKeys.purgeOlderThan(db, new Date(now - IDEMPOTENCY_TTL_MS).toISOString());
}
