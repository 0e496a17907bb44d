/** Two tabs share one data worker: one queue, one badge, one flush. */
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { activityBadge, expect, host, openApp, signIn, test, toast } from '../helpers/e2e-app';

test('two tabs show the same badge and share one flush', async ({ context, page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Two Tab Depot'));
  const first = await api.createWorkOrder(location.id, unique('Grease trap full'));
  const second = await api.createWorkOrder(location.id, unique('Exit sign dark'));

  await signIn(page, SUPERVISOR);
  const other = await context.newPage();
  await openApp(other, `/workorder-detail/${second.id}`);
  await page.goto(`/workorder-detail/${first.id}`);
  await expect(page.getByText(first.description)).toBeVisible();
  await expect(other.getByText(second.description)).toBeVisible();

  // One worker instance serves both tabs.
  const [a, b] = [await host(page), await host(other)];
  expect(a.mode).toBe('shared');
  expect(a.instance).toBeTruthy();
  expect(b).toEqual(a);

  await network.setOffline(true);
  await page.getByRole('button', { name: 'Claim' }).click();
  await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
  await expect(toast(page, "We'll claim this work order once you're back online.")).toBeVisible();
  await expect(activityBadge(page)).toHaveText('1');
  await expect(activityBadge(other)).toHaveText('1');

  await other.getByRole('button', { name: 'Claim' }).click();
  await other.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
  await expect(activityBadge(other)).toHaveText('2');
  await expect(activityBadge(page)).toHaveText('2');

  await network.setOffline(false);
  await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
  await expect(activityBadge(other)).toBeHidden();
  // Both tabs see their detail reloaded after the one flush.
  await expect(page.locator('.wo-status')).toHaveText('Claimed');
  await expect(other.locator('.wo-status')).toHaveText('Claimed');
  for (const order of [first, second]) {
    const now = await api.workOrder(order.id);
    expect(now.status).toBe('Claimed');
    expect(now.assigned_to).toHaveLength(1);
  }
  // Had both tabs flushed, the second claim of the same order would have failed as already claimed.
  await page.getByRole('button', { name: /Offline Activity/ }).click();
  await expect(page.locator('.activity-panel .queue-item .p-badge')).toHaveText(['synced', 'synced']);
});
