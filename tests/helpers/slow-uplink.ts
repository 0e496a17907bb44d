/**
 * A phone's slow uplink in front of the test server: a TCP relay on a loopback port that passes
 * what the browser sends at `bytesPerSecond` and the answers at full speed. Real sockets, so the
 * browser's own upload progress is what is measured (DevTools' throttling does not reach uploads
 * made by a SharedWorker).
 */
import { createServer, connect, type Socket } from 'node:net';

export interface SlowUplink {
  /** The app's origin through the relay: http://localhost:PORT (a secure context, like the server's). */
  url: string;
  close(): Promise<void>;
}

const TICK_MS = 50;

export async function startSlowUplink(targetPort: number, bytesPerSecond: number): Promise<SlowUplink> {
  const sockets = new Set<Socket>();
  const perTick = Math.max(1, Math.floor((bytesPerSecond * TICK_MS) / 1000));
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
    upstream.pipe(client);
    // What the browser sends goes on in slices, one every tick.
    let waiting: Buffer[] = [];
    let timer: NodeJS.Timeout | null = null;
    const drip = () => {
      const next = waiting.shift();
      if (!next) {
        timer = null;
        client.resume();
        return;
      }
      if (next.length > perTick) waiting.unshift(next.subarray(perTick));
      upstream.write(next.subarray(0, perTick));
      timer = setTimeout(drip, TICK_MS);
    };
    client.on('data', (chunk: Buffer) => {
      waiting.push(chunk);
      client.pause();
      timer ??= setTimeout(drip, 0);
    });
    client.on('close', () => {
      if (timer) clearTimeout(timer);
      waiting = [];
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
