/**
 * The three measured flows, one signed-in supervisor, the page's CPU throttled, the data worker's
 * network really cut (tests/helpers/e2e-network.ts):
 *   1. the work-order list from the saved cache: a reload on the list, then opening it in-app;
 *   2. a detail opened by clicking a card (saved data);
 *   3. 100 actions queued offline, then the network restored and the queue flushed; twice, to
 *      tell the cost of the flush itself from the cost of watching it: 100 claims while the user
 *      stays on the list and presses Tab now and then (the panel closed), then 100 unclaims of the
 *      same orders while the user opens and closes the Offline Activity panel (the 100 synced
 *      claims stay listed in it, spec: synced items stay visible for an hour).
 */
import type { Browser, Page } from '@playwright/test';
import type { WorkOrder } from '../shared/api/workorders.js';
import { OFFLINE_BANNERS } from '../shared/data/messages.js';
import { badgeCount } from '../src-ui/format/display.js';
import type { HttpClient } from '../tests/helpers/e2e-api.js';
import { SUPERVISOR } from '../tests/helpers/e2e-api.js';
import { activityBadge, expect, serviceWorkerReady, signIn, topNav } from '../tests/helpers/e2e-app.js';
import { NetworkControl } from '../tests/helpers/e2e-network.js';
import { drain, installProbe, summarise, throttleCpu, type FlowFigures } from './client-probe.js';
import type { CountingProxy } from './client-proxy.js';
import { queueThroughWorker, type QueuedAction } from '../tests/helpers/e2e-worker-port.js';
import { SharedWorkerResumer } from './client-worker-resume.js';

const SAVED_LIST_BANNER = OFFLINE_BANNERS.workorderList;
const SAVED_TASKS_BANNER = OFFLINE_BANNERS.tasks;
const SAVED_DATA_BANNER = OFFLINE_BANNERS.savedData;
/**
 * What the measured steps wait for and click is found with CSS selectors and text filters, not
 * Playwright's role queries: a role query computes the accessibility of the whole page inside the
 * page's main thread, each time Playwright polls it, and under the 6× throttle that alone made
 * long tasks of 100–800 ms that the figures then counted as the app's.
 */
const heading = (page: Page, name: RegExp) => page.locator('h1', { hasText: name });
const link = (page: Page, name: string) => page.locator('a', { hasText: name });
/** An asset's detail is shown once its Move Asset button is. */
const assetShown = (page: Page) => page.locator('button', { hasText: 'Move Asset' });
const notice = (page: Page, text: string) => page.locator('.notice', { hasText: text });
const FLUSH_TIMEOUT_MS = 180_000;
/** Generous: the machine is shared, and the page runs 6× slower on purpose. */
const STEP_TIMEOUT_MS = 60_000;

export interface FlushFigures extends FlowFigures {
  action: QueuedAction;
  queued: Record<string, number>;
  /** Requests for this action that reached the server during the flush (exactly once each: as many as queued). */
  requests: number;
  /** First to last of those requests at the server: the flush itself, apart from the tab. */
  sendingMs: number;
  /** From the last request's answer to the badge leaving the page (spec: within 1 s). */
  badgeAfterLastAnswerMs: number;
  /** Orders in the state the action leads to, checked through the API afterwards. */
  settledOnServer: number;
  interactions: number;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = Date.now();
  const value = await run();
  return { ms: Date.now() - start, value };
}

async function listFromCacheShown(page: Page): Promise<void> {
  await expect(notice(page, SAVED_LIST_BANNER)).toBeVisible({ timeout: STEP_TIMEOUT_MS });
  await expect(page.locator('.wo-card').first()).toBeVisible({ timeout: STEP_TIMEOUT_MS });
}

type Interact = (page: Page) => Promise<void>;

/** A key press that moves the focus: its delay is the main thread's business, nothing else. */
const pressTab: Interact = async (page) => {
  await page.keyboard.press('Tab');
  await page.waitForTimeout(700);
};

const openAndCloseThePanel: Interact = async (page) => {
  await page.locator('.offline-activity-button').click();
  await page.locator('.activity-panel').waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await page.waitForTimeout(700);
  await page.keyboard.press('Escape');
  await page.locator('.activity-panel').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  await page.waitForTimeout(700);
};

/** Repeats `interact` until the badge is gone (nothing left to send); returns how many times. */
async function interactUntilFlushed(page: Page, interact: Interact): Promise<number> {
  const deadline = Date.now() + FLUSH_TIMEOUT_MS;
  let times = 0;
  while ((await activityBadge(page).count()) > 0) {
    if (Date.now() > deadline) throw new Error(`queue not flushed within ${FLUSH_TIMEOUT_MS / 1000} s`);
    await interact(page);
    times++;
  }
  return times;
}

interface FlushSetup {
  page: Page;
  proxy: CountingProxy;
  network: NetworkControl;
  api: HttpClient;
  workerPath: string;
}

/** Offline: queue `action` for each order; then back online, interacting until the queue is empty. */
async function measureFlush(setup: FlushSetup, action: QueuedAction, ids: number[], interact: Interact, label: string, note: string): Promise<FlushFigures> {
  const { page, proxy, network, api } = setup;
  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible({ timeout: STEP_TIMEOUT_MS });
  const queued = await queueThroughWorker(page, setup.workerPath, action, ids);
  // The tab shows every queued action (the UI's own format, "99+" past the cap).
  await expect(activityBadge(page)).toHaveText(badgeCount(ids.length), { timeout: STEP_TIMEOUT_MS });
  await drain(page);
  // The moment the badge leaves the DOM, seen from inside the page rather than between interactions.
  await page.evaluate(() => {
    const w = window as Window & { __badgeGoneAt?: number | null };
    w.__badgeGoneAt = null;
    const observer = new MutationObserver(() => {
      if (document.querySelector('.offline-activity-badge')) return;
      w.__badgeGoneAt = Date.now();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const start = Date.now();
  const run = await timed(async () => {
    await network.setOffline(false);
    return interactUntilFlushed(page, interact);
  });
  const figures = summarise(label, run.ms, await drain(page), note);
  const sent = proxy.matching('POST', new RegExp(`^/api/v1/workorders/\\d+/${action}/$`), start);
  const badgeGoneAt = await page.evaluate(() => (window as Window & { __badgeGoneAt?: number | null }).__badgeGoneAt ?? null);
  const lastAnswerAt = Math.max(0, ...sent.map((r) => r.answeredAt));
  if (badgeGoneAt === null || lastAnswerAt === 0) throw new Error('the badge or the last answer was not seen');
  const expected = action === 'claim' ? 'Claimed' : 'Pending';
  let settledOnServer = 0;
  for (const id of ids) if ((await api.workOrder(id)).status === expected) settledOnServer++;
  return {
    ...figures,
    action,
    queued,
    requests: sent.length,
    sendingMs: sent.length ? sent[sent.length - 1]!.startedAt - sent[0]!.startedAt : 0,
    badgeAfterLastAnswerMs: badgeGoneAt - lastAnswerAt,
    settledOnServer,
    interactions: run.value,
  };
}

export async function measureFlows(
  browser: Browser,
  proxy: CountingProxy,
  opts: { cpuRate: number; api: HttpClient; orders: WorkOrder[]; workerPath: string; actions: number },
): Promise<{ flows: FlowFigures[]; flushes: FlushFigures[] }> {
  const context = await browser.newContext({ baseURL: proxy.baseURL, serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } });
  const resumer = await SharedWorkerResumer.start(browser);
  const network = await NetworkControl.start(browser, context);
  try {
    await installProbe(context);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);

    // Online, unthrottled: sign in, visit the list once so it is saved, let the service worker take over.
    await signIn(page, SUPERVISOR);
    await page.goto('/workorder-list');
    await expect(page.locator('.wo-card').first()).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    // The task list and a task, saved for the offline flows below.
    await page.goto('/maintenance-list');
    await page.locator('.task-card').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Task #\d+$/ })).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    // The asset list and an asset (an area built on the kit after tasks), saved likewise.
    await page.goto('/asset-list');
    await page.locator('.wo-card').first().click();
    await expect(assetShown(page)).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    await page.goto('/workorder-list');
    await expect(page.locator('.wo-card').first()).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    await serviceWorkerReady(page);
    // The service worker takes no page it did not load (no clients.claim): the next load is its.
    await page.reload();
    await expect(page.locator('.wo-card').first()).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: STEP_TIMEOUT_MS }).toBe(true);

    await network.setOffline(true);
    await throttleCpu(page, opts.cpuRate);
    const flows: FlowFigures[] = [];

    // 1a. Reload on the list: shell and scripts from the service worker, the list from the saved cache.
    await drain(page);
    const reload = await timed(async () => {
      await page.reload();
      await listFromCacheShown(page);
    });
    flows.push(summarise('List from cache: reload on /workorder-list', reload.ms, await drain(page), 'cold start: parse and run the app, restart the data worker'));
    // The figures are for the shared mode; a tab that fell back to a dedicated worker would skew them.
    const mode = await page.locator('.app').getAttribute('data-host-mode');
    if (mode !== 'shared') throw new Error(`after the reload the tab runs a ${mode} worker, not the SharedWorker`);

    // 1b. In the running app: Back to the work-order home, then "Active Work Orders".
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await link(page, 'Active Work Orders').waitFor();
    await drain(page);
    const openList = await timed(async () => {
      await link(page, 'Active Work Orders').click();
      await listFromCacheShown(page);
    });
    flows.push(summarise('List from cache: open in-app', openList.ms, await drain(page)));

    // 2. A detail, by clicking the first card.
    const firstCard = page.locator('.wo-card').first();
    await drain(page);
    const openDetail = await timed(async () => {
      await firstCard.click();
      await expect(heading(page, /^Work Order #\d+$/)).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    });
    flows.push(summarise('Open a detail (saved data)', openDetail.ms, await drain(page)));

    // 2b. The task list and a task detail, in-app from Home, both from saved data.
    await topNav(page).getByRole('link', { name: 'Home' }).click();
    await link(page, 'Preventative Maintenance').waitFor();
    await drain(page);
    const openTasks = await timed(async () => {
      await link(page, 'Preventative Maintenance').click();
      await expect(notice(page, SAVED_TASKS_BANNER)).toBeVisible({ timeout: STEP_TIMEOUT_MS });
      await expect(page.locator('.task-card').first()).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    });
    flows.push(summarise('Task list from cache: open in-app', openTasks.ms, await drain(page)));
    const openTask = await timed(async () => {
      await page.locator('.task-card').first().click();
      await expect(heading(page, /^Task #\d+$/)).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    });
    flows.push(summarise('Open a task (saved data)', openTask.ms, await drain(page)));

    // 2c. The asset list and an asset, in-app from the inventory home, both from saved data.
    await topNav(page).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('link', { name: 'Inventory' }).click();
    await link(page, 'Assets').waitFor();
    await drain(page);
    const openAssets = await timed(async () => {
      await link(page, 'Assets').click();
      await expect(notice(page, SAVED_DATA_BANNER)).toBeVisible({ timeout: STEP_TIMEOUT_MS });
      await expect(page.locator('.wo-card').first()).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    });
    flows.push(summarise('Asset list from cache: open in-app', openAssets.ms, await drain(page)));
    const openAsset = await timed(async () => {
      await page.locator('.wo-card').first().click();
      await expect(assetShown(page)).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    });
    flows.push(summarise('Open an asset (saved data)', openAsset.ms, await drain(page)));

    // 3. Two flushes of queued actions, from the work-order list.
    await topNav(page).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('link', { name: 'Work Orders' }).click();
    await page.getByRole('link', { name: 'Active Work Orders' }).click();
    await listFromCacheShown(page);
    const ids = opts.orders.filter((o) => o.status === 'Pending').slice(0, opts.actions).map((o) => o.id);
    const setup: FlushSetup = { page, proxy, network, api: opts.api, workerPath: opts.workerPath };
    const flushes = [
      await measureFlush(setup, 'claim', ids, pressTab, `Flush ${ids.length} queued claims, panel closed`, 'Tab pressed every 0.7 s'),
      await measureFlush(setup, 'unclaim', ids, openAndCloseThePanel, `Flush ${ids.length} queued unclaims, panel in use`, 'Offline Activity panel opened and closed'),
    ];
    flows.push(...flushes);
    return { flows, flushes };
  } finally {
    await network.dispose();
    await resumer.dispose();
    await context.close();
  }
}
