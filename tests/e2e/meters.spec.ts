/**
 * Meters on an asset's detail (docs/decisions.md: Meters and readings): a meter is added from the
 * screen and read at once; a reading below the last one is refused on the device itself, in the
 * server's words, with nothing queued; offline, in both host modes, a reading is queued, shown as
 * waiting beside the meter's saved readings, and reaches the server once with the time it was taken.
 * The meters' section passes axe in both themes.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Page as ApiPage } from '../../shared/api/common';
import type { Meter, MeterReading } from '../../shared/api/meters';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { activityBadge, closeActivityPanel, expect, openActivityPanel, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';

// axe is injected as a script tag (tests/helpers/e2e-axe.ts).
test.use({ bypassCSP: true });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

async function meterWithReadings(api: HttpClient, assetId: number, values: number[]): Promise<Meter> {
  const created = await api.request<Meter>('POST', `/assets/${assetId}/meters/`, { name: unique('Run hours'), unit: 'hours' });
  expect(created.status).toBe(201);
  for (const [i, value] of values.entries()) {
    const added = await api.request('POST', `/meters/${created.body.id}/readings/`, { value, taken_at: minutesAgo(20 - i) });
    expect(added.status).toBe(201);
  }
  return created.body;
}

const readingsOf = async (api: HttpClient, meterId: number) => (await api.request<ApiPage<MeterReading>>('GET', `/meters/${meterId}/readings/`)).body;

function meterPanel(page: Page, name: string) {
  return page.locator('.meter-panel', { has: page.getByRole('heading', { name }) });
}

test('a meter is added on the asset and read; a reading below the last is refused on the device, a reset needs a reason', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  await signIn(page, SUPERVISOR);
  await page.goto('/asset-detail/3');
  const section = page.getByRole('region', { name: 'Meters' });
  await section.getByRole('button', { name: 'Add meter' }).click();
  const add = page.getByRole('dialog', { name: 'Add meter' });
  await add.getByRole('button', { name: 'Save Meter' }).click();
  await expect(add.getByText('This field is required.')).toHaveCount(2);
  const name = unique('Cars washed');
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Unit').fill('cars');
  await add.getByRole('button', { name: 'Save Meter' }).click();
  await expect(toast(page, 'Meter added.')).toBeVisible();
  const panel = meterPanel(page, name);
  await expect(panel).toContainText('Last reading: none yet');

  const read = async (value: string) => {
    await panel.getByRole('button', { name: 'Add reading' }).click();
    const dialog = page.getByRole('dialog', { name: `Add reading: ${name}` });
    await dialog.getByLabel('Reading (cars)').fill(value);
    await dialog.getByRole('button', { name: 'Save Reading' }).click();
    return dialog;
  };
  await read('1200');
  await expect(toast(page, 'Reading recorded.')).toBeVisible();
  await expect(panel.getByRole('table')).toContainText('1,200');
  await expect(panel).toContainText('Last reading: 1,200 cars');

  // Lower than the last: refused here, in the rule's words, and the form keeps what was typed.
  const lower = await read('900');
  await expect(lower.getByText(/The reading cannot be lower than 1200, read at .*mark the reading as a reset\./)).toBeVisible();
  await expect(lower.getByLabel('Reading (cars)')).toHaveValue('900');
  // A reset (a new counter) is taken, once it says why.
  await lower.getByLabel('The meter was replaced or rolled over (counting starts again)').check();
  await lower.getByRole('button', { name: 'Save Reading' }).click();
  await expect(lower.getByText('Say why the meter was reset (replaced, rolled over).')).toBeVisible();
  await lower.getByLabel('Why').fill('Counter replaced');
  await lower.getByRole('button', { name: 'Save Reading' }).click();
  await expect(lower).toBeHidden();
  await expect(panel.getByRole('table')).toContainText('Reset: Counter replaced');
  // Two readings: the line of the last 90 days, its library loaded only now, says what it shows.
  await expect(panel.getByRole('img', { name: `${name} over the last 90 days: 2 readings, from 1,200 to 900 cars.` })).toBeVisible();
  await expect(panel.locator('.meter-chart canvas')).toHaveCount(1);
  await expectAccessibleInBothThemes(page, 'an asset with a meter and its readings', '.asset-meters');
  // Every reading as CSV, through the data worker.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^meter-\d+-readings-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8').trim().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[2]).toContain(',900,Yes,Counter replaced,');

  const meters = (await api.request<ApiPage<Meter>>('GET', '/assets/3/meters/')).body.results.filter((m) => m.name === name);
  expect(meters).toHaveLength(1);
  const readings = await readingsOf(api, meters[0]!.id);
  expect(readings.results.map((r) => [r.value, r.reset, r.reason])).toEqual([
    [900, true, 'Counter replaced'],
    [1200, false, null],
  ]);
});

// Each host mode reads its own asset's meter.
for (const [mode, assetId] of [['shared', 1], ['dedicated', 2]] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('offline, a reading is checked on the device, queued with its time, shown as waiting, and reaches the server once', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const meter = await meterWithReadings(api, assetId, [100, 150]);
      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await page.goto(`/asset-detail/${assetId}`);
      const panel = meterPanel(page, meter.name);
      await expect(panel.getByRole('table')).toContainText('150');
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();
      const tapped = Date.now();
      await panel.getByRole('button', { name: 'Add reading' }).click();
      const dialog = page.getByRole('dialog', { name: `Add reading: ${meter.name}` });
      // Below the saved last reading: refused on the device, nothing kept for later.
      await dialog.getByLabel('Reading (hours)').fill('120');
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(dialog.getByText(/The reading cannot be lower than 150/)).toBeVisible();
      await expect(activityBadge(page)).toBeHidden();

      await dialog.getByLabel('Reading (hours)').fill('180.5');
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(toast(page, "You're offline. We'll record this reading once the connection returns").first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(activityBadge(page)).toHaveText('1');
      await expect(panel.locator('.reading-waiting')).toContainText('180.5');
      await expect(panel.locator('.reading-waiting')).toContainText('Waiting to send');
      expect((await readingsOf(api, meter.id)).count).toBe(2);

      // A second reading offline is checked against the queued one too.
      await panel.getByRole('button', { name: 'Add reading' }).click();
      await dialog.getByLabel('Reading (hours)').fill('170');
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(dialog.getByText(/The reading cannot be lower than 180.5/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await network.setOffline(false);
      await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
      await expect.poll(async () => (await readingsOf(api, meter.id)).count).toBe(3);
      const newest = (await readingsOf(api, meter.id)).results[0]!;
      expect(newest.value).toBe(180.5);
      // Taken when it was tapped offline, not when it arrived.
      expect(Math.abs(Date.parse(newest.taken_at) - tapped)).toBeLessThan(30_000);
      await expect(panel.locator('.reading-waiting')).toHaveCount(0, { timeout: 30_000 });
      await expect(panel).toContainText('Last reading: 180.5 hours', { timeout: 30_000 });
    });
  });
}

test("offline straight after the first sync, a meter of an asset never opened shows with its newest readings, and a reading is checked against them", async ({ page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const meter = await meterWithReadings(api, 4, [300, 320]);
  await signIn(page, SUPERVISOR);
  await serviceWorkerReady(page);
  const activity = await openActivityPanel(page);
  await expect(activity.getByTestId('working-set')).toContainText(/Saved for offline: \d+ records/, { timeout: 30_000 });
  await closeActivityPanel(page);

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  // Moved to as the app's own links do: no page load offline.
  await page.evaluate(() => {
    history.pushState(null, '', '/asset-detail/4');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const panel = meterPanel(page, meter.name);
  await expect(panel).toContainText('Last reading: 320 hours');
  await expect(panel.getByRole('table')).toContainText('300');
  await panel.getByRole('button', { name: 'Add reading' }).click();
  const dialog = page.getByRole('dialog', { name: `Add reading: ${meter.name}` });
  await dialog.getByLabel('Reading (hours)').fill('310');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog.getByText(/The reading cannot be lower than 320/)).toBeVisible();
  await expect(activityBadge(page)).toBeHidden();
});
