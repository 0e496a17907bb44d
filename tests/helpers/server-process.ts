/**
 * Real server processes for tests that need more than app.inject(): several processes on one
 * database, kill -9, restarts. Each process runs src-server/main.ts on a free loopback port.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** A cold start compiles the server with tsx first; on two busy cores beside other test files that can take a while. */
export const READY_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** The tail of what the process printed, shown when it fails to start. */
  output: () => string;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * Starts a server in its own process group (so killHard reaches its cluster processes too). The
 * database is chosen only by `env`: DATABASE_URL and DATABASE_SCHEMA are not inherited. It listens
 * on 127.0.0.1 unless `env.HOST` says otherwise (`origin` is the IPv4 loopback address either way).
 */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.DATABASE_SCHEMA;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    cwd: ROOT,
    env: { ...inherited, ...env, PORT: String(listenPort), HOST: env.HOST ?? '127.0.0.1', LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { origin: `http://127.0.0.1:${listenPort}`, child, output: () => log };
}

/** Ready once it answers anything: a verify without a token is a 400, which needs the whole stack up. */
export async function waitUntilReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      const res = await fetch(`${server.origin}/api/v1/auth/jwt/verify/`, { method: 'POST' });
      if (res.status === 400 || res.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${server.origin} did not start in time:\n${server.output()}`);
}

const exited = (server: ServerProcess) =>
  server.child.exitCode !== null || server.child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => server.child.once('exit', () => r()));

export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const done = exited(server);
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => killHard(server), 5_000);
  await done;
  clearTimeout(timer);
}

/** kill -9 of the server and every process it forked, as a power cut or the OOM killer would. */
export async function killHard(server: ServerProcess): Promise<void> {
  const done = exited(server);
  try {
    process.kill(-server.child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
  await done;
}

/** The processes a server's primary forked (its cluster workers). */
export function childPids(server: ServerProcess): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' }).split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

/** A GET on a connection of its own (a kept-alive one may belong to a process just killed); 0 when unanswered in time. */
export function statusOnNewConnection(url: string, timeoutMs = 5_000): Promise<number> {
  return new Promise((done, fail) => {
    const req = get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.once('timeout', () => {
      req.destroy();
      done(0);
    });
    req.once('error', fail);
  });
}

/**
 * HAProxy (Debian's haproxy) in front of `backends`, balancing requests round-robin, as a load
 * balancer in front of several servers would, and sending requests only to the backends whose
 * `/readyz` answers 200 (README, Operations). Stop it with stopServer.
 */
export interface ProxyProcess extends ServerProcess {
  /** Requests the proxy has passed to each backend so far, by backend index (from its log). */
  served: () => number[];
}

/** `port` fixed when the backends must know the public address before the proxy starts (their PUBLIC_URL). */
export async function startProxy(backends: ServerProcess[], port?: number, timeouts: { client: string; server: string } = { client: '60s', server: '60s' }): Promise<ProxyProcess> {
  const listenPort = port ?? (await freePort());
  const config = join(mkdtempSync(join(tmpdir(), 'cmms-proxy-')), 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 1024',
      '  log stdout format raw local0',
      'defaults',
      '  mode http',
      '  log global',
      // One line per request naming the backend server: "servers/s1".
      '  log-format "served %s"',
      '  timeout connect 5s',
      `  timeout client ${timeouts.client}`,
      `  timeout server ${timeouts.server}`,
      'frontend api',
      `  bind 127.0.0.1:${listenPort}`,
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      // Readiness: a backend that is stopping, or has lost its database or its file store, gets no
      // requests. Checked often, and one answer brings a restarted backend back, so a test that
      // restarts one waits no longer than it did without checks.
      '  option httpchk',
      '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost',
      '  http-check expect status 200',
      '  default-server check inter 1s fastinter 250ms downinter 250ms rise 1 fall 2',
      ...backends.map((b, i) => `  server s${i} ${b.origin.replace('http://', '')}`),
      '',
    ].join('\n'),
  );
  const child = spawn(process.env.HAPROXY_PATH || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy'), ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  const served = backends.map(() => 0);
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const m of chunk.toString().matchAll(/^served s(\d+)$/gm)) served[Number(m[1])]! += 1;
    keep(chunk);
  });
  child.stderr?.on('data', keep);
  await new Promise<void>((done, fail) => {
    child.once('error', (err) => fail(new Error(`haproxy did not start (${err.message}); install it with: apt-get install -y haproxy`)));
    child.once('spawn', () => done());
  });
  return { origin: `http://127.0.0.1:${listenPort}`, child, output: () => log, served: () => [...served] };
}
