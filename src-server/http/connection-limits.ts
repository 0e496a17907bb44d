/**
 * What one client can hold of the server: each request must arrive whole within a time limit
 * (headers within HEADERS_TIMEOUT_S, headers and body within REQUEST_TIMEOUT_S; Fastify turns
 * Node's whole-request limit off unless told), a body that stops arriving is closed after
 * BODY_IDLE_TIMEOUT_S without a byte, and one address may keep at most MAX_CONNECTIONS_PER_ADDRESS
 * connections open. Without them a client sending a body one byte at a time (or opening
 * connections and sending nothing) kept them open for as long as it liked.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders, ServerOptions } from 'node:http';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';
import { t } from '../../shared/i18n/translate.js';

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

/** A body follows the headers: a length above 0, or chunks (a GET such as the event stream has none). */
function declaresBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Answers 408 and closes the connection when a request's body stops arriving: nothing read for
 * `idleMs` while the body is incomplete. REQUEST_TIMEOUT_S bounds the whole request, and a slow
 * upload that keeps sending may take all of it; without this a client that sent half a body and
 * then nothing held its connection (and what was read of the body) for that long too. When the
 * answer went out before the body was whole (a 401 or a 413 answered unread), the silence closes
 * the connection just the same: Node would otherwise keep reading the rest into nothing until
 * keepAliveTimeout.
 *
 * Only while a body is being received: not between the requests of a kept-alive connection
 * (keepAliveTimeout), not for a request without a body (the event stream), not once the body is
 * complete and the answer is being worked out, nor while an answer is being sent. Arrival is read
 * from the connection's byte count, since Node's HTTP parser reads the socket natively and no
 * 'data' event would tell; a body the server has not yet read (its buffer full, the socket
 * paused) is the server's wait, not the client's silence, so it counts as arriving.
 */
export function closeSilentBodies(app: FastifyInstance, idleMs: number): void {
  // Looked at four times per limit: a silence is acted on between idleMs and 1.25 × idleMs after the last byte.
  const every = Math.max(50, Math.floor(idleMs / 4));
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    const res = reply.raw;
    if (req.complete || !declaresBody(req.headers)) return done();
    const socket = req.socket;
    let read = socket.bytesRead;
    let lastArrival = Date.now();
    const stop = () => {
      clearInterval(watch);
      req.off('end', stop);
      socket.off('close', stop);
    };
    const watch = setInterval(() => {
      if (req.complete || socket.destroyed) return stop();
      if (socket.bytesRead !== read || req.readableLength > 0) {
        read = socket.bytesRead;
        lastArrival = Date.now();
        return;
      }
      if (Date.now() - lastArrival < idleMs) return;
      if (!res.headersSent) {
        stop();
        // The rest of the body will not come, so the connection cannot carry another request.
        reply.header('connection', 'close');
        reply.send(new HttpError(408, { detail: t('The request body stopped arriving: nothing came for {seconds} s.', { seconds: String(idleMs / 1000) }) }));
      } else if (res.writableFinished) {
        // Answered already: there is nothing left to say on this connection, and nothing to wait for.
        stop();
        socket.destroy();
      }
      // An answer still being sent goes on under its own limits; the silence is looked at again after it.
    }, every);
    // Never what keeps a stopping process alive.
    watch.unref();
    // Done at once when the body is read to its end or the connection closes, rather than at the next look.
    req.once('end', stop);
    socket.once('close', stop);
    done();
  });
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
