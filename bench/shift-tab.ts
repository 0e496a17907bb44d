/**
 * The DevTools session of the shift's own on each tab: the CPU throttle, and the tab's network
 * condition kept in step with tests/helpers/e2e-network.ts.
 *
 * Why the network too (seen here, Chromium 156, Playwright 1.65): once a second CDP session is
 * attached to a page (the one that throttles its CPU), a reload of that page while the context is
 * offline comes back with `navigator.onLine` true in the page and in its dedicated worker, though
 * requests still fail: Playwright's offline emulation no longer holds for the new document. In
 * fallback mode the data worker then believes it is online and retries the queue all shift long,
 * each failure lengthening the item's backoff, so the flush afterwards waits up to a minute. With
 * this session emulating the same condition, the reloaded page stays offline as a real one would.
 */
import type { CDPSession, Page } from '@playwright/test';
import type { NetworkControl } from '../tests/helpers/e2e-network.js';

export class TabSession {
  private constructor(
    readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async attach(page: Page, cpuRate: number, offline: boolean): Promise<TabSession> {
    const cdp = await page.context().newCDPSession(page);
    const tab = new TabSession(page, cdp);
    await cdp.send('Network.enable');
    await tab.setOffline(offline);
    await tab.setCpuRate(cpuRate);
    return tab;
  }

  setCpuRate(rate: number): Promise<unknown> {
    return this.cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }

  setOffline(offline: boolean): Promise<unknown> {
    return this.cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  }

  async detach(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}

/** The network of the whole context (SharedWorkers, pages, dedicated and service workers) and of every throttled tab. */
export class ShiftNetwork {
  readonly tabs = new Set<TabSession>();
  offline = false;

  constructor(private readonly control: NetworkControl) {}

  async setOffline(offline: boolean): Promise<void> {
    this.offline = offline;
    await this.control.setOffline(offline);
    for (const tab of this.tabs) {
      if (tab.page.isClosed()) this.tabs.delete(tab);
      else await tab.setOffline(offline);
    }
  }

  async throttle(page: Page, cpuRate: number): Promise<TabSession> {
    const tab = await TabSession.attach(page, cpuRate, this.offline);
    this.tabs.add(tab);
    return tab;
  }
}
