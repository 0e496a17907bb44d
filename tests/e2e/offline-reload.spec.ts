/**
 * A reload while offline: the service worker serves the app shell and every script (the data
 * worker's too) from its precache, the data worker starts again, and the list comes from the
 * saved cache with its banner. A list with nothing saved shows the full-page error instead.
 */
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { expect, serviceWorkerReady, signIn, test } from '../helpers/e2e-app';

test('reloading while offline shows the saved list with its banner and Last updated time', async ({ page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Reload Depot'));
  const order = await api.createWorkOrder(location.id, unique('Ice machine noisy'));

  await signIn(page, SUPERVISOR);
  await page.goto(`/workorder-list?location=${location.id}`);
  const card = page.getByRole('link', { name: new RegExp(order.description) });
  await expect(card).toBeVisible();
  await expect(page.getByText("Showing saved work orders. We'll refresh when you're online again.")).toBeHidden();
  await serviceWorkerReady(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await network.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline mode')).toBeVisible();
  await expect(card).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: "Showing saved work orders. We'll refresh when you're online again." });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/Last updated \d{2}\/\d{2}\/\d{4} @ \d{2}:\d{2} (AM|PM)/);
  // The filter survived the reload, from the URL.
  await expect(page).toHaveURL(new RegExp(`location=${location.id}`));

  // Back online, the list refreshes from the server and the banner goes.
  await network.setOffline(false);
  await expect(banner).toBeHidden({ timeout: 30_000 });
  await expect(card).toBeVisible();
});

test('a list never saved shows the full-page error offline, with Retry disabled until the connection returns', async ({ page, network }) => {
  // Work orders, tasks and the other synced areas are kept whole on the device (working-set.spec.ts);
  // the staff's list of users is not, so offline it has nothing saved until it was opened once.
  await signIn(page, SUPERVISOR);
  // The app itself must open offline: wait until the service worker has it all.
  await serviceWorkerReady(page);
  await network.setOffline(true);
  await page.goto('/admin/users');
  const error = page.getByRole('alert').filter({ hasText: 'Failed to load users.' });
  await expect(error).toBeVisible();
  await expect(error.getByRole('button', { name: 'Retry' })).toBeDisabled();

  await network.setOffline(false);
  // Back online, the list is read (other tests' accounts may come first: any card will do).
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
  await expect(error).toBeHidden();
});
