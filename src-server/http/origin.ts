import type { FastifyRequest } from 'fastify';

/** The origin the client used (honours X-Forwarded-* only when TRUST_PROXY is on). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
