/**
 * Taking the network away from the app for real (docs/decisions.md: Playwright cannot take a SharedWorker offline). `context.setOffline` cuts the
 * pages, their dedicated workers and the service worker, but not a SharedWorker, whose fetches
 * Playwright can neither see nor route. So the SharedWorker targets are driven over the browser's
 * CDP session: attached with `flatten: false`, and sent `Network.emulateNetworkConditions` through
 * `Target.sendMessageToTarget`. New SharedWorkers (a reload of the only tab starts a new one) are
 * attached as soon as the browser reports them and get the current condition, normally long before
 * the worker has loaded its script and made a request. A SharedWorker that ends while attached (its
 * last tab navigated away) is not a new target when the next tab starts it again: Chromium reports
 * `Inspector.targetCrashed`, then `Inspector.targetReloadedAfterCrash` on the same session, and the
 * new instance waits for the debugger like a new target; it gets the same treatment. Every CDP
 * command has a time limit: a dead target never answers.
 */
import type { Browser, BrowserContext, CDPSession } from '@playwright/test';

const COMMAND_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`CDP: no answer to ${what} within ${COMMAND_TIMEOUT_MS} ms`)), COMMAND_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export class NetworkControl {
  private readonly sessions = new Map<string, TargetInfo>();
  /** Sessions whose SharedWorker ended (its last tab closed): nothing answers there until it starts again. */
  private readonly dormant = new Set<string>();
  private offline = false;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(
    private readonly cdp: CDPSession,
    private readonly context: BrowserContext,
  ) {}

  /** Starts watching the browser's SharedWorkers; call before the app opens. */
  static async start(browser: Browser, context: BrowserContext): Promise<NetworkControl> {
    const cdp = await browser.newBrowserCDPSession();
    const control = new NetworkControl(cdp, context);
    cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => control.onMessage(event.sessionId, event.message));
    cdp.on('Target.targetCreated', (event: { targetInfo: TargetInfo }) => void control.attach(event.targetInfo).catch(() => undefined));
    cdp.on('Target.detachedFromTarget', (event: { sessionId: string }) => {
      control.sessions.delete(event.sessionId);
      control.dormant.delete(event.sessionId);
    });
    await withTimeout(cdp.send('Target.setDiscoverTargets', { discover: true }), 'Target.setDiscoverTargets');
    const { targetInfos } = (await withTimeout(cdp.send('Target.getTargets'), 'Target.getTargets')) as { targetInfos: TargetInfo[] };
    for (const target of targetInfos) await control.attach(target);
    return control;
  }

  private async attach(target: TargetInfo): Promise<void> {
    if (target.type !== 'shared_worker' || [...this.sessions.values()].some((t) => t.targetId === target.targetId)) return;
    const { sessionId } = (await withTimeout(this.cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false }), 'Target.attachToTarget')) as { sessionId: string };
    this.sessions.set(sessionId, target);
    // For the restart of the worker under this same session (see above).
    await this.sendToTarget(sessionId, 'Inspector.enable');
    await this.release(sessionId);
  }

  /**
   * A SharedWorker started while this session watches waits for a debugger before its first line;
   * left paused, the tab's handshake times out and it falls back to a dedicated worker. It gets the
   * current condition first.
   */
  private async release(sessionId: string): Promise<void> {
    await this.apply(sessionId);
    await this.sendToTarget(sessionId, 'Runtime.runIfWaitingForDebugger');
  }

  private onMessage(sessionId: string, raw: string): void {
    const message = JSON.parse(raw) as { id?: number; method?: string; error?: { message: string }; result?: unknown };
    if (message.method === 'Inspector.targetCrashed') this.dormant.add(sessionId);
    if (message.method === 'Inspector.targetReloadedAfterCrash') {
      // Started again: it gets the condition of now before its first line.
      this.dormant.delete(sessionId);
      void this.release(sessionId).catch(() => undefined);
    }
    if (message.id === undefined) return;
    const waiter = this.pending.get(message.id);
    if (!waiter) return;
    this.pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  }

  private sendToTarget(sessionId: string, method: string, params: object = {}): Promise<unknown> {
    const id = ++this.nextId;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    void this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => undefined);
    return withTimeout(answer, `${method} in a shared worker`).finally(() => this.pending.delete(id));
  }

  private async apply(sessionId: string): Promise<void> {
    await this.sendToTarget(sessionId, 'Network.enable');
    await this.sendToTarget(sessionId, 'Network.emulateNetworkConditions', { offline: this.offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  }

  /**
   * Resolves once no SharedWorker runs any more (after its last tab closed, which it outlives a
   * moment): the next tab starts a new one, which gets the condition of then.
   */
  async workersEnded(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ([...this.sessions.keys()].some((id) => !this.dormant.has(id))) {
      if (Date.now() > until) throw new Error(`a SharedWorker still runs ${timeoutMs} ms after its last tab closed`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SharedWorkers currently under control. */
  get sharedWorkers(): number {
    return this.sessions.size;
  }

  /**
   * Cuts or restores the network of every SharedWorker (now and later ones) and of the context.
   * Going offline, the worker goes first so it sees no success after the pages said offline;
   * coming back, the worker goes first so the pages' `online` event finds it connected.
   */
  async setOffline(offline: boolean): Promise<void> {
    this.offline = offline;
    for (const sessionId of [...this.sessions.keys()].filter((id) => !this.dormant.has(id))) {
      await this.apply(sessionId).catch((err: unknown) => {
        // A worker that ended meanwhile needs nothing.
        if (this.sessions.has(sessionId)) throw err;
      });
    }
    await this.context.setOffline(offline);
  }

  async dispose(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}
