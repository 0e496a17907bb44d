/**
 * Notifications by mail (docs/decisions.md: Notifications by mail): the screen is reached from the
 * home screen's link, saves the choices (kept on the server), refuses nothing the user may choose,
 * fits a 360 px phone, and has no serious axe violation in either theme. A limited user is not
 * offered task mails, nor mails of new requests from labels.
 */
import type { Page } from '@playwright/test';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';
import { expect, signIn, test, toast } from '../helpers/e2e-app';

// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

async function openFromHome(page: Page, home: string): Promise<void> {
  await page.goto(home);
  await page.getByRole('link', { name: 'Mail notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
}

test('a supervisor chooses mails for a location, and they are kept', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Notify Yard'));
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SUPERVISOR);
  await openFromHome(page, '/home');
  await page.getByLabel('A work order is created at my locations').check();
  await page.getByLabel('A maintenance task at my locations becomes due or past due').check();
  await page.getByLabel('New requests: someone reports a problem from a label at my locations').check();
  await page.locator('.p-multiselect', { has: page.getByRole('combobox', { name: 'My locations' }) }).click();
  await page.getByRole('option', { name: location.name }).click();
  await page.keyboard.press('Escape');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Notification settings saved.')).toBeVisible();

  const saved = (await api.request<{ order_created: boolean; task_due: boolean; request_created: boolean; locations: number[] }>('GET', '/notifications/settings/')).body;
  expect(saved.order_created).toBe(true);
  expect(saved.task_due).toBe(true);
  expect(saved.request_created).toBe(true);
  expect(saved.locations).toContain(location.id);
  await page.reload();
  await expect(page.getByLabel('A work order is created at my locations')).toBeChecked();
  await expect(page.getByLabel('New requests: someone reports a problem from a label at my locations')).toBeChecked();
});

test('a limited user reaches it from the work-order home and is not offered task mails', async ({ page }) => {
  await signIn(page, TECHNICIAN);
  await openFromHome(page, '/workorder-home');
  await expect(page.getByLabel('A work order I created is completed')).toBeVisible();
  await expect(page.getByLabel('A maintenance task at my locations becomes due or past due')).toHaveCount(0);
  await expect(page.getByLabel('New requests: someone reports a problem from a label at my locations')).toHaveCount(0);
});

test('no serious or critical axe violation on Notifications in either theme', async ({ page }) => {
  await signIn(page, SUPERVISOR);
  await openFromHome(page, '/home');
  await expectAccessibleInBothThemes(page, 'notifications', 'main');
});
