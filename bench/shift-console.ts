/**
 * The console errors and warnings of a shift: from the context's pages, their dedicated workers and
 * the service worker (Playwright's context `console` and `weberror` events), and from the
 * SharedWorker, which Playwright does not see, over a browser CDP session of its own (attached
 * with `flatten: false` like tests/helpers/e2e-network.ts, Runtime and Log enabled; a worker that
 * restarts under the same session is enabled again and released, as NetworkControl does).
 * Each message is kept with the step the shift was at, so a reader sees when it came.
 */
import type { Browser, BrowserContext, CDPSession } from '@playwright/test';

export interface ConsoleEntry {
  /** page, worker, service worker, shared worker. */
  source: string;
  level: string;
  text: string;
  step: string;
  at: number;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/** Network failures the app meets on purpose while offline: counted, not listed as problems. */
export function isOfflineNoise(text: string): boolean {
  return /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to fetch|NetworkError|net::ERR_FAILED/.test(text);
}

export class ConsoleLog {
  readonly entries: ConsoleEntry[] = [];
  step = 'setup';
  private cdp: CDPSession | null = null;
  private readonly attached = new Set<string>();
  private nextId = 0;

  constructor(private readonly context: BrowserContext) {
    context.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      const worker = message.worker();
      const source = worker ? (worker.url().includes('sw.js') ? 'service worker' : 'worker') : 'page';
      this.push(source, type, message.text());
    });
    context.on('weberror', (error) => this.push('page', 'uncaught', String(error.error().stack ?? error.error().message)));
  }

  private push(source: string, level: string, text: string): void {
    this.entries.push({ source, level, text: text.slice(0, 500), step: this.step, at: Date.now() });
  }

  /** Listens to the SharedWorkers' consoles too (none in fallback mode). */
  async watchSharedWorkers(browser: Browser): Promise<void> {
    const cdp = await browser.newBrowserCDPSession();
    this.cdp = cdp;
    cdp.on('Target.targetCreated', (event: { targetInfo: TargetInfo }) => void this.attach(event.targetInfo).catch(() => undefined));
    cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => this.onMessage(event.sessionId, event.message));
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    for (const target of targetInfos) await this.attach(target).catch(() => undefined);
  }

  private async attach(target: TargetInfo): Promise<void> {
    if (!this.cdp || target.type !== 'shared_worker' || this.attached.has(target.targetId)) return;
    this.attached.add(target.targetId);
    const { sessionId } = (await this.cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
    this.enable(sessionId, false);
  }

  private send(sessionId: string, method: string): void {
    void this.cdp?.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++this.nextId, method }) }).catch(() => undefined);
  }

  private enable(sessionId: string, release: boolean): void {
    this.send(sessionId, 'Inspector.enable');
    this.send(sessionId, 'Runtime.enable');
    this.send(sessionId, 'Log.enable');
    if (release) this.send(sessionId, 'Runtime.runIfWaitingForDebugger');
  }

  private onMessage(sessionId: string, raw: string): void {
    const message = JSON.parse(raw) as { method?: string; params?: Record<string, unknown> };
    if (message.method === 'Inspector.targetReloadedAfterCrash') this.enable(sessionId, true);
    else if (message.method === 'Runtime.consoleAPICalled') {
      const params = message.params as { type: string; args: { value?: unknown; description?: string }[] };
      if (params.type !== 'error' && params.type !== 'warning') return;
      this.push('shared worker', params.type, params.args.map((a) => (a.value !== undefined ? String(a.value) : (a.description ?? ''))).join(' '));
    } else if (message.method === 'Runtime.exceptionThrown') {
      const details = (message.params as { exceptionDetails: { text: string; exception?: { description?: string } } }).exceptionDetails;
      this.push('shared worker', 'uncaught', details.exception?.description ?? details.text);
    } else if (message.method === 'Log.entryAdded') {
      const entry = (message.params as { entry: { level: string; text: string; url?: string } }).entry;
      if (entry.level !== 'error' && entry.level !== 'warning') return;
      this.push('shared worker', entry.level, `${entry.text}${entry.url ? ` (${entry.url})` : ''}`);
    }
  }

  async dispose(): Promise<void> {
    await this.cdp?.detach().catch(() => undefined);
  }
}
