/**
 * An expired access token is refreshed without the user noticing: the stored token is replaced by
 * one that expired (signed with the server's key), and the next read still works.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { HttpClient, SUPERVISOR } from '../helpers/e2e-api';
import { e2eEnv } from '../helpers/e2e-env';
import { expect, signIn, test, topNav } from '../helpers/e2e-app';

interface Tokens {
  access: string;
  refresh: string;
}

/** Reads or writes the stored tokens in the device DB, the way the data worker keeps them. */
async function storedTokens(page: Page, replace?: Tokens): Promise<Tokens> {
  return page.evaluate(async (next) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cmms-device');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const meta = db.transaction('meta', 'readwrite').objectStore('meta');
    const row = await new Promise<{ key: string; value: Tokens }>((resolve) => {
      const get = meta.get('tokens');
      get.onsuccess = () => resolve(get.result as { key: string; value: Tokens });
    });
    if (next) await new Promise((resolve) => (meta.put({ key: 'tokens', value: next }).onsuccess = resolve));
    db.close();
    return row.value;
  }, replace);
}

test('an expired access token is refreshed transparently', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const me = (await api.request<{ id: number }>('GET', '/auth/users/me/')).body;

  await signIn(page, SUPERVISOR);
  const before = await storedTokens(page);
  const past = Math.floor(Date.now() / 1000) - 3600;
  const expired = await new SignJWT({ token_type: 'access', user_id: me.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(randomUUID())
    .setIssuedAt(past - 300)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(e2eEnv().secretKey));
  // The server really refuses it.
  const refused = await fetch(`${e2eEnv().baseURL}/api/v1/auth/users/me/`, { headers: { authorization: `Bearer ${expired}` } });
  expect(refused.status).toBe(401);
  await storedTokens(page, { access: expired, refresh: before.refresh });

  await page.getByRole('link', { name: 'Work Orders' }).click();
  await page.getByRole('link', { name: 'Active Work Orders' }).click();
  await expect(page.locator('.wo-card').first()).toBeVisible();
  await expect(page).toHaveURL(/\/workorder-list/);
  await expect(topNav(page).getByRole('button', { name: 'Logout' })).toBeVisible();

  const after = await storedTokens(page);
  expect(after.access).not.toBe(expired);
  expect(after.refresh).not.toBe(before.refresh);
  const works = await fetch(`${e2eEnv().baseURL}/api/v1/auth/users/me/`, { headers: { authorization: `Bearer ${after.access}` } });
  expect(works.status).toBe(200);
});
