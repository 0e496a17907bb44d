/**
 * Behaviour §4 "Version handling", against servers of their own that announce a newer minimum version:
 * an optional update shows "Update available" with Close and "Reload now"; a forced one shows
 * "Update required" without a close button, reloads the tab after 15 s, and only once for that
 * version (afterwards it is an ordinary notice, so the tab does not reload forever).
 */
import type { Browser, Page } from '@playwright/test';
import { SUPERVISOR } from '../helpers/e2e-api';
import { expect, signIn, test } from '../helpers/e2e-app';
import { contextOn, startSite, type Site } from '../helpers/e2e-site';

const serverAnnouncing = (env: Record<string, string>) => startSite(env);

/** A page whose relative URLs go to `site`. */
async function pageOn(browser: Browser, site: Site): Promise<Page> {
  return (await contextOn(browser, site)).newPage();
}

test('an optional update is announced with Close and Reload now', async ({ browser }) => {
  const site = await serverAnnouncing({ MIN_VERSION: '99.0.0', FORCE_UPDATE: '0', UPDATE_MESSAGE: 'Version 99 fixes the wash report.' });
  try {
    const page = await pageOn(browser, site);
    await signIn(page, SUPERVISOR);
    const prompt = page.getByRole('alert').filter({ hasText: 'Update available' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toContainText('Version 99 fixes the wash report.');
    await expect(prompt.getByRole('button', { name: 'Reload now' })).toBeVisible();
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(prompt).toBeHidden();
  } finally {
    await site.close();
  }
});

test('a forced update has no close button, reloads the tab after 15 s, and only once per version', async ({ browser }) => {
  const site = await serverAnnouncing({ MIN_VERSION: '99.0.0', FORCE_UPDATE: '1' });
  try {
    const page = await pageOn(browser, site);
    // The page's clock is Playwright's: time flows as usual, and the test moves it on past the 15 s
    // rather than waiting them out (it also stays for every document of the context, the reload's too).
    await page.clock.install();
    await signIn(page, SUPERVISOR);
    const required = page.getByRole('alert').filter({ hasText: 'Update required' });
    await expect(required).toBeVisible({ timeout: 30_000 });
    await expect(required.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await expect(required.getByRole('button', { name: 'Reload now' })).toBeVisible();

    // A marker on the page's window disappears with the reload.
    await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
    const marked = () => page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload ?? false);
    // Not before the 15 s (less a margin for when the countdown started after the prompt showed)...
    await page.clock.fastForward(13_000);
    expect(await marked()).toBe(true);
    // ...and once they are over.
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await page.clock.fastForward(3_000);
    await reloaded;
    expect(await marked()).toBe(false);

    // After the reload the same version is an ordinary notice, and the tab stays, however long it is left.
    await page.evaluate(() => ((window as { afterReload?: boolean }).afterReload = true));
    await expect(page.getByRole('alert').filter({ hasText: 'Update available' })).toBeVisible({ timeout: 30_000 });
    await page.clock.fastForward(60_000);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { afterReload?: boolean }).afterReload ?? false)).toBe(true);
  } finally {
    await site.close();
  }
});
