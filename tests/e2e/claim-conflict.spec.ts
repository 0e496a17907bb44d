/** A queued claim that another user beat: it fails with a clear message in the panel. */
import { HttpClient, RIVAL, SUPERVISOR, ensureRival, unique } from '../helpers/e2e-api';
import { activityBadge, expect, openActivityPanel, signIn, test, toast } from '../helpers/e2e-app';

test('a claim that conflicts with another user\'s claim fails with a clear message in the panel', async ({ page, network }) => {
  await ensureRival();
  const api = await HttpClient.signIn(SUPERVISOR);
  const rival = await HttpClient.signIn(RIVAL);
  const location = await api.createLocation(unique('Conflict Depot'));
  const order = await api.createWorkOrder(location.id, unique('Walk-in door gasket torn'));

  await signIn(page, SUPERVISOR);
  await page.goto(`/workorder-detail/${order.id}`);
  await expect(page.getByText(order.description)).toBeVisible();

  await network.setOffline(true);
  await page.getByRole('button', { name: 'Claim' }).click();
  await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
  await expect(toast(page, "We'll claim this work order once you're back online.")).toBeVisible();
  await expect(activityBadge(page)).toHaveText('1');

  // Meanwhile someone else claims it.
  await rival.claim(order.id);

  await network.setOffline(false);
  const message = `This work order is already claimed by ${RIVAL.firstName} ${RIVAL.lastName}.`;
  const panel = await openActivityPanel(page);
  const item = panel.locator('.queue-item');
  await expect(item.locator('.p-badge')).toHaveText('failed', { timeout: 30_000 });
  await expect(item).toHaveClass(/queue-item/);
  await expect(item.locator('.queue-item-status')).toHaveText(message);
  await expect(panel.getByRole('alert')).toContainText(message);
  await expect(activityBadge(page)).toBeHidden();

  // The detail shows who holds it now, and its button is no longer waiting.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unclaim' })).toBeDisabled();
  expect((await api.workOrder(order.id)).assigned_to.map((u) => u.first_name)).toEqual([RIVAL.firstName]);
});
