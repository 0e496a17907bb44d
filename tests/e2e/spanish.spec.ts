/**
 * A Spanish-speaking technician's day (docs/i18n.md): they choose Español once in the top bar; the
 * screens, a claim made offline, the Offline Activity panel and the server's refusal of that claim
 * (another user took the order meanwhile) are in Spanish; the choice is saved on their account, so a
 * second device is in Spanish from sign-in, offline too; a mail to them is in Spanish. Texts are
 * read from the Spanish catalogue, so the test fails if a screen says them any other way.
 * axe finds no serious violation on those screens in Spanish.
 * A technician of its own (given full access, as claims need): the demo users' language is other
 * tests' English.
 */
import type { Page } from '@playwright/test';
import type { User } from '../../shared/api/auth';
import { PRODUCT_NAME } from '../../shared/constants';
import { messages as spanish } from '../../shared/i18n/compiled/es';
import { translatorFor } from '../../shared/i18n/translator';
import { HttpClient, SUPERVISOR, registerUser, unique } from '../helpers/e2e-api';
import { e2eEnv } from '../helpers/e2e-env';
import { expect, openApp, serviceWorkerReady, signIn, signInAnyLanguage, test, toast } from '../helpers/e2e-app';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';
import { readOutbox } from '../helpers/outbox';

// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const say = translatorFor('es', spanish);
/** The Spanish of an English text; fails the test if the catalogue has none. */
function es(english: string, values?: Record<string, string | number>): string {
  const text = say(english, values);
  expect(text, `Spanish for ${JSON.stringify(english)}`).not.toBe(english);
  return text;
}

const offlineActivity = (page: Page) => page.getByRole('banner').getByRole('button', { name: new RegExp(es('Offline Activity')) });

test('a technician chooses Español once: screens, an offline claim, the panel, a refusal, a second device offline and a mail are in Spanish', async ({ page, network, browser }) => {
  test.setTimeout(120_000);
  const user = await registerUser();
  const supervisor = await HttpClient.signIn(SUPERVISOR);
  // A technician trusted with claims and completions (behaviour §6: those buttons are full access's).
  expect((await supervisor.request('PATCH', `/admin/users/${user.id}/`, { full_feature_access: true })).status).toBe(200);
  const location = await supervisor.createLocation(unique('Depósito'));
  const order = await supervisor.createWorkOrder(location.id, unique('Fryer pilot light out'));

  await signIn(page, user);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('banner').getByLabel('Language').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('navigation', { name: es('Main') })).toBeVisible();
  await expect(offlineActivity(page)).toBeVisible();

  // Saved on the account.
  const own = await HttpClient.signIn(user);
  await expect.poll(async () => (await own.request<User>('GET', '/auth/users/me/')).body.language).toBe('es');

  // The list and the order, in Spanish.
  await page.goto('/workorder-home');
  await page.getByRole('main').getByRole('link', { name: es('Active Work Orders') }).click();
  await expect(page.getByText(order.description)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'work-order list, in Spanish');
  await page.goto(`/workorder-detail/${order.id}`);
  await expect(page.getByText(order.description)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'work-order detail, in Spanish');

  // Claimed offline: the queued notice and the panel in Spanish.
  await network.setOffline(true);
  await page.getByRole('main').getByRole('button', { name: es('Claim'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: es('Confirm Claim') });
  await dialog.getByRole('button', { name: es('Claim'), exact: true }).click();
  await expect(toast(page, es("We'll claim this work order once you're back online."))).toBeVisible();

  // Someone else claims it meanwhile: the server's refusal, composed for this device's language.
  await supervisor.claim(order.id);
  await network.setOffline(false);
  await offlineActivity(page).click();
  const panel = page.locator('.activity-panel');
  await expect(panel.getByRole('heading', { name: es('Offline Activity') })).toBeVisible();
  const rival = (await supervisor.request<User>('GET', '/auth/users/me/')).body;
  const refusal = es('This work order is already claimed by {name}.', { name: `${rival.first_name} ${rival.last_name}` });
  await expect(panel.locator('.queue-item-status')).toHaveText(refusal, { timeout: 30_000 });
  await expectAccessibleInBothThemes(page, 'Offline Activity panel, in Spanish');
  await page.keyboard.press('Escape');

  // The scanner's screen too.
  await page.goto('/scan');
  await expect(page.getByRole('heading', { name: es('Scan a label') })).toBeVisible();

  // A second device: Spanish from sign-in (the account's choice), and again offline after a reload.
  const second = await browser.newContext({ baseURL: e2eEnv().baseURL, serviceWorkers: 'allow' });
  const other = await second.newPage();
  await signIn(other, user);
  await expect(other.locator('html')).toHaveAttribute('lang', 'es');
  await expect(other.getByRole('banner').getByRole('button', { name: new RegExp(es('Offline Activity')) })).toBeVisible();
  await serviceWorkerReady(other);
  await second.setOffline(true);
  await other.reload();
  await expect(other.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(other.locator('html')).toHaveAttribute('lang', 'es');
  await expect(other.getByRole('banner').getByRole('button', { name: new RegExp(es('Offline Activity')) })).toBeVisible();
  await second.close();

  // A mail to them is in their account's language, whoever asks for it.
  const reset = await fetch(`${e2eEnv().baseURL}/api/v1/auth/users/reset_password/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ email: user.email }),
  });
  expect(reset.status).toBe(204);
  const body = es(
    'Hello {name},\n\nSomeone asked to reset the password of your {product} account. Open this link to choose a new one:\n\n{link}\n\nThe link works once and expires in 3 days. If it was not you, ignore this message; your password stays as it is.\n',
    { name: user.firstName, product: PRODUCT_NAME, link: '' },
  );
  const sentence = body.split('\n')[2]!;
  await expect.poll(() => readOutbox(e2eEnv().dataDir).some((mail) => mail.includes(user.email) && mail.includes('/password/reset/confirm') && mail.includes(sentence)), { timeout: 15_000 }).toBe(true);
});

test('a visitor’s choice is kept on the device, and the sign-in screen follows it', async ({ page }) => {
  await openApp(page, '/login');
  await page.getByRole('banner').getByLabel('Language').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('main').getByRole('button', { name: es('Login') })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'sign-in, in Spanish');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('main').getByRole('button', { name: es('Login') })).toBeVisible();
  // Back to English: the specification's texts, unchanged.
  await page.getByRole('banner').getByLabel(es('Language')).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible();
});

test('Spanish’s longer words fit a 360 px wide phone: the top bar and the day’s screens scroll no sideways', async ({ page }) => {
  const supervisor = await HttpClient.signIn(SUPERVISOR);
  const location = await supervisor.createLocation(unique('Depósito angosto'));
  const order = await supervisor.createWorkOrder(location.id, unique('Compressor short-cycles'));
  const task = await supervisor.createTask(location.id, unique('Descale the boiler'));
  await page.setViewportSize({ width: 360, height: 740 });
  // This device's choice only: the demo supervisor's account keeps other tests' English.
  await page.addInitScript(() => localStorage.setItem('language', 'es'));
  await signInAnyLanguage(page, SUPERVISOR);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  for (const path of [
    '/home',
    '/workorder-home',
    '/workorder-list',
    `/workorder-detail/${order.id}`,
    '/workorder-create',
    '/maintenance-list',
    `/maintenance-detail/${task.id}`,
    '/maintenance-create',
    '/inventory-home',
    '/asset-list',
    '/part-list?location=3003',
    '/location-list',
    '/vendor-list',
    '/requests',
    '/notifications',
    '/scan',
    '/admin/users',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status', { name: es('Loading') })).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
