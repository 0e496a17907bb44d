/**
 * JavaScript loaded before the first screen: a first visit (empty cache, no service worker) to the
 * landing page, counting every script the proxy served (page, data worker, service worker) from
 * the navigation until the landing heading is rendered. The server sends them uncompressed, so
 * the gzip figure is each body as served, gzipped here at the default level.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { PRODUCT_NAME } from '../shared/constants.js';
import type { CountingProxy } from './client-proxy.js';
import { drain, installProbe, summarise, throttleCpu, type FlowFigures } from './client-probe.js';

export const FIRST_SCREEN_AFTER_S = 3;
const AFTER_MS = FIRST_SCREEN_AFTER_S * 1000;

export interface ScriptLoad {
  path: string;
  dest: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstScreenFigures {
  /** Navigation start to the landing heading in the DOM (under the 2 s splash). */
  renderedMs: number;
  scripts: ScriptLoad[];
  /** Scripts fetched in the few seconds after it (the data worker may start only then). */
  later: ScriptLoad[];
  /** Long tasks of that first load. */
  load: FlowFigures;
}

export async function measureFirstScreen(browser: Browser, proxy: CountingProxy, cpuRate: number): Promise<FirstScreenFigures> {
  const context = await browser.newContext({ baseURL: proxy.baseURL, serviceWorkers: 'allow' });
  try {
    await installProbe(context);
    const page = await context.newPage();
    await throttleCpu(page, cpuRate);
    const start = Date.now();
    await page.goto('/');
    await page.locator('.app h1', { hasText: PRODUCT_NAME }).waitFor({ state: 'visible', timeout: 60_000 });
    const rendered = Date.now();
    const load = summarise('First visit: landing page', rendered - start, await drain(page));
    // Lets responses still streaming finish, and shows what the app fetches right after.
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    const loads = (from: number, to: number) =>
      proxy.requests
        .filter((r) => r.startedAt >= from && r.startedAt < to && r.body !== null)
        .map((r) => ({ path: r.path, dest: r.dest, bytes: r.bytes, gzipBytes: gzipSync(r.body!).length }));
    return { renderedMs: rendered - start, scripts: loads(start, rendered + 1), later: loads(rendered + 1, Date.now()), load };
  } finally {
    await context.close();
  }
}
