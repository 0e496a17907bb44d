/**
 * Chemicals and car washes (behaviour §2, 4, 5, 9): the filter offers the site's chemical locations and
 * each kind of location its own buttons; the chemical inventory report and the car wash report are
 * real PDFs of the location's data, and mailed with the PDF attached; Fill adds in the chemical's
 * unit; the Fill and Inventory modals say what is wrong before sending; wash counts are recorded
 * per package (empty counts as 0); offline, in both host modes, wash counts, an inventory count and
 * a fill are queued and each reaches the server once.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import type { Chemical } from '../../shared/api/chemicals';
import type { WashPackage, WashRecordsPage } from '../../shared/api/washes';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { activityBadge, chooseOption, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';
import { e2eEnv } from '../helpers/e2e-env';
import { readOutbox } from '../helpers/outbox';

const entryAt = async (api: HttpClient, chemicalId: number, location: number) =>
  (await api.request<Chemical>('GET', `/chemicals/${chemicalId}/`)).body.locations.find((e) => e.location.id === location)!;
const quantityAt = async (api: HttpClient, chemicalId: number, location: number) => (await entryAt(api, chemicalId, location)).current_quantity;

/** The fills and inventory counts the server holds for one chemical at one location. */
function recordsOf(chemicalLocationId: number): { fill: number; inventory: number } {
  const db = new Database(join(e2eEnv().dataDir, 'cmms.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT kind, COUNT(*) AS n FROM quantity_records WHERE chemical_location_id = ? GROUP BY kind').all(chemicalLocationId) as { kind: 'fill' | 'inventory'; n: number }[];
    return { fill: 0, inventory: 0, ...Object.fromEntries(rows.map((r) => [r.kind, r.n])) };
  } finally {
    db.close();
  }
}

/** The server's today (TIME_ZONE is UTC in the browser tests), YYYY-MM-DD. */
const serverToday = () => new Date().toISOString().slice(0, 10);

/** Mails `address` a report from the open "Send Report via Email" dialog; returns the mail as it reached the outbox. */
async function mailReport(page: Page, address: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Send Report via Email' });
  await dialog.getByLabel('Email').fill(address);
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toast(page, 'Report sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => readOutbox(e2eEnv().dataDir).filter((m) => m.includes(address)).length).toBe(1);
  return readOutbox(e2eEnv().dataDir).find((m) => m.includes(address))!;
}

const mailAddress = (prefix: string) => `${unique(prefix).replace(/\s/g, '-')}@example.com`;

async function washTotals(api: HttpClient, location: number): Promise<Record<string, number>> {
  const page = (await api.request<WashRecordsPage>('GET', `/washes/washrecords/?location=${location}`)).body;
  return Object.fromEntries(page.package_totals.map((t) => [t.package.name, t.total]));
}

test('the list offers the chemical locations, each with its own buttons; the inventory report is a real PDF', async ({ page }) => {
  await signIn(page, SUPERVISOR);
  await page.goto('/inventory-home');
  await page.getByRole('link', { name: 'Chemicals' }).click();
  await expect(page.getByRole('heading', { name: 'Chemicals' })).toBeVisible();
  await page.locator('.p-dropdown', { has: page.getByRole('textbox', { name: 'Location', exact: true }) }).click();
  await expect(page.locator('.p-dropdown-panel').getByRole('option')).toHaveText(['All Chemicals', '1102 Riverside Car Wash', '1104 Highway 9 Travel Center', '1311 Lakeview Express Wash', '3003 Central Supply Warehouse']);
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
  const mail = await mailReport(page, mailAddress('warehouse'));
  expect(mail).toMatch(/application\/pdf/);
  expect(mail).toContain('chemical_inventory_report');
});

test("the car wash report is a real PDF of the location's wash counts and chemical records, and is mailed with the PDF attached", async ({ page }) => {
  const location = 1102;
  const api = await HttpClient.signIn(SUPERVISOR);
  const today = serverToday();
  // Counts and a fill only this test makes, so the report must hold them whatever runs beside it.
  const works = (await api.request<WashPackage[]>('GET', `/washes/packages/?location=${location}`)).body.find((p) => p.name === 'The Works')!;
  expect((await api.request('POST', '/washes/washrecords/', { wash_package: works.id, count: 7, location, date: today })).status).toBe(201);
  const tireShine = await entryAt(api, 4, location);
  expect((await api.request('POST', '/chemicals/chemicalfills/create/', { chemical: 4, chemical_location_id: tireShine.id, date: today, quantity: 3.17 })).status).toBe(201);
  // The report's period: this month to date. No other test counts these two packages at this car wash.
  const month = (await api.request<WashRecordsPage>('GET', `/washes/washrecords/?location=${location}&start=${today.slice(0, 8)}01&end=${today}`)).body;
  const totalOf = (name: string) => month.package_totals.find((t) => t.package.name === name)!.total;

  await signIn(page, SUPERVISOR);
  await page.goto(`/chemical-list?location=${location}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Car Wash Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('car_wash_report.pdf');
  const pdf = readFileSync(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
  expect(text).toContain('Car Wash Report');
  expect(text).toContain('1102 Riverside Car Wash');
  for (const name of ['The Works', 'Ultimate Shine']) expect(text).toMatch(new RegExp(`${name}\\s+${totalOf(name).toLocaleString('en-US')}\\b`));
  expect(totalOf('The Works')).toBeGreaterThanOrEqual(7);
  expect(text).toMatch(/Tire Shine\s+Fill\s+3\.17\s+gallons/);

  const mail = await mailReport(page, mailAddress('car-wash'));
  expect(mail).toMatch(/application\/pdf/);
  expect(mail).toContain('car_wash_report');
});

test('Fill Chemical and Inventory Chemical say what is wrong beside the field and send nothing until it is right', async ({ page }) => {
  const location = 1102;
  const api = await HttpClient.signIn(SUPERVISOR);
  const polish = await entryAt(api, 3, location);
  const initial = recordsOf(polish.id);
  await signIn(page, SUPERVISOR);
  await page.goto(`/chemical-detail/3?location=${location}`);
  await expect(page.locator('.detail-grid')).toContainText('gallons');

  await page.getByRole('button', { name: 'Fill' }).click();
  const fill = page.getByRole('dialog', { name: 'Fill Chemical' });
  const tryFill = async (value: string, message: string) => {
    await fill.getByLabel('Quantity (gallons)').fill(value);
    await fill.getByRole('button', { name: 'Save Fill' }).click();
    await expect(fill.getByText(message)).toBeVisible();
  };
  await tryFill('', 'This field is required.');
  await tryFill('0', 'Ensure this value is greater than 0.');
  await tryFill('-2', 'Ensure this value is greater than 0.');
  await tryFill('1000000', 'Ensure this value is less than 1000000.');
  await fill.getByRole('button', { name: 'Cancel' }).click();
  await expect(fill).toBeHidden();

  await page.getByRole('button', { name: 'Inventory' }).click();
  const count = page.getByRole('dialog', { name: 'Inventory Chemical' });
  const tryCount = async (value: string, message: string) => {
    await count.getByLabel('Quantity (gallons)').fill(value);
    await count.getByRole('button', { name: 'Save Inventory' }).click();
    await expect(count.getByText(message)).toBeVisible();
  };
  await tryCount('', 'This field is required.');
  await tryCount('-0.5', 'Ensure this value is greater than or equal to 0.');
  await tryCount('1000000', 'Ensure this value is less than 1000000.');
  expect(recordsOf(polish.id)).toEqual(initial);
  expect(await quantityAt(api, 3, location)).toBe(polish.current_quantity);

  // An empty tank is a count like any other: 0 is accepted and replaces the quantity.
  await count.getByLabel('Quantity (gallons)').fill('0');
  await count.getByRole('button', { name: 'Save Inventory' }).click();
  await expect(toast(page, 'Chemical inventory recorded successfully!')).toBeVisible();
  await expect(page.locator('.detail-grid')).toContainText('0.00 gallons');
  expect(await quantityAt(api, 3, location)).toBe(0);
  expect(recordsOf(polish.id)).toEqual({ ...initial, inventory: initial.inventory + 1 });
});

test('a fill adds in the chemical unit, and wash counts are recorded per package with empty as 0', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
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

    test('offline, wash counts, a chemical inventory and a fill are queued, then each reaches the server once', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const totals = await washTotals(api, location);
      const detergent = await entryAt(api, 2, location);
      const records = recordsOf(detergent.id);
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
      // Counted first, then filled: the fill must land on the count, and a count sent again would undo it.
      await page.getByRole('button', { name: 'Inventory' }).click();
      const count = page.getByRole('dialog', { name: 'Inventory Chemical' });
      await count.getByLabel('Quantity (gallons)').fill('20');
      await count.getByRole('button', { name: 'Save Inventory' }).click();
      await expect(toast(page, "You're offline. We'll record this chemical inventory once the connection returns")).toBeVisible();
      await expect(count).toBeHidden();
      await page.getByRole('button', { name: 'Fill' }).click();
      const fill = page.getByRole('dialog', { name: 'Fill Chemical' });
      await fill.getByLabel('Quantity (gallons)').fill('1.5');
      await fill.getByRole('button', { name: 'Save Fill' }).click();
      await expect(toast(page, "You're offline. We'll record this chemical fill once the connection returns")).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pending sync' })).toContainText('Chemical · Fill');
      await expect(page.getByRole('region', { name: 'Pending sync' })).toContainText('Chemical · Inventory');
      // Four packages counted (two of them 0), one inventory count and one fill.
      await expect(activityBadge(page)).toHaveText('6');
      expect(await washTotals(api, location)).toEqual(totals);
      expect(recordsOf(detergent.id)).toEqual(records);

      await network.setOffline(false);
      await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
      const after = await washTotals(api, location);
      expect(after['Basic Wash']).toBe(totals['Basic Wash']! + 5);
      expect(after['Deluxe Wash']).toBe(totals['Deluxe Wash']! + 2);
      expect(after['Ultimate Shine']).toBe(totals['Ultimate Shine']);
      // Exactly one inventory count and one fill reached the server, in that order.
      expect(await quantityAt(api, 2, location)).toBe(21.5);
      expect(recordsOf(detergent.id)).toEqual({ fill: records.fill + 1, inventory: records.inventory + 1 });
      await expect(page.locator('.detail-grid')).toContainText('21.50 gallons', { timeout: 30_000 });
    });
  });
}

test('a limited user cannot open the chemical screens, and the server refuses their calls', async ({ page }) => {
  const technician = await HttpClient.signIn(TECHNICIAN);
  expect((await technician.request('GET', '/chemicals/list/')).status).toBe(403);
  expect((await technician.request('POST', '/washes/washrecords/', { wash_package: 1, count: 1, location: 1102, date: '2026-01-01' })).status).toBe(403);
  await signIn(page, TECHNICIAN);
  for (const path of ['/chemical-list', '/chemical-detail/1?location=1102']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/workorder-home$/);
  }
});
