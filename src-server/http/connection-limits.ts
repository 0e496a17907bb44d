/**
 * What one client can hold of the server: each request must arrive whole within a time limit
 * (headers within HEADERS_TIMEOUT_S, headers and body within REQUEST_TIMEOUT_S; Fastify turns
 * Node's whole-request limit off unless told), and one address may keep at most
 * MAX_CONNECTIONS_PER_ADDRESS connections open. Without them a client sending a body one byte at
 * a time (or opening connections and sending nothing) kept them open for as long as it liked.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerOptions } from 'node:http';
import type { Config } from '../config.js';

type Limits = Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'maxConnectionsPerAddress'>;

/**
 * The HTTP server's own options. Node checks the limits every `connectionsCheckingInterval` (30 s by
 * default, which would let a 1 s limit run to 31 s): a tenth of the shorter limit keeps the overrun
 * small at the cost of a walk over the open connections that often.
 */
export function httpServerOptions(limits: Limits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 10))),
  };
}

/** The same client over IPv4 and IPv4-mapped IPv6 is one address. */
function addressKey(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * Closes at once a connection from an address that already holds `limit` open ones (0: no limit).
 * Counted per server process; behind a proxy every connection comes from the proxy, so the limit
 * is off there unless set (see config.ts).
 */
export function limitConnectionsPerAddress(app: FastifyInstance, limit: number): void {
  if (limit <= 0) return;
  const open = new Map<string, number>();
  const warned = new Set<string>();
  app.server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address) {
      socket.destroy(); // already gone
      return;
    }
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= limit) {
      if (!warned.has(key)) {
        warned.add(key);
        app.log.warn({ address: key, limit }, 'connections refused: this address holds the most open connections allowed');
      }
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < limit) warned.delete(key);
    });
  });
}
