/**
 * A stop that loses no answer (SIGTERM or SIGINT; server.ts). In two steps, because with node:cluster
 * the port is shared and every process must have let go of it before any connection is let go:
 *
 * 1. `stopListening()`: the port is closed, so a new connection is refused before anything is sent
 *    on it, and /readyz answers 503. Requests keep being served on the open connections.
 * 2. `drain(timeoutMs)`: every answer from now on says `Connection: close`, so each kept-alive
 *    connection ends after its next answer; a connection with no request for IDLE_GRACE_MS (counted
 *    from the drain's start at the earliest) is closed: a client in the middle of its requests
 *    sends the next one well within that and gets it answered. Requests still running after
 *    `timeoutMs` (SHUTDOWN_TIMEOUT_S) are cut.
 *
 * Idle means no request running and no byte read since the last answer, judged after the process
 * has read what its sockets hold: a process whose loop stalled past the grace (a long garbage
 * collection, a CPU taken by others) would otherwise close a connection whose request arrived in
 * time and lies unread, and the client would see a reset (tests/server/drain-idle.test.ts).
 * Closing an idle connection can still meet a request a client sends on it at that very moment
 * (HTTP/1.1 lets either side close an idle connection; clients retry a request that got no answer
 * on a reused connection). The grace makes that a client silent for a second that speaks again at
 * the exact moment of the close.
 *
 * Node's own `server.close()` closes idle kept-alive connections at once, which drops a request a
 * client has just sent on one; so the port is closed here with net.Server's close alone.
 */
import { Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A connection with no request for this long is closed during a drain. */
export const IDLE_GRACE_MS = 1_000;
/** Seconds a client of a long-lived answer (an event stream) is told to wait before it reconnects. */
export const RETRY_AFTER_S = 3;
const TICK_MS = 50;

interface Connection {
  /** Requests on it not yet answered. */
  active: number;
  idleSince: number;
  /** The socket's bytesRead when it last became idle: more since means a request is arriving. */
  readAtIdle: number;
}

export class Shutdown {
  #stopping = false;
  #draining = false;
  #drained: Promise<number> | null = null;
  readonly #connections = new Map<Socket, Connection>();
  readonly #hooks: ((retryAfterS: number) => void)[] = [];

  constructor(private readonly app: FastifyInstance) {
    const server = app.server;
    server.on('connection', (socket: Socket) => {
      this.#connections.set(socket, { active: 0, idleSince: Date.now(), readAtIdle: 0 });
      socket.once('close', () => this.#connections.delete(socket));
    });
    server.on('request', (request: { socket: Socket }, response: { once(event: 'close', listener: () => void): unknown }) => {
      const connection = this.#connections.get(request.socket);
      if (!connection) return;
      connection.active += 1;
      response.once('close', () => {
        connection.active -= 1;
        connection.idleSince = Date.now();
        connection.readAtIdle = request.socket.bytesRead;
      });
    });
    app.addHook('onSend', async (_request, reply) => {
      if (this.#draining) reply.header('connection', 'close');
    });
  }

  /** From the first step of a stop: /readyz answers 503. */
  get stopping(): boolean {
    return this.#stopping;
  }

  /** From the second step: the hooks of `onDrain` have run, so a long-lived answer begun now must end by itself at once. */
  get draining(): boolean {
    return this.#draining;
  }

  /**
   * Long-lived answers never finish by themselves, so they must be ended when the drain begins,
   * telling their clients when to come back (the sync stream registers here).
   */
  onDrain(hook: (retryAfterS: number) => void): void {
    this.#hooks.push(hook);
  }

  /** Closes the port: new connections are refused, open ones are still served. */
  stopListening(): void {
    if (this.#stopping) return;
    this.#stopping = true;
    if (this.app.server.listening) Server.prototype.close.call(this.app.server);
  }

  /** Ends every connection as described above; resolves with the number of requests cut at the deadline. */
  drain(timeoutMs: number): Promise<number> {
    this.#drained ??= this.#drain(timeoutMs);
    return this.#drained;
  }

  async #drain(timeoutMs: number): Promise<number> {
    this.stopListening();
    this.#draining = true;
    for (const hook of this.#hooks) {
      try {
        hook(RETRY_AFTER_S);
      } catch (err) {
        this.app.log.error({ err }, 'a drain hook failed');
      }
    }
    const started = Date.now();
    const deadline = started + timeoutMs;
    // A connection idle for long is as likely as any to carry a client's next request now (a
    // client whose other connections just closed reuses it): each gets the whole grace from here.
    for (const c of this.#connections.values()) c.idleSince = Math.max(c.idleSince, started);
    while (this.#connections.size > 0 && Date.now() < deadline) {
      const now = Date.now();
      for (const [socket, c] of this.#connections) {
        if (c.active > 0) continue;
        if (socket.bytesRead !== c.readAtIdle) {
          // Bytes of a next request (perhaps not yet whole): it is not idle, and its grace starts again.
          c.readAtIdle = socket.bytesRead;
          c.idleSince = now;
        } else if (now - c.idleSince >= IDLE_GRACE_MS) socket.destroy();
      }
      // The timer fires before the loop polls its sockets; the sweep runs after the poll (setImmediate),
      // so whatever arrived while the process was held has been read and counted first.
      await new Promise((r) => setTimeout(r, TICK_MS));
      await new Promise((r) => setImmediate(r));
    }
    let cut = 0;
    for (const [socket, c] of this.#connections) {
      cut += c.active;
      socket.destroy();
    }
    return cut;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

export function registerShutdown(app: FastifyInstance): Shutdown {
  const shutdown = new Shutdown(app);
  app.decorate('shutdown', shutdown);
  return shutdown;
}
