/**
 * What the work costs in the browser (docs/decisions.md: What the work costs), in both worker host
 * modes. Offline, on a claimed order: a timer started, the page reloaded, the timer stopped, two
 * units of a part issued (its unit cost set through Edit Costs), the order completed; after
 * reconnecting the server has one labour entry at the user's rate of then and one issue of two at the unit
 * cost, the part is two lower, its ledger names the order, the order's costs add up, and nothing
 * was sent twice. Then two devices each issue the last unit of a part offline: both are applied, the
 * part goes below zero and shows short above the part list. axe in both themes.
 */
import type { Page as ApiPage } from '../../shared/api/common';
import type { LabourEntry } from '../../shared/api/labour';
import type { Location } from '../../shared/api/locations';
import type { Part } from '../../shared/api/parts';
import type { StockEntry, WorkOrderPart } from '../../shared/api/stock-ledger';
import type { WorkOrder } from '../../shared/api/workorders';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import type { Page } from '@playwright/test';
import { activityBadge, closeActivityPanel, expect, openActivityPanel, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';
import { NetworkControl } from '../helpers/e2e-network';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';

// axe is injected as a script tag (tests/helpers/e2e-axe.ts).
test.use({ bypassCSP: true });

/** The demo's North Parts Depot and its parts (the parts list test counts the other depot's). */
async function depotParts(api: HttpClient): Promise<{ depot: Location; parts: Part[] }> {
  for (let page = 1; ; page++) {
    const answer = (await api.request<ApiPage<Location>>('GET', `/locations/?page=${page}`)).body;
    const depot = answer.results.find((l) => l.name.includes('North Parts Depot'));
    if (depot) return { depot, parts: (await api.request<ApiPage<Part>>('GET', `/parts/list/?location=${depot.id}`)).body.results };
    if (!answer.next) throw new Error('The demo data has no North Parts Depot.');
  }
}

/** Issues units of a part through Use Part on the open order's detail. */
async function usePart(page: Page, part: Part, quantity: number): Promise<void> {
  const section = page.locator('.parts-used');
  await section.getByRole('button', { name: 'Use Part' }).click();
  const dialog = page.getByRole('dialog', { name: 'Use Part' });
  await dialog.locator('.p-dropdown', { has: page.getByRole('textbox', { name: 'Part', exact: true }) }).click();
  await page.getByRole('option', { name: new RegExp(`\\(${part.item_number}\\)`) }).click();
  await dialog.getByLabel('Quantity').fill(String(quantity));
  await dialog.getByRole('button', { name: 'Use Part' }).click();
  await expect(toast(page, "You're offline. We'll issue this part once the connection returns.")).toBeVisible();
  await expect(dialog).toBeHidden();
}

for (const [index, mode] of (['shared', 'dedicated'] as const).entries()) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('offline: a timer across a reload, two units issued, the order completed; after reconnecting each reached the server once and the costs add up', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const { depot, parts } = await depotParts(api);
      const part = parts[index]!;
      const order = await api.createWorkOrder(depot.id, unique('Rebuild the pump'));
      await api.claim(order.id);
      const before = (await api.request<Part>('GET', `/parts/${part.id}/`)).body.quantity;

      // Edit Costs on the part's detail (online).
      await signIn(page, SUPERVISOR);
      await page.goto(`/part-detail/${part.id}`);
      await page.getByRole('button', { name: 'Edit Costs' }).click();
      const costs = page.getByRole('dialog', { name: 'Part Costs' });
      await costs.getByLabel('Unit Cost').fill('-1');
      await costs.getByRole('button', { name: 'Save' }).click();
      await expect(costs.getByText('Ensure this value is greater than or equal to 0.')).toBeVisible();
      await costs.getByLabel('Unit Cost').fill('12.5');
      await costs.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, "The part's costs were saved.")).toBeVisible();
      await expect(page.locator('.detail-grid').getByText('$12.50')).toBeVisible();

      await page.goto(`/workorder-detail/${order.id}`);
      const section = page.locator('.parts-used');
      const labour = page.locator('.labour-section');
      await expect(section.getByText('No parts used yet.')).toBeVisible();
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();
      await labour.getByRole('button', { name: 'Start Timer' }).click();
      await expect(labour.locator('.labour-running')).toContainText('Timer running since');
      await page.reload();
      await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
      await expect(labour.locator('.labour-running')).toContainText('Timer running since');
      await labour.getByRole('button', { name: 'Stop Timer' }).click();
      await expect(labour.locator('.labour-running')).toHaveCount(0);

      await usePart(page, part, 2);
      await expect(section.getByText('Pending sync')).toBeVisible();
      await page.getByRole('button', { name: 'Complete' }).click();
      await page.getByRole('dialog', { name: 'Confirm Complete' }).getByRole('button', { name: 'Complete' }).click();
      await expect(toast(page, "We'll mark this work order complete once your connection is back.")).toBeVisible();

      await network.setOffline(false);
      await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
      const moves = async () => (await api.request<WorkOrderPart[]>('GET', `/workorders/${order.id}/parts/`)).body;
      await expect.poll(async () => (await moves()).length).toBe(1);
      expect((await moves())[0]).toMatchObject({ kind: 'issue', quantity: 2, unit_cost: 12.5, cost: 25, part: { id: part.id } });
      const time = (await api.request<LabourEntry[]>('GET', `/workorders/${order.id}/labour/`)).body;
      expect(time).toHaveLength(1);
      // The supervisor's rate is the labour test's to set (files run side by side): only that it was kept.
      expect(time[0]!.hourly_rate).not.toBeNull();
      expect(time[0]!.stopped_at).not.toBeNull();
      expect((await api.request<Part>('GET', `/parts/${part.id}/`)).body.quantity).toBe(before - 2);
      const done = (await api.request<WorkOrder>('GET', `/workorders/${order.id}/`)).body;
      expect(done.status).toBe('Completed');
      expect(done.costs).toMatchObject({ parts_cost: 25, labour_minutes: time[0]!.minutes, labour_cost: time[0]!.cost });
      expect(done.costs!.total).toBeCloseTo(time[0]!.cost! + 25, 2);
      await expect(section.locator('.part-move')).toContainText('Issued 2');
      await expectAccessibleInBothThemes(page, 'the labour and parts of an order');

      await page.goto(`/part-detail/${part.id}`);
      const ledger = page.getByRole('region', { name: 'Stock ledger' });
      await expect(ledger.locator('.ledger-entry').first()).toContainText('Issued −2');
      await expect(ledger.getByRole('link', { name: `Work order #${order.id}` }).first()).toBeVisible();
      const entries = (await api.request<ApiPage<StockEntry>>('GET', `/parts/${part.id}/ledger/`)).body.results.filter((e) => e.work_order_id === order.id);
      expect(entries).toHaveLength(1);
    });
  });
}

test('two devices each issue the last unit offline: both are applied and the part shows short above the part list', async ({ page, network, browser }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const { depot, parts } = await depotParts(api);
  const part = parts[2]!;
  const today = new Date().toISOString().slice(0, 10);
  expect((await api.request('POST', '/parts/partinventories/create/', { part: part.id, date: today, quantity: 1 })).status).toBe(201);
  const orders = [await api.createWorkOrder(depot.id, unique('Last unit A')), await api.createWorkOrder(depot.id, unique('Last unit B'))];
  for (const order of orders) await api.claim(order.id);

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherNetwork = await NetworkControl.start(browser, other);
  const second = await other.newPage();
  const pages = [page, second];
  for (const [i, p] of pages.entries()) {
    await signIn(p, SUPERVISOR);
    await p.goto(`/workorder-detail/${orders[i]!.id}`);
    await expect(p.locator('.parts-used').getByText('No parts used yet.')).toBeVisible();
    await serviceWorkerReady(p);
  }
  await network.setOffline(true);
  await otherNetwork.setOffline(true);
  for (const p of pages) await usePart(p, part, 1);
  await otherNetwork.setOffline(false);
  await network.setOffline(false);
  await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
  await expect(activityBadge(second)).toBeHidden({ timeout: 30_000 });

  await expect.poll(async () => (await api.request<Part>('GET', `/parts/${part.id}/`)).body.quantity).toBe(-1);
  expect((await api.request<Part>('GET', `/parts/${part.id}/`)).body.short).toBe(true);
  await page.goto('/part-list');
  const short = page.getByRole('region', { name: /short or under their reorder point/ });
  await expect(short.getByRole('link', { name: part.name.name })).toBeVisible();
  await expect(short).toContainText('-1.00 on hand');
  await otherNetwork.dispose();
  await other.close();
});

test("a claimed order's labour and parts show offline on a device that never opened it: the working set's pull keeps them", async ({ page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  // At a place of its own: the depot's parts are the other tests' to count (files and tests run side by side).
  const location = await api.createLocation(unique('Offline Yard'));
  const order = await api.createWorkOrder(location.id, unique('Kept for offline'));
  await api.claim(order.id);
  const today = new Date().toISOString().slice(0, 10);
  expect((await api.request('POST', `/workorders/${order.id}/labour/`, { minutes: 35, date: today })).status).toBe(201);

  await signIn(page, SUPERVISOR);
  await serviceWorkerReady(page);
  const panel = await openActivityPanel(page);
  await expect(panel.getByTestId('working-set')).toContainText(/Saved for offline: \d+ records/, { timeout: 30_000 });
  await closeActivityPanel(page);

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await page.goto(`/workorder-detail/${order.id}`);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(page.locator('.labour-section .labour-entry')).toContainText('35 min');
  // The parts read too: none, said as such rather than as a failure to load them.
  await expect(page.locator('.parts-used').getByText('No parts used yet.')).toBeVisible();
});
