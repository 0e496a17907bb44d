/**
 * Language benchmark (docs/i18n.md): how long the top bar's English / Español chooser takes to
 * redraw an open screen, on a handheld-sized page with the CPU throttled 6× through the DevTools
 * protocol. A technician signs in, opens the work-order list (a page of cards) and switches
 * language; each switch is timed in the page from the choice to the first frame painted after the
 * screen's texts changed (two animation frames after the top bar's "Offline Activity" says the new
 * language). The first switch to Spanish loads its catalogue (from the service worker's precache);
 * the rest switch between loaded catalogues. Long tasks during the switches are counted.
 *
 *   npm run bench:language [-- --cpu 6 --switches 10]   (BENCH_LANGUAGE_FRAMES=1: the slowest frames' scripts)
 *
 * Needs dist/ (built when missing; rebuild it yourself when stale). Aim: under 200 ms.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { TECHNICIAN } from '../tests/helpers/e2e-api';
import { drain, installNameShim, installProbe, throttleCpu } from './client-probe.js';
import { ensureBuild, seedWorkOrders, startServer } from './client-server.js';

const { values } = parseArgs({ options: { cpu: { type: 'string', default: '6' }, switches: { type: 'string', default: '10' } } });
const CPU_RATE = Number(values.cpu);
const SWITCHES = Number(values.switches);
const ms = (n: number) => `${Math.round(n)} ms`;
const log = (text: string) => console.error(`[bench:language] ${text}`);

/** The English and Spanish words of the top bar's queue button: the switch is drawn when it changes. */
const OFFLINE_ACTIVITY: Record<string, string> = { en: 'Offline Activity', es: 'Actividad sin conexión' };

/** Chooses `language` in the top bar; resolves with the milliseconds until the new texts are painted. */
function switchTo(page: Page, language: string): Promise<number> {
  return page.evaluate(
    ({ language, label }) =>
      new Promise<number>((resolve) => {
        const select = document.querySelector<HTMLSelectElement>('.language-chooser select')!;
        const shown = () => document.querySelector('.offline-activity-label')?.textContent === label;
        const start = performance.now();
        // React reads a select's value through its own tracker: set it the way a user's choice does.
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, language);
        select.dispatchEvent(new Event('change', { bubbles: true }));
        const wait = () => {
          if (!shown()) return requestAnimationFrame(wait);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
        };
        wait();
      }),
    { language, label: OFFLINE_ACTIVITY[language]! },
  );
}

async function main(): Promise<void> {
  ensureBuild();
  log('starting the server');
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await seedWorkOrders(40);
    const context = await browser.newContext({ baseURL: server.env.baseURL, viewport: { width: 412, height: 915 }, serviceWorkers: 'allow' });
    await installNameShim(context);
    await installProbe(context);
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[type="email"]').fill(TECHNICIAN.email);
    await page.locator('input[type="password"]').fill(TECHNICIAN.password);
    await page.getByRole('main').locator('button[type="submit"]').click();
    await page.waitForURL(/\/workorder-home$/);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto('/workorder-list');
    await page.locator('.wo-card').first().waitFor();
    await page.waitForTimeout(2_000);
    await throttleCpu(page, CPU_RATE);
    await drain(page);

    log(`switching ${SWITCHES + 1} times, CPU ${CPU_RATE}× slower`);
    // Each switch measured alone: the page settles (the worker's answer, the account's save,
    // `<html lang>`) before the next.
    const settle = () => page.waitForTimeout(1_500);
    const first = await switchTo(page, 'es');
    await settle();
    const rest: number[] = [];
    for (let i = 0; i < SWITCHES; i++) {
      rest.push(await switchTo(page, i % 2 === 0 ? 'en' : 'es'));
      await settle();
    }
    const { longTasks, frames } = await drain(page);
    if (process.env.BENCH_LANGUAGE_FRAMES) {
      for (const f of [...frames].sort((a, b) => b.duration - a.duration).slice(0, 6)) console.log(Math.round(f.duration), JSON.stringify(f.scripts.map((x) => [x.invoker, x.source, Math.round(x.duration)])));
    }
    if ((await page.evaluate(() => document.documentElement.lang)) !== (SWITCHES % 2 === 0 ? 'es' : 'en')) throw new Error('the page did not end in the language last chosen');

    const sorted = [...rest].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const max = sorted[sorted.length - 1] ?? 0;
    console.log(`\n| switch (CPU ${CPU_RATE}× slower, work-order list, 412×915) | time to the painted frame | aim |`);
    console.log('|---|---:|---|');
    console.log(`| first to Español (loads its catalogue) | ${ms(first)} | under 200 ms${first < 200 ? ' (met)' : ' (not met)'} |`);
    console.log(`| later switches, median of ${SWITCHES} | ${ms(median)} | under 200 ms${median < 200 ? ' (met)' : ' (not met)'} |`);
    console.log(`| later switches, slowest | ${ms(max)} | |`);
    console.log(`\nLong tasks over all switches: ${longTasks.length}${longTasks.length ? ` (longest ${ms(Math.max(...longTasks.map((t) => t.duration)))})` : ''}.`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
