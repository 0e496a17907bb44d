/**
 * The working set, in both host modes: a device signed in once keeps every record of its sites, so
 * with the network gone straight after the first sync, list pages, a location filter and a search
 * never opened, and details never opened, still show, answered by the server's own rules.
 */
import type { Page } from '@playwright/test';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { chooseOption, closeActivityPanel, expect, openActivityPanel, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

/** Moves within the app as its own links do (no page load, which offline would need the service worker for). */
async function go(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

for (const mode of ['shared', 'dedicated'] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('offline straight after the first sync: pages, filters, searches and details never opened still show', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const yard = await api.createLocation(unique('Working Set Yard'));
      const tag = unique('Valve').replace(/\s+/g, '');
      const orders = [];
      for (let i = 0; i < 23; i++) orders.push(await api.createWorkOrder(yard.id, i % 4 === 0 ? `${tag} leaking ${i}` : `Bay door ${i} ${tag.slice(-4)}x`));
      const task = await api.createTask(yard.id, unique('Grease the rollers'));

      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await serviceWorkerReady(page);
      // The first sync has finished once the panel says what is saved.
      const panel = await openActivityPanel(page);
      await expect(panel.getByTestId('working-set')).toContainText(/Saved for offline: \d+ records/, { timeout: 30_000 });
      await closeActivityPanel(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();

      // Page 3 of the yard's orders (newest first: 23 orders, so 3 on it), never opened.
      await go(page, `/workorder-list?location=${yard.id}&page=3`);
      const cards = page.getByRole('list', { name: 'Work orders' }).getByRole('link');
      await expect(cards).toHaveCount(3);
      await expect(cards.first()).toContainText(orders[2]!.description);
      await expect(page.getByText("Showing saved work orders. We'll refresh when you're online again.")).toBeVisible();

      // A search never made: the orders whose description holds the tag.
      await go(page, `/workorder-list?q=${encodeURIComponent(tag.toLowerCase())}`);
      const matching = orders.filter((o) => o.description.startsWith(tag));
      await expect(cards).toHaveCount(matching.length);

      // A detail never opened.
      await go(page, `/workorder-detail/${orders[10]!.id}`);
      await expect(page.getByText(orders[10]!.description)).toBeVisible();

      // A task list filtered by the yard, and the task's detail, never opened.
      await go(page, `/maintenance-list?location=${yard.id}`);
      await expect(page.getByRole('link', { name: new RegExp(task.description.full_description) })).toBeVisible();
      await go(page, `/maintenance-detail/${task.id}`);
      await expect(page.getByText(task.description.full_description)).toBeVisible();
    });

    test('a claim queued offline reads Claimed with Pending sync in the list until the server answers', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const yard = await api.createLocation(unique('Queued View Yard'));
      const order = await api.createWorkOrder(yard.id, unique('Claim me offline'));
      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await serviceWorkerReady(page);
      await page.goto(`/workorder-list?location=${yard.id}`);
      const card = page.getByRole('link', { name: new RegExp(order.description) });
      await expect(card).toContainText('Pending');
      await expect(card).not.toContainText('Pending sync');

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();
      await card.click();
      await page.getByRole('button', { name: 'Claim' }).click();
      await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
      await expect(page.getByRole('button', { name: 'Pending sync' })).toBeDisabled();
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await expect(card.locator('.wo-status')).toHaveText('Claimed');
      await expect(card).toContainText('Pending sync');
      await expect(card).toContainText(/Owner: Sam Rivera/);

      await network.setOffline(false);
      await expect(card).not.toContainText('Pending sync', { timeout: 15_000 });
      await expect(card.locator('.wo-status')).toHaveText('Claimed');
      expect((await api.workOrder(order.id)).status).toBe('Claimed');
    });

    test('a work order created offline shows at the top of its list, Pending sync, until it is sent', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const yard = await api.createLocation(unique('Queued Create Yard'));
      await api.createWorkOrder(yard.id, unique('Older order'));
      const description = unique('Grease trap overflowing');
      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await serviceWorkerReady(page);
      await page.goto('/workorder-create');
      await chooseOption(page, 'Location', yard.name);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();
      await page.getByLabel('Description').fill(description);
      await page.getByRole('button', { name: 'Create Work Order' }).click();
      await expect(page).toHaveURL(/\/workorder-home\/$/);
      await go(page, `/workorder-list?location=${yard.id}`);
      const waiting = page.getByRole('list', { name: 'Work orders waiting to be sent' }).getByRole('listitem');
      await expect(waiting).toHaveCount(1);
      await expect(waiting).toContainText(description);
      await expect(waiting).toContainText('Pending sync');
      await expect(waiting).toContainText(yard.name);
      // Another location's list, or a search it does not match, does not show it.
      await go(page, `/workorder-list?location=${yard.id}&q=nomatchwhatsoever`);
      await expect(page.getByRole('list', { name: 'Work orders waiting to be sent' })).toHaveCount(0);
      await go(page, `/workorder-list?location=${yard.id}&q=${encodeURIComponent('grease TRAP')}`);
      await expect(waiting).toHaveCount(1);

      await network.setOffline(false);
      await expect(page.getByRole('list', { name: 'Work orders waiting to be sent' })).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByRole('list', { name: 'Work orders' }).getByRole('link', { name: new RegExp(description) })).toBeVisible();
      expect(await api.findWorkOrders(description)).toHaveLength(1);
    });

    test('a device database the browser deleted is noticed once, and rebuilt after signing in again', async ({ page, context, baseURL }) => {
      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      const panel = await openActivityPanel(page);
      await expect(panel.getByTestId('working-set')).toContainText(/Saved for offline: \d+ records/, { timeout: 30_000 });
      await closeActivityPanel(page);

      // What the browser does under storage pressure: the origin's IndexedDB goes, open connections are closed.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL!).origin, storageTypes: 'indexeddb' });
      await expect(toast(page, /This browser removed the data saved on this device\./)).toHaveCount(1, { timeout: 15_000 });
      await expect(page).toHaveURL(/\/login/);

      await signIn(page, SUPERVISOR);
      const again = await openActivityPanel(page);
      await expect(again.getByTestId('working-set')).toContainText(/Saved for offline: \d+ records/, { timeout: 30_000 });
    });
  });
}
