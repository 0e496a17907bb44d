/**
 * On a touch screen a toast never stands between a technician and the button beneath it
 * (styles/parts/shell.css): taps go through it, its close button still takes them, and with a
 * mouse the toast still catches the pointer (PrimeReact's pause while hovered).
 */
import type { Page } from '@playwright/test';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { expect, signIn, test, toast } from '../helpers/e2e-app';

const CLAIMED = 'Work order claimed successfully!';

async function claimShowingToast(page: Page): Promise<void> {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Toast Depot'));
  const order = await api.createWorkOrder(location.id, unique('Compressor short-cycling'));
  await signIn(page, SUPERVISOR);
  await page.goto(`/workorder-detail/${order.id}`);
  await page.locator('.button-row button', { hasText: 'Claim' }).click();
  await page.locator('.p-dialog', { hasText: 'Confirm Claim' }).locator('button', { hasText: 'Claim' }).click();
  await expect(toast(page, CLAIMED)).toBeVisible();
}

/** What a tap at the middle of the toast's text would reach. */
function hitAtToastText(page: Page): Promise<{ inToast: boolean; onClose: boolean }> {
  return page.locator('.p-toast-message', { hasText: CLAIMED }).evaluate((message) => {
    const text = message.querySelector('.p-toast-detail') ?? message;
    const r = text.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const closeBox = message.querySelector('.p-toast-icon-close')!.getBoundingClientRect();
    const closeHit = document.elementFromPoint(closeBox.x + closeBox.width / 2, closeBox.y + closeBox.height / 2);
    return { inToast: Boolean(hit?.closest('.p-toast')), onClose: Boolean(closeHit?.closest('.p-toast-icon-close')) };
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

  test('a tap on a toast reaches what is beneath it, and its close button still closes it', async ({ page }) => {
    await claimShowingToast(page);
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    expect(await hitAtToastText(page)).toEqual({ inToast: false, onClose: true });
    await toast(page, CLAIMED).locator('.p-toast-icon-close').tap();
    await expect(toast(page, CLAIMED)).toBeHidden();
  });
});

test('with a mouse a toast still takes the pointer (hovering it keeps it up to be read)', async ({ page }) => {
  await claimShowingToast(page);
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(false);
  expect(await hitAtToastText(page)).toEqual({ inToast: true, onClose: true });
});
