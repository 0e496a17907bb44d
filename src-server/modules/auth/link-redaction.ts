/**
 * Activation and password-reset links carry credentials. When a browser opens one, the server
 * serves the app for that path and the request log would record the token: it is cut out.
 */
import type { FastifyRequest } from 'fastify';

const ACCOUNT_LINK = /^(\/(?:activate|password\/reset\/confirm)\/)[^?#]*/;

/** The URL with the uid and token of an account link replaced; any other URL as it is. */
export function redactAccountLink(url: string): string {
  return url.replace(ACCOUNT_LINK, '$1[redacted]');
}

/** Fastify's request log fields, with account links redacted. */
export function requestLogFields(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactAccountLink(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
