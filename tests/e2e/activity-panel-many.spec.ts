/**
 * The Offline Activity panel with more queued actions than it draws at once: it shows the first
 * 25 and a "Show more" button, so opening it costs the same with 55 or 1,000 items; what waits for
 * the user (a failure) is listed before what is still to be sent. The 55 claims are queued through
 * the data worker's own API, as its Claim button does offline, and each reaches the server once.
 * The focus moves to the panel's Close button once the panel is drawn, and that button closes it.
 */
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { activityBadge, expect, openActivityPanel, serviceWorkerReady, signIn, test } from '../helpers/e2e-app';
import { queueThroughWorker, sharedWorkerPath } from '../helpers/e2e-worker-port';

const ORDERS = 55;

test('55 queued claims: 25 drawn, the rest on Show more, a failure listed first, then all sent once', async ({ page, network }) => {
  test.setTimeout(180_000);
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Busy Yard'));
  const orders = [];
  for (let i = 0; i < ORDERS; i++) orders.push(await api.createWorkOrder(location.id, unique(`Lamp out in bay ${i + 1}`)));
  // Completed meanwhile by someone else: its queued claim will be refused, a failure for the user.
  const taken = orders[ORDERS - 1]!;

  // No reload after this: a SharedWorker restarted under the network control waits for a debugger.
  await signIn(page, SUPERVISOR);
  await expect(page.locator('.app')).toHaveAttribute('data-host-mode', 'shared');
  await serviceWorkerReady(page);
  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  expect(await queueThroughWorker(page, sharedWorkerPath(), 'claim', orders.map((o) => o.id))).toEqual({ queued: ORDERS });
  await expect(activityBadge(page)).toHaveText(String(ORDERS));

  const panel = await openActivityPanel(page);
  await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
  const rows = panel.locator('.queue-item');
  await expect(rows).toHaveCount(25);
  await panel.getByRole('button', { name: 'Show 25 more (30 not shown)' }).click();
  await expect(rows).toHaveCount(50);
  await panel.getByRole('button', { name: 'Show 5 more (5 not shown)' }).click();
  await expect(rows).toHaveCount(ORDERS);
  await expect(panel.getByRole('button', { name: /Show \d+ more/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await api.claim(taken.id);
  await api.complete(taken.id, 'Replaced the lamp.');
  await network.setOffline(false);
  await expect(activityBadge(page)).toBeHidden({ timeout: 60_000 });

  const reopened = await openActivityPanel(page);
  const first = reopened.locator('.queue-item').first();
  await expect(first).toHaveAttribute('data-status', 'failed');
  await expect(first).toContainText(`#${taken.id}`);
  await expect(reopened.locator('.queue-item')).toHaveCount(25);
  await reopened.getByRole('button', { name: 'Close' }).click();
  await expect(reopened).toBeHidden();
  for (const order of orders.slice(0, ORDERS - 1)) expect((await api.workOrder(order.id)).status, `order ${order.id}`).toBe('Claimed');
  expect((await api.workOrder(taken.id)).status).toBe('Completed');
});
