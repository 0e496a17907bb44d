/**
 * "Export CSV" on the list screens (docs/decisions.md: CSV exports): the work-order list exports the
 * rows its filters show (location and search, as in its address), downloaded through the data worker
 * under the server's file name, with names, quoted text and would-be formulas made text; every one
 * of the seven lists offers it; offline it is disabled and says it needs a connection.
 */
import { readFileSync } from 'node:fs';
import { CSV_EXPORTS } from '../../shared/api/exports';
import { SCREEN_MESSAGES } from '../../shared/data/messages';
import { csvRecords } from '../helpers/csv-parse';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { expect, signIn, test } from '../helpers/e2e-app';

const WORK_ORDER_HEADERS = [
  'ID',
  'Location',
  'Asset',
  'Asset Code',
  'Description',
  'Status',
  'Created By',
  'Created At',
  'Claimed By',
  'Claimed At',
  'Completed By',
  'Completed At',
  'Field Notes',
  'Attachments',
  'Updated At',
  'Location ID',
  'Asset ID',
];
/** A full-access user's file ends with what each order cost (docs/decisions.md: What the work costs); a limited user's has none of it. */
const FULL_WORK_ORDER_HEADERS = [...WORK_ORDER_HEADERS, 'Labour Minutes', 'Labour Cost', 'Parts Cost', 'Total Cost'];

test('the work-order list exports the rows its filters show, as a CSV a spreadsheet opens safely', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Export Depot'));
  const elsewhere = await api.createLocation(unique('Export Elsewhere'));
  const tag = unique('exportable').replace(/\W/g, '');
  const plain = await api.createWorkOrder(location.id, `${tag} pump leaks, "badly"`);
  const formula = await api.createWorkOrder(location.id, `=HYPERLINK("http://evil.example","${tag}")`);
  await api.createWorkOrder(location.id, unique('Not this one'));
  await api.createWorkOrder(elsewhere.id, `${tag} at another site`);
  await api.claim(plain.id);

  await signIn(page, SUPERVISOR);
  await page.goto(`/workorder-list?location=${location.id}&q=${tag}`);
  const cards = page.getByRole('list', { name: 'Work orders' }).getByRole('link');
  await expect(cards).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^workorders-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = csvRecords(readFileSync(await file.path(), 'utf8'), FULL_WORK_ORDER_HEADERS);
  // Newest first, as the list shows them; only this location's orders that match the search.
  expect(rows.map((r) => Number(r.ID))).toEqual([formula.id, plain.id]);
  expect(rows[0]).toMatchObject({ Location: location.name, Description: `'=HYPERLINK("http://evil.example","${tag}")`, Status: 'Pending', 'Created By': 'Sam Rivera' });
  expect(rows[1]).toMatchObject({ Location: location.name, Description: `${tag} pump leaks, "badly"`, Status: 'Claimed', 'Claimed By': 'Sam Rivera', 'Location ID': String(location.id) });
  expect(rows[1]).toMatchObject({ 'Labour Minutes': '0', 'Labour Cost': '0', 'Parts Cost': '0', 'Total Cost': '0' });
  expect(rows[1]!['Created At']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
});

test('every list of CSV_EXPORTS offers the export', async ({ page }) => {
  const screens = ['/workorder-list', '/maintenance-list', '/asset-list', '/part-list', '/chemical-list', '/location-list', '/vendor-list'];
  expect(screens).toHaveLength(Object.keys(CSV_EXPORTS).length);
  await signIn(page, SUPERVISOR);
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.getByRole('button', { name: 'Export CSV' }), screen).toBeEnabled();
  }
});

test('a limited user exports the work orders too', async ({ page }) => {
  await signIn(page, TECHNICIAN);
  await page.goto('/workorder-list');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^workorders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csvRecords(readFileSync(await file.path(), 'utf8'), WORK_ORDER_HEADERS).length).toBeGreaterThan(0);
});

test('offline the export is disabled and says it needs a connection; nothing is downloaded or queued', async ({ page, network }) => {
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await signIn(page, SUPERVISOR);
  await page.goto('/workorder-list');
  const button = page.getByRole('button', { name: 'Export CSV' });
  await expect(button).toBeEnabled();

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(page.getByText(SCREEN_MESSAGES.exports.needsConnection)).toBeVisible();
  await expect(button).toHaveAccessibleDescription(SCREEN_MESSAGES.exports.needsConnection);

  await network.setOffline(false);
  await expect(button).toBeEnabled();
  await expect(page.getByText(SCREEN_MESSAGES.exports.needsConnection)).toHaveCount(0);
  expect(downloads).toEqual([]);
});
