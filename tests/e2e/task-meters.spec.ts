/**
 * Maintenance by usage in the browser (docs/decisions.md: Maintenance by usage): a task is given a
 * meter and an interval on its form, from the meters the device keeps; offline, in both host modes,
 * a reading past the due reading taken on the asset shows the task due on the device at once, and
 * after the connection returns the server agrees; Confirm Complete asks for the meter's reading,
 * refuses one below the last on the device with the dialog still open, and counts again from it.
 */
import type { Page } from '@playwright/test';
import type { Asset } from '../../shared/api/assets';
import type { Page as ApiPage } from '../../shared/api/common';
import type { MaintenanceTask } from '../../shared/api/maintenance';
import type { Meter } from '../../shared/api/meters';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { activityBadge, chooseOption, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

const today = () => new Date().toISOString().slice(0, 10);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** A meter on the asset read once at `value`, and a task at a new location counting 100 of it. */
async function meterTask(api: HttpClient, assetId: number, value: number): Promise<{ meter: Meter; task: MaintenanceTask }> {
  const meter = (await api.request<Meter>('POST', `/assets/${assetId}/meters/`, { name: unique('Cars washed'), unit: 'cars' })).body;
  expect((await api.request('POST', `/meters/${meter.id}/readings/`, { value, taken_at: minutesAgo(30) })).status).toBe(201);
  const location = await api.createLocation(unique('Wash Bay'));
  const created = await api.request<MaintenanceTask>('POST', '/maintenance/tasks/', {
    location_id: location.id,
    description: unique('Change the brushes'),
    recurrence_interval: 365,
    last_completed_date: today(),
    meter_id: meter.id,
    meter_interval: 100,
  });
  expect(created.status).toBe(201);
  return { meter, task: created.body };
}

/** The value beside a detail's label. */
const detailRow = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

for (const [mode, assetId] of [['shared', 1], ['dedicated', 2]] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('offline, a reading past the due reading shows the task due on the device at once; the server agrees once it is sent', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const { meter, task } = await meterTask(api, assetId, 5_000);
      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await page.goto(`/maintenance-detail/${task.id}`);
      await expect(detailRow(page, 'Meter')).toContainText(`${meter.name}, every 100 cars`);
      await expect(detailRow(page, 'Counted Since Completion')).toContainText('0 cars of 100 cars');
      await expect(detailRow(page, 'Due at Reading')).toContainText('5,100 cars');
      await expect(detailRow(page, 'Status')).toContainText('New');
      await page.goto(`/asset-detail/${assetId}`);
      const panel = page.locator('.meter-panel', { has: page.getByRole('heading', { name: meter.name }) });
      await expect(panel).toContainText('Last reading: 5,000 cars');
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();
      await panel.getByRole('button', { name: 'Add reading' }).click();
      const dialog = page.getByRole('dialog', { name: `Add reading: ${meter.name}` });
      await dialog.getByLabel('Reading (cars)').fill('5105');
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(dialog).toBeHidden();
      await expect(activityBadge(page)).toHaveText('1');

      // The task, read from saved data, counts the queued reading: due by its meter.
      await page.goto(`/maintenance-detail/${task.id}`);
      await expect(detailRow(page, 'Counted Since Completion')).toContainText('105 cars of 100 cars');
      await expect(detailRow(page, 'Status')).toContainText('Due');
      expect((await api.request<MaintenanceTask>('GET', `/maintenance/tasks/${task.id}/`)).body.meter_used).toBe(0);

      await network.setOffline(false);
      await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
      await expect.poll(async () => (await api.request<MaintenanceTask>('GET', `/maintenance/tasks/${task.id}/`)).body).toMatchObject({ meter_used: 105, meter_due_at: 5_100 });
      // Sent once, and the screen now shows the server's count, the same.
      const readings = (await api.request<ApiPage<{ value: number }>>('GET', `/meters/${meter.id}/readings/`)).body;
      expect(readings.results.map((r) => r.value)).toEqual([5_105, 5_000]);
      await expect(detailRow(page, 'Counted Since Completion')).toContainText('105 cars of 100 cars');

      // Another device's reading, taken before this one and sent after it, goes in its place: the count stands.
      expect((await api.request('POST', `/meters/${meter.id}/readings/`, { value: 5_050, taken_at: minutesAgo(10) })).status).toBe(201);
      expect((await api.request<MaintenanceTask>('GET', `/maintenance/tasks/${task.id}/`)).body).toMatchObject({ meter_used: 105, status: 'DUE' });
      // A later one shows on the open screen without a reload: the change log brings the task again.
      expect((await api.request('POST', `/meters/${meter.id}/readings/`, { value: 5_200, taken_at: new Date().toISOString() })).status).toBe(201);
      await expect(detailRow(page, 'Counted Since Completion')).toContainText('200 cars of 100 cars');
      await expect(detailRow(page, 'Status')).toContainText('Past due');
    });
  });
}

test('a task is given a meter on its form, and Confirm Complete asks for its reading, refusing one below the last', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const { meter, task } = await meterTask(api, 3, 800);
  const location = await api.createLocation(unique('Tunnel'));
  await signIn(page, SUPERVISOR);

  // The form: the meter among those the device keeps, its interval in its units, both sent.
  await page.goto('/maintenance-create');
  await chooseOption(page, 'Location', location.name);
  const description = unique('Rebuild the pump');
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Recurrence Interval (days)').fill('365');
  await page.getByLabel('Last Completed Date').fill(today());
  const asset = (await api.request<Asset>('GET', '/assets/3/')).body;
  await chooseOption(page, 'Meter', `${asset.name.name}: ${meter.name} (cars)`);
  await page.getByRole('button', { name: 'Create Maintenance Task' }).click();
  await expect(page.locator('#task-meter-interval-error')).toHaveText("Give the interval in the meter's units.");
  await page.getByLabel('Meter Interval (cars)').fill('250');
  await page.getByRole('button', { name: 'Create Maintenance Task' }).click();
  await expect(toast(page, 'Maintenance task created successfully')).toBeVisible();
  const [created] = await api.findTasks(description);
  expect(created).toMatchObject({ meter_id: meter.id, meter_interval: 250, meter_used: 0 });

  // Complete the first task with the meter's reading.
  await page.goto(`/maintenance-detail/${task.id}`);
  await page.getByRole('button', { name: 'Claim' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Claim' }).click();
  await expect(detailRow(page, 'Status')).toContainText('Claimed');
  await page.getByRole('button', { name: 'Complete' }).click();
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel(`Meter Reading: ${meter.name} (cars)`);
  await field.fill('700');
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(dialog.getByText(/The reading cannot be lower than 800/)).toBeVisible();
  await expect(field).toHaveValue('700');
  await field.fill('910');
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/maintenance-list/);
  const done = (await api.request<MaintenanceTask>('GET', `/maintenance/tasks/${task.id}/`)).body;
  expect(done).toMatchObject({ completed_through_system: true, meter_used: 0, meter_last_reading: { value: 910 }, meter_due_at: 1_010 });
});
