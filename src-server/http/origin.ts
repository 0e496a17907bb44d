/**
 * The origin that links in answers point at (pagination `next`/`previous`, media URLs): the
 * configured PUBLIC_URL, or, behind a trusted proxy (TRUST_PROXY=1), the X-Forwarded-Proto and
 * -Host it passes on. Never the request's own Host header, which anyone can set: links built from
 * it would send a client's next request (and its token) wherever the header said.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    links: { publicOrigin: string; trustProxy: boolean };
  }
}

/** host or host:port, a name or an IP address (IPv6 in brackets), nothing else. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function registerPublicOrigin(app: FastifyInstance, config: { publicUrl: string; trustProxy: boolean }): void {
  app.decorate('links', { publicOrigin: config.publicUrl.replace(/\/+$/, ''), trustProxy: config.trustProxy });
}

export function requestOrigin(request: FastifyRequest): string {
  const { links } = request.server;
  if (links.trustProxy && request.headers['x-forwarded-host'] !== undefined) {
    const host = request.host;
    const protocol = request.protocol;
    if (HOST.test(host) && (protocol === 'http' || protocol === 'https')) return `${protocol}://${host}`;
  }
  return links.publicOrigin;
}

/** An absolute link to this request's path and query with `change` applied, on the public origin. */
export function linkTo(request: FastifyRequest, change: (url: URL) => void): string {
  // Only the path and query of the request are kept (an absolute-form request line names a host too).
  const { pathname, search } = new URL(request.url, 'http://localhost');
  const url = new URL(pathname + search, `${requestOrigin(request)}/`);
  change(url);
  return url.toString();
}
