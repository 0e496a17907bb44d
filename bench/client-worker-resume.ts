/**
 * Keeps the SharedWorker running while tests/helpers/e2e-network.ts controls its network.
 *
 * Seen here (Chromium 156, Playwright 1.65): with NetworkControl's session attached to the data
 * worker, a reload of the tab restarts the worker under the same DevTools target, and the restarted
 * worker waits for a debugger before its first line; nothing sends `Runtime.runIfWaitingForDebugger`,
 * so it never answers (25 s and more, until that command comes). The tab's bridge gives up after its
 * 3 s handshake and runs a dedicated worker instead, so a "shared mode" figure would silently be a
 * fallback-mode one. No target event marks the restart, so this sends the resume to every
 * SharedWorker a few times a second; to a running worker the command does nothing.
 */
import type { Browser, CDPSession } from '@playwright/test';

const EVERY_MS = 200;

export class SharedWorkerResumer {
  /** Our session per SharedWorker target. */
  private readonly sessions = new Map<string, string>();
  private readonly timer: ReturnType<typeof setInterval>;
  private busy = false;

  private constructor(private readonly cdp: CDPSession) {
    this.timer = setInterval(() => void this.tick(), EVERY_MS);
  }

  static async start(browser: Browser): Promise<SharedWorkerResumer> {
    return new SharedWorkerResumer(await browser.newBrowserCDPSession());
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { targetInfos } = (await this.cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] };
      for (const target of targetInfos.filter((t) => t.type === 'shared_worker')) {
        let sessionId = this.sessions.get(target.targetId);
        if (!sessionId) {
          ({ sessionId } = (await this.cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string });
          this.sessions.set(target.targetId, sessionId);
        }
        // No answer awaited: a paused worker answers only once it runs.
        void this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Runtime.runIfWaitingForDebugger' }) }).catch(() => this.sessions.delete(target.targetId));
      }
    } catch {
      // The browser or a target went away meanwhile; the next tick starts over.
    } finally {
      this.busy = false;
    }
  }

  async dispose(): Promise<void> {
    clearInterval(this.timer);
    await this.cdp.detach().catch(() => undefined);
  }
}
