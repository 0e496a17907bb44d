/**
 * Background server hits: heartbeats (POST monitoring/heartbeat/), version checks (GET
 * monitoring/version/) and service-worker update checks (GET /sw.js), counted by a proxy of the
 * scenario's own (so scenarios can run side by side without mixing their counts), over a fixed
 * real-time window that starts with a fresh browser context: the sign-in and every tab's start-up
 * are inside it. Every tab is then made hidden and visible again at a fixed pace (headless tabs
 * are always visible, so the page's visibility is emulated and the app's own listener reacts).
 *
 * The worker's timers (heartbeat 5 min, version check 10 min) cannot be shortened from outside,
 * and page.clock does not reach workers, so the hourly figure is worked out from the intervals in
 * shared/constants.ts; the window shows whether start-up and visibility multiply with the tabs.
 */
import type { Browser, Page } from '@playwright/test';
import { SUPERVISOR } from '../tests/helpers/e2e-api.js';
import { host, signIn } from '../tests/helpers/e2e-app.js';
import { installNameShim } from './client-probe.js';
import { CountingProxy } from './client-proxy.js';

export const HEARTBEAT_PATH = '/api/v1/monitoring/heartbeat/';
export const VERSION_PATH = '/api/v1/monitoring/version/';

export interface BackgroundScenario {
  label: string;
  tabs: number;
  /** Fallback mode: SharedWorker removed, a dedicated worker per tab. */
  fallback: boolean;
}

export interface BackgroundFigures extends BackgroundScenario {
  windowS: number;
  visibilityRounds: number;
  hostModes: string[];
  heartbeats: number;
  versionChecks: number;
  swChecks: number;
}

const OPEN_TIMEOUT_MS = 90_000;

async function openTab(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Connected to its data worker: the shell shows the host mode only then.
  await page.locator('.app[data-host-mode]').waitFor({ state: 'attached', timeout: OPEN_TIMEOUT_MS });
}

/** Hidden, then visible again: what switching away from a tab and back does. */
function flipVisibility(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const show = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    show('hidden');
    await new Promise((resolve) => setTimeout(resolve, 200));
    show('visible');
  });
}

export async function measureBackground(browser: Browser, serverPort: number, scenario: BackgroundScenario, windowMs: number, flipEveryMs: number): Promise<BackgroundFigures> {
  const proxy = await CountingProxy.start(serverPort);
  const context = await browser.newContext({ baseURL: proxy.baseURL, serviceWorkers: 'allow' });
  try {
    await installNameShim(context);
    if (scenario.fallback) {
      await context.addInitScript(() => {
        delete (window as { SharedWorker?: unknown }).SharedWorker;
      });
    }
    const start = Date.now();
    const end = start + windowMs;
    const first = await context.newPage();
    first.setDefaultTimeout(OPEN_TIMEOUT_MS);
    await signIn(first, SUPERVISOR);
    const others = await Promise.all(Array.from({ length: scenario.tabs - 1 }, () => context.newPage()));
    await Promise.all(others.map((page) => openTab(page, '/workorder-home')));
    const pages = [first, ...others];
    const hostModes = await Promise.all(pages.map(async (page) => (await host(page)).mode ?? 'none'));

    let rounds = 0;
    for (let at = start + flipEveryMs; at + 1_000 < end; at += flipEveryMs) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      await Promise.all(pages.map(flipVisibility));
      rounds++;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now())));
    return {
      ...scenario,
      windowS: windowMs / 1000,
      visibilityRounds: rounds,
      hostModes,
      heartbeats: proxy.count('POST', HEARTBEAT_PATH, start, end),
      versionChecks: proxy.count('GET', VERSION_PATH, start, end),
      swChecks: proxy.count('GET', '/sw.js', start, end),
    };
  } finally {
    await context.close();
    await proxy.close();
  }
}
