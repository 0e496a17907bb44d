/**
 * Exactly-once writes. A POST or PUT with an Idempotency-Key header is recorded per (user, key) in the
 * database, so every server process sees it: the first request runs and its response is stored;
 * a repeat with the same body gets that response again; the same key with another body is 422; a
 * repeat while the first is still running is 409. Responses of 500 and above are not kept, so the
 * client may retry them.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { REQUEST_IN_FLIGHT } from '../../shared/api/common.js';
import { nowIso } from './clock.js';
import { HttpError } from './errors.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** An in-flight record older than this is taken to belong to a request that died with its process. */
const STALE_IN_FLIGHT_MS = 120_000; // longer than the slowest request (mail timeouts in mail/mailer.ts)
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
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

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' && request.method !== 'PUT') return;
    const key = request.headers['idempotency-key'];
    if (key === undefined || !request.user) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new HttpError(400, { detail: 'Idempotency-Key must be 8 to 255 letters, digits, dots, dashes, underscores or colons.' });
    }
    const userId = request.user.id;
    const print = fingerprint(request);
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, fingerprint: print, state: 'in_flight', response_status: null, response_type: null, response_body: null, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      request.idempotency = { userId, key };
      return;
    }
    const existing = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    if (!existing) throw new HttpError(409, { detail: 'This request is being processed. Try again shortly.', code: REQUEST_IN_FLIGHT });
    if (existing.fingerprint !== print) {
      throw new HttpError(422, { detail: 'This Idempotency-Key was already used for a different request.' });
    }
    if (existing.state === 'done') {
      return replay(reply, existing.response_status ?? 200, existing.response_type, existing.response_body);
    }
    if (Date.now() - Date.parse(existing.created_at) > STALE_IN_FLIGHT_MS) {
      // Take over the abandoned attempt; the conditional update lets only one retry win.
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ created_at: nowIso() })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('state', '=', 'in_flight')
        .where('created_at', '=', existing.created_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) {
        request.idempotency = { userId, key };
        return;
      }
    }
    throw new HttpError(409, { detail: 'A request with this Idempotency-Key is still being processed.', code: REQUEST_IN_FLIGHT });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const record = request.idempotency;
    if (!record) return payload;
    request.idempotency = null;
    const where = db.updateTable('idempotency_keys').where('user_id', '=', record.userId).where('key', '=', record.key);
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.deleteFrom('idempotency_keys').where('user_id', '=', record.userId).where('key', '=', record.key).execute();
      return payload;
    }
    const type = reply.getHeader('content-type');
    await where
      .set({ state: 'done', response_status: reply.statusCode, response_type: typeof type === 'string' ? type : null, response_body: payload })
      .execute();
    return payload;
  });

  // A request that ends without a response (client gone, crash) must not pin the key as in flight.
  app.addHook('onResponse', async (request) => {
    const record = request.idempotency;
    if (!record) return;
    await db.deleteFrom('idempotency_keys').where('user_id', '=', record.userId).where('key', '=', record.key).where('state', '=', 'in_flight').execute();
  });
}

function replay(reply: FastifyReply, status: number, type: string | null, body: string | null): FastifyReply {
  reply.header('idempotent-replayed', 'true');
  if (type) reply.header('content-type', type);
  return reply.code(status).send(body ?? '');
}

/** Drops records older than the replay window. */
export async function purgeIdempotencyKeys(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(now - IDEMPOTENCY_TTL_MS).toISOString()).execute();
}
