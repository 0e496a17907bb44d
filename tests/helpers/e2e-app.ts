/**
 * Driving the app in the browser tests: a `test` with the network control and the fallback mode as
 * fixtures, and the few steps every test repeats (open, sign in, the Offline Activity panel).
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { Login } from './e2e-api';
import { NetworkControl } from './e2e-network';

interface Fixtures {
  /** Run the app without SharedWorker (fallback mode: a dedicated worker per tab). */
  fallback: boolean;
  network: NetworkControl;
}

export const test = base.extend<Fixtures>({
  fallback: [false, { option: true }],
  context: async ({ context, fallback }, use) => {
    if (fallback) {
      await context.addInitScript(() => {
        delete (window as { SharedWorker?: unknown }).SharedWorker;
      });
    }
    await use(context);
  },
  network: async ({ browser, context }, use) => {
    const control = await NetworkControl.start(browser, context);
    await use(control);
    await control.dispose();
  },
});

export { expect };

/** Opens a route and waits until the splash screen is gone. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
}

/** Signs in through the login form and waits for the role's home. */
export async function signIn(page: Page, login: Login, opts: { typedEmail?: string } = {}): Promise<void> {
  await openApp(page, '/login');
  await page.getByLabel('Email').fill(opts.typedEmail ?? login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(home|workorder-home)$/);
}

/** Signs in through the form by its fields' types, whatever language its labels are in. */
export async function signInAnyLanguage(page: Page, login: Login): Promise<void> {
  await openApp(page, '/login');
  await page.locator('input[type="email"]').fill(login.email);
  await page.locator('input[type="password"]').fill(login.password);
  await page.getByRole('main').locator('button[type="submit"]').click();
  await page.waitForURL(/\/(home|workorder-home)$/);
}

/** Waits until the service worker is active, i.e. its precache of the whole app is complete. */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

export function topNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

export function activityBadge(page: Page): Locator {
  return page.locator('.offline-activity-badge');
}

export async function openActivityPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Offline Activity/ }).click();
  const panel = page.locator('.activity-panel');
  await expect(panel.getByRole('heading', { name: 'Offline Activity' })).toBeVisible();
  return panel;
}

export async function closeActivityPanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('.activity-panel')).toBeHidden();
}

/** The toast that says exactly `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.p-toast-message').filter({ hasText: text });
}

/** Which data-worker host the tab runs, and the worker instance it talks to. */
export async function host(page: Page): Promise<{ mode: string | null; instance: string | null }> {
  const app = page.locator('.app');
  return { mode: await app.getAttribute('data-host-mode'), instance: await app.getAttribute('data-host-instance') };
}

/** A small PNG to attach (the app's own icon). */
export const ATTACHMENT_PATH = 'public/icons/icon-192.png';

/** Picks `option` in the PrimeReact dropdown labelled `label`. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.locator('.p-dropdown', { has: page.getByRole('textbox', { name: label, exact: true }) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
