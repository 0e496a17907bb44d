/**
 * HTTP spoken byte by byte over TCP, for what app.inject() does not go through: Node's own parser
 * and server timeouts, and connections that are opened and held.
 */
import type { FastifyInstance } from 'fastify';
import { connect, type Socket } from 'node:net';

/** Listens on a free loopback port; the app's close() stops it again. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
  return address.port;
}

export interface RawAnswer {
  /** The status of the first answer, 0 when none came. */
  status: number;
  /** Everything the server sent. */
  text: string;
  /** Milliseconds from connecting until the server closed the connection (or the wait ended). */
  elapsedMs: number;
  /** The server closed (or reset) the connection before the wait ended. */
  closed: boolean;
}

/** An open connection: write to it, then wait for what the server does. */
export interface RawConnection {
  socket: Socket;
  write(text: string): void;
  /** Resolves when the server closes the connection, or after `timeoutMs` with `closed: false`. */
  closed(timeoutMs: number): Promise<RawAnswer>;
  /** The first complete answer head and body received so far, once the text contains `until`. */
  received(until: string, timeoutMs: number): Promise<string>;
  destroy(): void;
}

export function openConnection(port: number): Promise<RawConnection> {
  return new Promise((done, fail) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let closedAt: number | null = null;
    const waiters: (() => void)[] = [];
    const notify = () => waiters.splice(0).forEach((w) => w());
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      notify();
    });
    socket.on('error', () => undefined); // a reset is a close like any other here
    socket.on('close', () => {
      closedAt = Date.now();
      notify();
    });
    socket.once('connect', () => {
      const answer = (): RawAnswer => ({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0),
        text,
        elapsedMs: (closedAt ?? Date.now()) - started,
        closed: closedAt !== null,
      });
      const waitFor = (ready: () => boolean, timeoutMs: number) =>
        new Promise<void>((resolve) => {
          if (ready()) return resolve();
          const timer = setTimeout(resolve, timeoutMs);
          const check = () => {
            if (ready()) {
              clearTimeout(timer);
              resolve();
            } else waiters.push(check);
          };
          waiters.push(check);
        });
      done({
        socket,
        write: (data) => void socket.write(data),
        async closed(timeoutMs) {
          await waitFor(() => closedAt !== null, timeoutMs);
          return answer();
        },
        async received(until, timeoutMs) {
          await waitFor(() => text.includes(until) || closedAt !== null, timeoutMs);
          return text;
        },
        destroy: () => socket.destroy(),
      });
    });
    socket.once('error', fail);
  });
}

/** Sends `request` as it is and returns the answer once the server closes the connection. */
export async function rawRequest(port: number, request: string, timeoutMs = 5_000): Promise<RawAnswer> {
  const connection = await openConnection(port);
  connection.write(request);
  const answer = await connection.closed(timeoutMs);
  connection.destroy();
  return answer;
}
