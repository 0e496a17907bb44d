/**
 * History on every record (docs/decisions.md: History on every record): a work order's detail shows
 * its history below the spec's content, newest first with who and when; a claim made offline shows
 * there once it reached the server; the saved history shows offline; accessible in both themes and
 * without sideways scrolling on a 360 px phone.
 */
import type { Page } from '@playwright/test';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';
import { expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

function historyOf(page: Page) {
  return page.getByRole('region', { name: 'History' });
}

test('a claim made offline shows in the work order’s history once it synced', async ({ page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('History Yard'));
  const order = await api.createWorkOrder(location.id, unique('Hose reel jammed'));

  await signIn(page, SUPERVISOR);
  await page.goto(`/workorder-detail/${order.id}`);
  const section = historyOf(page);
  const entries = section.getByRole('list', { name: 'History' }).locator(':scope > li');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Created');
  await expect(entries.first()).toContainText('Sam');
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await page.reload();
  // Offline, the saved history is shown with its notice.
  await expect(historyOf(page).getByText("Showing the saved history. We'll refresh once the connection returns.")).toBeVisible();
  await page.getByRole('button', { name: 'Claim' }).click();
  await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
  await expect(toast(page, "We'll claim this work order once you're back online.")).toBeVisible();
  await expect(historyOf(page).getByRole('list', { name: 'History' }).locator(':scope > li')).toHaveCount(1);

  await network.setOffline(false);
  await expect(page.getByText('Offline mode')).toBeHidden();
  const after = historyOf(page).getByRole('list', { name: 'History' }).locator(':scope > li');
  await expect(after).toHaveCount(2, { timeout: 30_000 });
  await expect(after.first()).toContainText('Claimed');
  await expect(after.first()).toContainText('Sam');
  await expect(after.nth(1)).toContainText('Created');
  await expect(historyOf(page).getByText(/Showing the saved history/)).toBeHidden();
});

test('the history pages by 10, newest first, and a 360 px phone shows it without sideways scrolling', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('History Paging'));
  const order = await api.createWorkOrder(location.id, unique('Ice maker noisy'));
  for (let i = 0; i < 6; i++) {
    await api.claim(order.id);
    expect((await api.request('POST', `/workorders/${order.id}/unclaim/`)).status).toBe(200);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SUPERVISOR);
  await page.goto(`/workorder-detail/${order.id}`);
  const section = historyOf(page);
  const entries = section.getByRole('list', { name: 'History' }).locator(':scope > li');
  await expect(entries).toHaveCount(10);
  await expect(entries.first()).toContainText('Unclaimed');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await section.locator('.p-paginator').getByRole('button', { name: 'Page 2' }).click();
  await expect(entries).toHaveCount(3);
  await expect(entries.last()).toContainText('Created');
});

test('no serious or critical axe violation in a detail with its history in either theme', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('History Axe'));
  const order = await api.createWorkOrder(location.id, unique('Dryer belt worn'));
  await api.claim(order.id);
  await api.complete(order.id, 'Fitted a new belt.');

  await signIn(page, SUPERVISOR);
  await page.goto(`/workorder-detail/${order.id}`);
  await expect(historyOf(page).getByText('Field Notes: Fitted a new belt.')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'work-order detail with its history', 'main');
});
