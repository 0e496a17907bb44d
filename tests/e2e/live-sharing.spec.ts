/**
 * The live stream and the working set across tabs and connections, in both host modes, on a server
 * of the test's own whose /metrics counts open streams and pulls without other tests' traffic:
 * - five tabs of one browser hold one stream, and a change made elsewhere reaches all five with one
 *   pull (fetched once per browser, not once per tab);
 * - changes made while the browser was offline show within seconds of the connection's return;
 * - a user whose full access is revoked keeps only what they may still read after the next pull.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AdminUser } from '../../shared/api/admin';
import type { Page as ApiPage } from '../../shared/api/common';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { closeActivityPanel, expect, openActivityPanel, signIn, test } from '../helpers/e2e-app';
import { NetworkControl } from '../helpers/e2e-network';
import { contextOn, startSite, type Site } from '../helpers/e2e-site';

const METRICS_TOKEN = randomBytes(24).toString('hex');

/** The sum of a metric's series whose labels include `labels` (e.g. `route="/api/v1/sync/"`). */
async function metric(site: Site, name: string, labels = ''): Promise<number> {
  const res = await fetch(`${site.baseURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  let sum = 0;
  for (const line of (await res.text()).split('\n')) {
    const match = /^([a-z_]+)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (match?.[1] === name && (match[2] ?? '').includes(labels)) sum += Number(match[3]);
  }
  return sum;
}

/** Pulls answered so far, once none has been answered for a while (the count has settled). */
async function settledPulls(site: Site): Promise<number> {
  const pulls = () => metric(site, 'cmms_http_requests_total', 'route="/api/v1/sync/"');
  let last = await pulls();
  for (;;) {
    await new Promise((r) => setTimeout(r, 1_500));
    const now = await pulls();
    if (now === last) return now;
    last = now;
  }
}

async function browserOn(browser: Browser, site: Site, mode: 'shared' | 'dedicated'): Promise<BrowserContext> {
  const context = await contextOn(browser, site);
  if (mode === 'dedicated') {
    await context.addInitScript(() => {
      delete (window as { SharedWorker?: unknown }).SharedWorker;
    });
  }
  return context;
}

/** What the Offline Activity panel says is saved: the number of records, once a sync has finished. */
async function savedRecords(page: Page): Promise<number> {
  const panel = await openActivityPanel(page);
  const line = panel.getByTestId('working-set');
  await expect(line).toContainText(/Saved for offline: \d+ records/, { timeout: 30_000 });
  const count = Number(/Saved for offline: (\d+) records/.exec((await line.textContent()) ?? '')?.[1]);
  await closeActivityPanel(page);
  return count;
}

const card = (page: Page, description: string) => page.getByRole('link', { name: new RegExp(description) });

for (const mode of ['shared', 'dedicated'] as const) {
  test.describe(`${mode} worker`, () => {
    test('five tabs share one stream, and a change is fetched once for all of them', async ({ browser }) => {
      const site = await startSite({ METRICS_TOKEN });
      try {
        const api = await HttpClient.signIn(SUPERVISOR, site.baseURL);
        const yard = await api.createLocation(unique('Shared Yard'));
        const order = await api.createWorkOrder(yard.id, unique('Shared stream order'));
        const context = await browserOn(browser, site, mode);
        const tabs = [await context.newPage()];
        await signIn(tabs[0]!, SUPERVISOR);
        await expect(tabs[0]!.locator('.app')).toHaveAttribute('data-host-mode', mode);
        while (tabs.length < 5) tabs.push(await context.newPage());
        for (const tab of tabs) {
          await tab.goto(`/workorder-list?location=${yard.id}`);
          await expect(card(tab, order.description)).toContainText('Pending');
        }
        await expect.poll(() => metric(site, 'cmms_sync_streams_open'), { timeout: 15_000 }).toBe(1);
        const before = await settledPulls(site);

        await api.claim(order.id);
        for (const tab of tabs) await expect(card(tab, order.description)).toContainText('Claimed', { timeout: 5_000 });
        expect((await settledPulls(site)) - before).toBe(1);
        expect(await metric(site, 'cmms_sync_streams_open')).toBe(1);
        await context.close();
      } finally {
        await site.close();
      }
    });

    test('changes made while the browser was offline show within seconds of reconnecting', async ({ browser }) => {
      const site = await startSite({ METRICS_TOKEN });
      try {
        const api = await HttpClient.signIn(SUPERVISOR, site.baseURL);
        const yard = await api.createLocation(unique('Reconnect Yard'));
        const order = await api.createWorkOrder(yard.id, unique('Door stuck open'));
        const context = await browserOn(browser, site, mode);
        const network = await NetworkControl.start(browser, context);
        try {
          const page = await context.newPage();
          await signIn(page, SUPERVISOR);
          await page.goto(`/workorder-list?location=${yard.id}`);
          await expect(card(page, order.description)).toContainText('Pending');
          await savedRecords(page);

          await network.setOffline(true);
          await expect(page.getByText('Offline mode')).toBeVisible();
          await api.claim(order.id);
          const created = await api.createWorkOrder(yard.id, unique('Reported while away'));
          // Nothing reaches a browser without a connection.
          await page.waitForTimeout(1_500);
          await expect(card(page, order.description).locator('.wo-status')).toHaveText('Pending');

          await network.setOffline(false);
          await expect(card(page, order.description).locator('.wo-status')).toHaveText('Claimed', { timeout: 10_000 });
          await expect(card(page, created.description)).toBeVisible({ timeout: 10_000 });
        } finally {
          await network.dispose();
          await context.close();
        }
      } finally {
        await site.close();
      }
    });
  });
}

test('a user whose full access is revoked keeps only what they may still read', async ({ browser }) => {
  const site = await startSite({ METRICS_TOKEN });
  try {
    const admin = await HttpClient.signIn(SUPERVISOR, site.baseURL);
    const found = await admin.request<ApiPage<AdminUser>>('GET', `/admin/users/?search=${encodeURIComponent(TECHNICIAN.email)}`);
    const technician = found.body.results.find((u) => u.email === TECHNICIAN.email)!;
    expect((await admin.request('PATCH', `/admin/users/${technician.id}/`, { full_feature_access: true })).status).toBe(200);

    const context = await contextOn(browser, site);
    const page = await context.newPage();
    await signIn(page, TECHNICIAN);
    const withFullAccess = await savedRecords(page);
    await expect.poll(() => metric(site, 'cmms_sync_streams_open'), { timeout: 15_000 }).toBe(1);

    expect((await admin.request('PATCH', `/admin/users/${technician.id}/`, { full_feature_access: false })).status).toBe(200);
    // Any change is hinted; the pull it brings is answered in the narrower scope.
    await admin.createWorkOrder((await admin.createLocation(unique('Revoked Yard'))).id, unique('After the revocation'));
    await expect.poll(() => savedRecords(page), { timeout: 15_000 }).toBeLessThan(withFullAccess);
    await context.close();
  } finally {
    await site.close();
  }
});
