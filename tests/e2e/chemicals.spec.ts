/**
 * Chemicals and car washes (spec 2, 4, 5, 9): the filter offers the site's chemical locations and
 * each kind of location its own buttons; the chemical inventory report is a real PDF; Fill adds in
 * the chemical's unit; wash counts are recorded per package (empty counts as 0); offline, in both
 * host modes, wash counts and a fill are queued and each reaches the server once.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Chemical } from '../../shared/api/chemicals';
import type { WashRecordsPage } from '../../shared/api/washes';
import { ApiClient, SUPERVISOR, TECHNICIAN } from '../helpers/e2e-api';
import { activityBadge, chooseOption, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

const quantityAt = async (api: ApiClient, chemicalId: number, location: number) =>
  (await api.request<Chemical>('GET', `/chemicals/${chemicalId}/`)).body.locations.find((e) => e.location.id === location)!.current_quantity;

async function washTotals(api: ApiClient, location: number): Promise<Record<string, number>> {
  const page = (await api.request<WashRecordsPage>('GET', `/washes/washrecords/?location=${location}`)).body;
  return Object.fromEntries(page.package_totals.map((t) => [t.package.name, t.total]));
}

test('the list offers the chemical locations, each with its own buttons; the inventory report is a real PDF', async ({ page }) => {
  await signIn(page, SUPERVISOR);
  await page.goto('/inventory-home');
  await page.getByRole('link', { name: 'Chemicals' }).click();
  await expect(page.getByRole('heading', { name: 'Chemicals' })).toBeVisible();
  await page.locator('.p-dropdown', { has: page.getByRole('textbox', { name: 'Location', exact: true }) }).click();
  await expect(page.getByRole('option')).toHaveText(['All Chemicals', '1102 Riverside Car Wash', '1104 Highway 9 Travel Center', '1311 Lakeview Express Wash', '3003 Central Supply Warehouse']);
  await page.keyboard.press('Escape');
  // All Chemicals: none of the location buttons.
  await expect(page.getByRole('button', { name: 'Record Wash Data' })).toHaveCount(0);

  await chooseOption(page, 'Location', '1102 Riverside Car Wash');
  await expect(page.getByRole('button', { name: 'Record Wash Data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Car Wash Report' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Chemical Inventory Report' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Chemicals' }).getByRole('link').filter({ hasText: 'Morton Salt' })).toContainText('sacks');

  await chooseOption(page, 'Location', '3003 Central Supply Warehouse');
  await expect(page.getByRole('button', { name: 'Record Wash Data' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Chemical Inventory Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('chemical_inventory_report.pdf');
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: readFileSync(await file.path()) }).toString('utf8');
  for (const name of ['Morton', 'Blue Coral', 'Zep']) expect(text).toContain(name);
  await expect(page.getByRole('dialog', { name: 'Send Report via Email' })).toBeVisible();
});

test('a fill adds in the chemical unit, and wash counts are recorded per package with empty as 0', async ({ page }) => {
  const api = await ApiClient.signIn(SUPERVISOR);
  const salt = await quantityAt(api, 1, 1102);
  const totals = await washTotals(api, 1102);
  await signIn(page, SUPERVISOR);
  await page.goto('/chemical-detail/1?location=1102');
  await expect(page.locator('.detail-grid')).toContainText('1102 Riverside Car Wash');
  await page.getByRole('button', { name: 'Fill' }).click();
  const fill = page.getByRole('dialog', { name: 'Fill Chemical' });
  await fill.getByLabel('Quantity (sacks)').fill('2');
  await fill.getByRole('button', { name: 'Save Fill' }).click();
  await expect(toast(page, 'Chemical fill recorded successfully!')).toBeVisible();
  await expect(page.locator('.detail-grid')).toContainText(`${(salt + 2).toFixed(2)} sacks`);
  expect(await quantityAt(api, 1, 1102)).toBe(salt + 2);

  await page.goto('/chemical-list?location=1102');
  await page.getByRole('button', { name: 'Record Wash Data' }).click();
  const counts = page.getByRole('dialog', { name: 'Enter Wash Counts' });
  await counts.getByLabel('Basic Wash').fill('1.5');
  await counts.getByRole('button', { name: 'Save Counts' }).click();
  await expect(counts.getByText('A valid integer is required.')).toBeVisible();
  await counts.getByLabel('Basic Wash').fill('3');
  await counts.getByRole('button', { name: 'Save Counts' }).click();
  await expect(toast(page, 'Wash count recorded successfully!')).toBeVisible();
  await expect(counts).toBeHidden();
  const after = await washTotals(api, 1102);
  expect(after['Basic Wash']).toBe(totals['Basic Wash']! + 3);
  expect(after['Deluxe Wash']).toBe(totals['Deluxe Wash']);
});

// Each host mode works at its own car wash, so the two runs never share a total.
for (const [mode, location] of [['shared', 1104], ['dedicated', 1311]] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('offline, wash counts and a chemical fill are queued, then each reaches the server once', async ({ page, network }) => {
      const api = await ApiClient.signIn(SUPERVISOR);
      const totals = await washTotals(api, location);
      const detergent = await quantityAt(api, 2, location);
      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      // Seen once online: the chemical, and the car wash's packages.
      await page.goto(`/chemical-detail/2?location=${location}`);
      await expect(page.locator('.detail-grid')).toContainText('gallons');
      await page.goto(`/chemical-list?location=${location}`);
      await page.getByRole('button', { name: 'Record Wash Data' }).click();
      await expect(page.getByRole('dialog', { name: 'Enter Wash Counts' }).getByLabel('Basic Wash')).toBeVisible();
      await page.keyboard.press('Escape');
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();
      await page.getByRole('button', { name: 'Record Wash Data' }).click();
      const counts = page.getByRole('dialog', { name: 'Enter Wash Counts' });
      await counts.getByLabel('Basic Wash').fill('5');
      await counts.getByLabel('Deluxe Wash').fill('2');
      await counts.getByRole('button', { name: 'Save Counts' }).click();
      await expect(toast(page, "You're offline. We'll record these wash counts once the connection returns")).toBeVisible();

      await page.getByRole('list', { name: 'Chemicals' }).getByRole('link').filter({ hasText: 'Blue Coral' }).click();
      await page.getByRole('button', { name: 'Fill' }).click();
      const fill = page.getByRole('dialog', { name: 'Fill Chemical' });
      await fill.getByLabel('Quantity (gallons)').fill('1.5');
      await fill.getByRole('button', { name: 'Save Fill' }).click();
      await expect(toast(page, "You're offline. We'll record this chemical fill once the connection returns")).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pending sync' })).toContainText('Chemical · Fill');
      // Four packages counted (two of them 0) and one fill.
      await expect(activityBadge(page)).toHaveText('5');
      expect(await washTotals(api, location)).toEqual(totals);

      await network.setOffline(false);
      await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
      const after = await washTotals(api, location);
      expect(after['Basic Wash']).toBe(totals['Basic Wash']! + 5);
      expect(after['Deluxe Wash']).toBe(totals['Deluxe Wash']! + 2);
      expect(after['Ultimate Shine']).toBe(totals['Ultimate Shine']);
      expect(await quantityAt(api, 2, location)).toBe(detergent + 1.5);
    });
  });
}

test('a limited user cannot open the chemical screens, and the server refuses their calls', async ({ page }) => {
  const technician = await ApiClient.signIn(TECHNICIAN);
  expect((await technician.request('GET', '/chemicals/list/')).status).toBe(403);
  expect((await technician.request('POST', '/washes/washrecords/', { wash_package: 1, count: 1, location: 1102, date: '2026-01-01' })).status).toBe(403);
  await signIn(page, TECHNICIAN);
  for (const path of ['/chemical-list', '/chemical-detail/1?location=1102']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/workorder-home$/);
  }
});
