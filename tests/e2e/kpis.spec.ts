/**
 * The key figures under /home's four buttons (docs/decisions.md: Key figures on /home): drawn after
 * the buttons, which stay first and unchanged; each number opens its list with the location filter;
 * the last figures stay on screen offline with their time; only full-access users see them;
 * accessible in both themes and without sideways scrolling on a 360 px phone.
 */
import type { Page } from '@playwright/test';
import type { WorkOrder } from '../../shared/api/workorders';
import { HttpClient, RIVAL, SUPERVISOR, TECHNICIAN, ensureRival, unique } from '../helpers/e2e-api';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';
import { expect, openApp, serviceWorkerReady, signIn, test } from '../helpers/e2e-app';

// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const HOME_BUTTONS = ['Inventory', 'Locations', 'Preventative Maintenance', 'Work Orders'];

async function figures(page: Page) {
  const section = page.getByRole('region', { name: 'Key figures' });
  await expect(section.getByText(/^As of /)).toBeVisible();
  // A long list of locations is folded (the run's other tests make many): opened as a user would.
  for (const fold of await section.locator('details.kpi-fold').all()) {
    if (!(await fold.evaluate((d) => (d as HTMLDetailsElement).open))) await fold.locator('summary').click();
  }
  return section;
}

test('the four buttons come first and unchanged, then the figures; a number opens its list with the location', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Kpi Depot'));
  await api.createWorkOrder(location.id, unique('Walk-in cooler ices up'));

  await signIn(page, SUPERVISOR);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const links = main.getByRole('link');
  for (const [i, label] of HOME_BUTTONS.entries()) await expect(links.nth(i)).toHaveText(label);
  await expect(main.locator('.button-grid').getByRole('link')).toHaveText(HOME_BUTTONS);

  const section = await figures(page);
  for (const heading of ['Open work orders', 'Response times', 'Preventative maintenance']) {
    await expect(section.getByRole('heading', { level: 3, name: heading })).toBeVisible();
  }
  const byStatus = section.getByRole('table', { name: 'Open work orders by location and status' });
  const row = byStatus.getByRole('row', { name: new RegExp(location.name) });
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/workorder-list\\?location=${location.id}$`));

  await page.goto('/home');
  await (await figures(page)).getByRole('link', { name: /Past due now/ }).click();
  await expect(page).toHaveURL(/\/maintenance-list$/);
});

test('what the work cost: by location and the costliest assets on /home, and this year on the location and its asset', async ({ page }) => {
  // The rival's time, at a rate set here: the supervisor's rate is the labour test's to set (files run side by side).
  await ensureRival();
  const api = await HttpClient.signIn(SUPERVISOR);
  const rival = await HttpClient.signIn(RIVAL);
  const rivalId = (await rival.request<{ id: number }>('GET', '/auth/users/me/')).body.id;
  expect((await api.request('PATCH', `/admin/users/${rivalId}/`, { hourly_rate: 48 })).status).toBe(200);
  const location = await api.createLocation(unique('Cost Depot'));
  const order = await api.createWorkOrder(location.id, unique('Compressor rebuild'));
  await rival.claim(order.id);
  const today = new Date().toISOString().slice(0, 10);
  expect((await rival.request('POST', `/workorders/${order.id}/labour/`, { minutes: 90, date: today })).status).toBe(201);
  const costs = (await api.request<WorkOrder>('GET', `/workorders/${order.id}/`)).body.costs!;
  const total = `$${costs.total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  await signIn(page, SUPERVISOR);
  const section = await figures(page);
  const group = section.getByRole('region', { name: 'What the work cost' });
  await expect(group.getByRole('heading', { level: 3, name: 'What the work cost' })).toBeVisible();
  await expect(group.getByText('Labour and parts, last 30 days')).toBeVisible();
  const byLocation = group.getByRole('table', { name: 'Cost by location, last 30 days' });
  const summary = group.locator('summary', { hasText: 'Cost by location, last 30 days' });
  // A long list is folded: opened as a user would.
  await expect(summary).toBeVisible();
  if (!(await byLocation.isVisible())) await summary.click();
  const row = byLocation.getByRole('row', { name: new RegExp(location.name) });
  await expect(row).toContainText(total);
  await row.getByRole('link', { name: location.name }).click();
  await expect(page).toHaveURL(new RegExp(`/location-detail/${location.id}$`));
  const year = page.locator('dt', { hasText: /^Cost This Year$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(year).toContainText(`${total} in ${new Date().getFullYear()}`);
});

test("the figures follow another user's claim and completion without a reload", async ({ page }) => {
  await ensureRival();
  const api = await HttpClient.signIn(SUPERVISOR);
  const rival = await HttpClient.signIn(RIVAL);
  const location = await api.createLocation(unique('Kpi Live Depot'));
  const order = await api.createWorkOrder(location.id, unique('Ice machine leaking'));

  await signIn(page, SUPERVISOR);
  const row = (await figures(page)).getByRole('table', { name: 'Open work orders by location and status' }).getByRole('row', { name: new RegExp(location.name) });
  // Pending, Claimed, Open.
  await expect(row.getByRole('cell')).toHaveText(['1', '0', '1']);
  // The stream is open once the first hint was pulled; give it a moment to connect.
  await page.waitForTimeout(1_500);

  await rival.claim(order.id);
  await expect(row.getByRole('cell')).toHaveText(['0', '1', '1'], { timeout: 5_000 });
  await rival.complete(order.id, 'Replaced the drain line.');
  // Completed: no longer open, so the location's row goes.
  await expect(row).toHaveCount(0, { timeout: 5_000 });
});

test('offline, /home shows the last figures saved, with the time they were computed', async ({ page, network }) => {
  await signIn(page, SUPERVISOR);
  const asOf = await (await figures(page)).getByText(/^As of /).innerText();
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await page.reload();
  const section = await figures(page);
  await expect(section.getByText("Showing the key figures saved on this device. We'll refresh once the connection returns.")).toBeVisible();
  await expect(section.getByText(/^As of /)).toHaveText(asOf);
});

test('a limited user never sees the figures: /home sends them to their own home', async ({ page }) => {
  await signIn(page, TECHNICIAN);
  await openApp(page, '/home');
  await expect(page).toHaveURL(/\/workorder-home$/);
  await expect(page.getByRole('region', { name: 'Key figures' })).toHaveCount(0);
});

test('a 360 px wide phone shows the figures without sideways scrolling of the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SUPERVISOR);
  await figures(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('no serious or critical axe violation in the figures in either theme', async ({ page }) => {
  await signIn(page, SUPERVISOR);
  await figures(page);
  await expectAccessibleInBothThemes(page, 'key figures', '.kpis');
});
