/**
 * A counting HTTP proxy in front of the server. The browser talks to it, so it sees every request
 * that leaves the browser, the SharedWorker's too (Playwright sees none of those), and counts them
 * from outside. Script bodies are kept so their compressed size can be measured.
 */
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Sec-Fetch-Dest: script, sharedworker, worker, serviceworker, document, empty… */
  dest: string;
  startedAt: number;
  /** When the server's answer had been passed on in full (0 until then). */
  answeredAt: number;
  status: number;
  /** Body bytes as the server sent them. */
  bytes: number;
  /** The body, kept for script destinations only. */
  body: Buffer | null;
}

const SCRIPT_DESTS = new Set(['script', 'sharedworker', 'worker', 'serviceworker']);

export class CountingProxy {
  readonly requests: ProxiedRequest[] = [];
  private readonly agent = new Agent({ keepAlive: true });

  private constructor(
    private readonly server: Server,
    private readonly targetPort: number,
  ) {}

  static async start(targetPort: number): Promise<CountingProxy> {
    const server = createServer();
    const proxy = new CountingProxy(server, targetPort);
    server.on('request', (req, res) => proxy.forward(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** What the browser should open: localhost, because service and shared workers need it. */
  get baseURL(): string {
    return `http://localhost:${this.port}`;
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const dest = String(req.headers['sec-fetch-dest'] ?? '');
    const entry: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      dest,
      startedAt: Date.now(),
      answeredAt: 0,
      status: 0,
      bytes: 0,
      body: null,
    };
    this.requests.push(entry);
    const upstream = request(
      { host: '127.0.0.1', port: this.targetPort, method: req.method, path: req.url, headers: req.headers, agent: this.agent },
      (answer) => {
        entry.status = answer.statusCode ?? 0;
        res.writeHead(entry.status, answer.headers);
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => {
          entry.bytes += chunk.length;
          if (SCRIPT_DESTS.has(dest)) chunks.push(chunk);
        });
        answer.on('end', () => {
          entry.answeredAt = Date.now();
          if (SCRIPT_DESTS.has(dest)) entry.body = Buffer.concat(chunks);
        });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      entry.status = 502;
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  }

  /** Requests with this method and path (exact, or matching a pattern) started in [from, to). */
  matching(method: string, path: string | RegExp, from = 0, to = Infinity): ProxiedRequest[] {
    const pathMatches = (p: string) => (typeof path === 'string' ? p === path : path.test(p));
    return this.requests.filter((r) => r.method === method && pathMatches(r.path) && r.startedAt >= from && r.startedAt < to);
  }

  count(method: string, path: string | RegExp, from = 0, to = Infinity): number {
    return this.matching(method, path, from, to).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }
}
