/**
 * A work order sent now with a large file over a slow uplink (a relay that passes what the browser
 * sends at 250 KB/s): the form shows how far the upload has got (the data worker reports the bytes
 * sent), keeps the button disabled meanwhile, and the order arrives once with its file.
 */
import type { Page } from '@playwright/test';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { chooseOption, expect, signIn, test, toast } from '../helpers/e2e-app';
import { e2eEnv } from '../helpers/e2e-env';
import { startSlowUplink } from '../helpers/slow-uplink';

/** A PDF of about `bytes` (PDFs are sent as they are; photos would be made smaller first). */
function largePdf(bytes: number): Buffer {
  const head = '%PDF-1.4\n% inspection report\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.alloc(bytes - head.length - 6, 0x20), Buffer.from('\n%%EOF', 'latin1')]);
}

async function createWithLargeFile(page: Page, api: HttpClient): Promise<void> {
  const location = await api.createLocation(unique('Upload Depot'));
  const description = unique('Pump seal weeping, report attached');

  await signIn(page, SUPERVISOR);
  await page.goto('/workorder-create');
  await chooseOption(page, 'Location', location.name);
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Attachments').setInputFiles({ name: 'inspection.pdf', mimeType: 'application/pdf', buffer: largePdf(1_500_000) });
  await expect(page.getByRole('list', { name: 'Chosen attachments' })).toContainText('inspection.pdf');

  // About 6 s at 250 KB/s: long enough to see the bar move.
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading files' });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(10);
  await expect(page.getByText(/Uploading files: .* of 1\.\d MB \(\d+%\)/)).toBeVisible();

  await expect(toast(page, 'Work order created successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(bar).toBeHidden();
  const found = await api.findWorkOrders(description);
  expect(found).toHaveLength(1);
  expect(found[0]!.attachments.map((a) => a.content_type)).toEqual(['application/pdf']);
}

test('a large attachment sent now shows its upload progress, and the order arrives once with it', async ({ browser }) => {
  const uplink = await startSlowUplink(e2eEnv().port, 250_000);
  const context = await browser.newContext({ baseURL: uplink.url });
  try {
    await createWithLargeFile(await context.newPage(), await HttpClient.signIn(SUPERVISOR));
  } finally {
    await context.close();
    await uplink.close();
  }
});
