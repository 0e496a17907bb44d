/**
 * Rate-limit counters: in each process's memory by default, or in Redis when REDIS_URL is set, so
 * that several processes and servers count together. Limits themselves are declared per route
 * (`config.rateLimit`). If Redis cannot be reached, requests are let through rather than refused:
 * a maintenance team keeps working, with brute-force limits off until Redis is back (logged).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { msg, t } from '../../shared/i18n/translate.js';

export async function registerRateLimits(app: FastifyInstance, opts: { redisUrl: string | null; redisKeyPrefix: string }): Promise<void> {
  if (!opts.redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // A rate-limit check must never hold a request up: while disconnected, commands fail at once
  // (no offline queue) and the request goes through; ioredis keeps reconnecting meanwhile.
  const redis = new Redis(opts.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastWarning = 0;
  redis.on('error', (err: Error) => {
    // ioredis reports every reconnect attempt; once a minute is enough to tell the operator.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ err: err.message }, 'rate-limit store (Redis) unavailable; limits are not applied meanwhile');
  });
  // Counting starts with the first request when Redis is there at start; a Redis that is not does
  // not hold the start up for more than a moment.
  await new Promise<void>((done) => {
    const timer = setTimeout(done, 2_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      done();
    });
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await app.register(rateLimit, { global: false, redis, nameSpace: `${opts.redisKeyPrefix}rate-limit:`, skipOnError: true });
}

/**
 * A route limit counted per signed-in user (per address for a visitor): `max` requests a minute,
 * then a 429 saying what was limited. `applies` picks the requests that count (default: all).
 */
/** The refusal of each limited kind of request, a whole sentence each (docs/i18n.md). */
const TOO_MANY: Record<string, string> = {
  'wash records': msg('Too many wash records. Please wait {after} and try again.'),
  'stock records': msg('Too many stock records. Please wait {after} and try again.'),
  uploads: msg('Too many uploads. Please wait {after} and try again.'),
  'report mails': msg('Too many report mails. Please wait {after} and try again.'),
};

export function perUserLimit(max: number, what: string, applies?: (request: FastifyRequest) => boolean) {
  return {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    ...(applies ? { allowList: (request: FastifyRequest) => !applies(request) } : {}),
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
      statusCode: 429,
      message: TOO_MANY[what] ? t(TOO_MANY[what], { after: context.after }) : t('Too many {what}. Please wait {after} and try again.', { what, after: context.after }),
    }),
  };
}
