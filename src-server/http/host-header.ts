/**
 * HTTP/1.1 requires a server to answer 400 to a request whose Host header is missing, given more
 * than once, or not a host. Node refuses only the missing one: `Host: a b` or two Host lines were
 * answered like any request. Nothing here builds links from the Host (see origin.ts), but a
 * request that is not HTTP is refused rather than served.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { msg, t } from '../../shared/i18n/translate.js';

export const BAD_HOST = msg('The Host header is missing, repeated or not a valid host.');

/**
 * A URI's host with an optional port: an IP literal in brackets (IPv6 or IPvFuture), or a
 * registered name (which takes in IPv4 addresses): letters, digits, `-._~!$&'()*+,;=` and
 * %-escapes.
 */
const HOST_VALUE = /^(?:\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+)\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+)(?::[0-9]*)?$/;

function hostProblem(request: FastifyRequest): boolean {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') count += 1;
  // HTTP/1.0 may leave the Host out (Node already refuses an HTTP/1.1 request without one).
  if (count === 0) return false;
  const value = request.headers.host;
  return count > 1 || typeof value !== 'string' || !HOST_VALUE.test(value);
}

/** Registered first, so a request with a bad Host reaches nothing else. */
export function registerHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hostProblem(request)) throw new HttpError(400, { detail: t(BAD_HOST) });
  });
}
