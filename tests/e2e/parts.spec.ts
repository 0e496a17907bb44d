/**
 * Parts (behaviour §2, 4, 9): the location filter offers only the site's part locations and is
 * remembered; the part inventory report downloads as a real PDF of the location's parts and is
 * mailed with the PDF attached, and asked for offline it says that reports need a connection;
 * Fill adds and Inventory replaces, with the form's bounds; offline, in both host modes, an
 * inventory and two fills are queued and each reaches the server once.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Part } from '../../shared/api/parts';
import { OFFLINE_BANNERS } from '../../shared/data/messages';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { activityBadge, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';
import { e2eEnv } from '../helpers/e2e-env';
import { readOutbox } from '../helpers/outbox';

const part = async (api: HttpClient, id: number) => (await api.request<Part>('GET', `/parts/${id}/`)).body;

test('the part list offers the part locations only, remembers the choice, and its report downloads and mails a real PDF', async ({ page }) => {
  await signIn(page, SUPERVISOR);
  await page.getByRole('main').getByRole('link', { name: 'Inventory' }).click();
  await page.getByRole('link', { name: 'Parts' }).click();
  await expect(page.getByRole('heading', { name: 'Part List' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Part Inventory Report' })).toHaveCount(0);
  await page.locator('.p-dropdown', { has: page.getByRole('textbox', { name: 'Location', exact: true }) }).click();
  await expect(page.locator('.p-dropdown-panel').getByRole('option')).toHaveText(['All Parts', '3003 Central Supply Warehouse', '3008 North Parts Depot']);
  await page.getByRole('option', { name: '3003 Central Supply Warehouse' }).click();
  await expect(page).toHaveURL(/location=3003/);
  expect(await page.evaluate(() => localStorage.getItem('partSelectedLocation'))).toBe('3003');
  await expect(page.getByRole('list', { name: 'Parts' }).getByRole('link')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Part Inventory Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('part_inventory_report.pdf');
  const pdf = readFileSync(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
  for (const name of ['Gates', 'Parker', 'Pentair']) expect(text).toContain(name);

  const dialog = page.getByRole('dialog', { name: 'Send Report via Email' });
  await dialog.getByLabel('Email').fill('not an address');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  const address = `${unique('stores').replace(/\s/g, '-')}@example.com`;
  await dialog.getByLabel('Email').fill(address);
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toast(page, 'Report sent successfully!')).toBeVisible();
  await expect.poll(() => readOutbox(e2eEnv().dataDir).filter((m) => m.includes(address)).length).toBe(1);
  const mail = readOutbox(e2eEnv().dataDir).find((m) => m.includes(address))!;
  expect(mail).toMatch(/application\/pdf/);
  expect(mail).toContain('part_inventory_report');

  // The remembered location opens again on the next visit.
  await page.goto('/inventory-home');
  await page.getByRole('link', { name: 'Parts' }).click();
  await expect(page).toHaveURL(/\/part-list\?location=3003$/);
});

test('a report asked for offline says it needs a connection: nothing is downloaded, no mail is sent, nothing is kept for later', async ({ page, network }) => {
  const needsConnection = "You're offline. Reports need a connection; please try again once you're back online.";
  const address = `${unique('offline-stores').replace(/\s/g, '-')}@example.com`;
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await signIn(page, SUPERVISOR);
  await page.goto('/part-list?location=3008');
  await expect(page.getByRole('list', { name: 'Parts' }).getByRole('link').first()).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate Part Inventory Report' });
  const dialog = page.getByRole('dialog', { name: 'Send Report via Email' });

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await generate.click();
  await expect(toast(page, 'Error generating report').filter({ hasText: needsConnection })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(generate).toBeEnabled();

  // Downloaded while online; the connection is gone by the time the mail is sent.
  await network.setOffline(false);
  await expect(page.getByText('Offline mode')).toBeHidden();
  const download = page.waitForEvent('download');
  await generate.click();
  await download;
  await expect(dialog).toBeVisible();
  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await dialog.getByLabel('Email').fill(address);
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toast(page, 'Error sending email').filter({ hasText: needsConnection })).toBeVisible();
  // The dialog stays with the address, to send once back online.
  await expect(dialog.getByLabel('Email')).toHaveValue(address);
  await expect(activityBadge(page)).toBeHidden();

  await network.setOffline(false);
  await expect(page.getByText('Offline mode')).toBeHidden();
  // Only the download made online; the mail asked for offline was neither sent nor sent later.
  expect(downloads).toEqual(['part_inventory_report.pdf']);
  await page.waitForTimeout(2_000);
  expect(readOutbox(e2eEnv().dataDir).filter((m) => m.includes(address))).toEqual([]);
});

test('Fill adds and Inventory replaces the quantity on hand, within the bounds, and the part still opens offline with it', async ({ page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const before = await part(api, 1);
  await signIn(page, SUPERVISOR);
  await page.goto('/part-detail/1');
  await expect(page.getByText('Quantity on Hand')).toBeVisible();

  await page.getByRole('button', { name: 'Fill' }).click();
  const fill = page.getByRole('dialog', { name: 'Fill Part' });
  await fill.getByLabel('Quantity').fill('0');
  await fill.getByRole('button', { name: 'Save Fill' }).click();
  await expect(fill.getByText('Ensure this value is greater than 0.')).toBeVisible();
  await fill.getByLabel('Quantity').fill('2.5');
  await fill.getByRole('button', { name: 'Save Fill' }).click();
  await expect(toast(page, 'Part fill recorded successfully!')).toBeVisible();
  await expect(page.locator('.detail-grid')).toContainText((before.quantity + 2.5).toFixed(2));

  await page.getByRole('button', { name: 'Inventory' }).click();
  const count = page.getByRole('dialog', { name: 'Inventory Part' });
  await count.getByLabel('Quantity').fill('-1');
  await count.getByRole('button', { name: 'Save Inventory' }).click();
  await expect(count.getByText('Ensure this value is greater than or equal to 0.')).toBeVisible();
  await count.getByLabel('Quantity').fill('7');
  await count.getByRole('button', { name: 'Save Inventory' }).click();
  await expect(toast(page, 'Part inventory recorded successfully!')).toBeVisible();
  await expect(page.locator('.detail-grid')).toContainText('7.00');
  expect((await part(api, 1)).quantity).toBe(7);

  // The write dropped the saved lists but kept the part's detail, with the quantity its answer carried.
  await serviceWorkerReady(page);
  await network.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_BANNERS.savedData)).toBeVisible();
  await expect(page.locator('.detail-grid')).toContainText('7.00');
});

// Each host mode works on its own part, so the two runs never share a quantity.
for (const [mode, partId] of [['shared', 6], ['dedicated', 2]] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('offline, an inventory count and two fills are queued, then each reaches the server once', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await page.goto(`/part-detail/${partId}`);
      await expect(page.getByText('Quantity on Hand')).toBeVisible();
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();
      const save = async (button: 'Fill' | 'Inventory', quantity: string, queued: string) => {
        await page.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: button === 'Fill' ? 'Fill Part' : 'Inventory Part' });
        await dialog.getByLabel('Quantity').fill(quantity);
        await dialog.getByRole('button', { name: button === 'Fill' ? 'Save Fill' : 'Save Inventory' }).click();
        await expect(toast(page, queued).first()).toBeVisible();
        await expect(dialog).toBeHidden();
      };
      await save('Inventory', '10', "You're offline. We'll record this part inventory once the connection returns");
      await save('Fill', '3', "You're offline. We'll record this part fill once the connection returns");
      await save('Fill', '4.25', "You're offline. We'll record this part fill once the connection returns");
      await expect(page.getByRole('region', { name: 'Pending sync' })).toContainText('Part · Inventory');
      await expect(activityBadge(page)).toHaveText('3');
      const offlineQuantity = (await part(api, partId)).quantity;

      await network.setOffline(false);
      await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
      // In order, once each: counted to 10, then 3 and 4.25 added. A repeat of any would show.
      await expect.poll(async () => (await part(api, partId)).quantity).toBe(17.25);
      expect(offlineQuantity).not.toBe(17.25);
      await expect(page.locator('.detail-grid')).toContainText('17.25', { timeout: 30_000 });
    });
  });
}

/** The device's local date of `at`, as the app records it (YYYY-MM-DD). */
const localDate = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

test('a fill made offline yesterday keeps its date when it syncs today', async ({ page, network }) => {
  const partId = 3;
  const yesterday = new Date(Date.now() - 86_400_000);
  // The tab's clock starts a day back and runs on from there; the server's stays today.
  await page.clock.install({ time: yesterday });
  await signIn(page, SUPERVISOR);
  await page.goto(`/part-detail/${partId}`);
  await expect(page.getByText('Quantity on Hand')).toBeVisible();
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await page.getByRole('button', { name: 'Fill', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Fill Part' });
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByRole('button', { name: 'Save Fill' }).click();
  await expect(toast(page, "You're offline. We'll record this part fill once the connection returns").first()).toBeVisible();

  // Overnight: the device's day is today when the connection returns.
  await page.clock.setSystemTime(new Date());
  await network.setOffline(false);
  await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
  const db = new Database(join(e2eEnv().dataDir, 'cmms.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    const last = db.prepare('SELECT date, quantity FROM quantity_records WHERE part_id = ? ORDER BY id DESC LIMIT 1').get(partId) as { date: string; quantity: number };
    expect(last).toEqual({ date: localDate(yesterday), quantity: 2 });
  } finally {
    db.close();
  }
});

test('a limited user cannot open the inventory screens, and the server refuses their part calls', async ({ page }) => {
  const technician = await HttpClient.signIn(TECHNICIAN);
  expect((await technician.request('GET', '/parts/list/')).status).toBe(403);
  expect((await technician.request('POST', '/parts/partfills/create/', { part: 1, date: '2026-01-01', quantity: 1 })).status).toBe(403);
  await signIn(page, TECHNICIAN);
  for (const path of ['/inventory-home', '/part-list', '/part-detail/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/workorder-home$/);
  }
});
