/**
 * Strict-Transport-Security, only on answers to requests that came over HTTPS: directly (a TLS
 * socket), or through a trusted proxy (TRUST_PROXY=1) that says so in X-Forwarded-Proto. Browsers
 * ignore the header over plain HTTP, but an install reached by plain HTTP must not claim HTTPS for
 * its host name (a proxy or another service on that name would be pinned to HTTPS for a year).
 * Without TRUST_PROXY, a client's own X-Forwarded-Proto is not believed.
 */
import type { FastifyInstance } from 'fastify';

/** As the helmet default was: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function registerTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Fastify's protocol is the socket's, or with trustProxy the last X-Forwarded-Proto hop.
    if (String(request.protocol).toLowerCase() === 'https') reply.header('strict-transport-security', HSTS);
    else reply.removeHeader('strict-transport-security');
    return payload;
  });
}
