/**
 * Locations and vendors (behaviour §2, 3, 5): created and updated with behaviour §5's required fields said
 * beside them; the detail shows N/A for empty optional ids; offline the saved list and detail stay
 * readable and a change says it needs a connection, keeping what was typed; the location list
 * turns its page 300 ms after the last click (behaviour §9); a limited user can neither open the screens
 * nor change locations through the API.
 */
import type { Location } from '../../shared/api/locations';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { chooseOption, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

const REQUIRED = 'This field is required.';

test('a location is created with its required fields, shown with N/A for empty ids, and updated', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const name = unique('Lakeside Fuel');
  await signIn(page, SUPERVISOR);
  await page.getByRole('main').getByRole('link', { name: 'Locations' }).click();
  await page.getByRole('link', { name: 'Create Location' }).click();

  await page.getByRole('button', { name: 'Create Location' }).click();
  await expect(toast(page, 'Some fields need your attention.')).toBeVisible();
  for (const id of ['location-location-type', 'location-name', 'location-address', 'location-city', 'location-state', 'location-postal-code']) {
    await expect(page.locator(`#${id}-error`)).toHaveText(REQUIRED);
  }
  await expect(page.locator('#location-epos-error')).toHaveCount(0);

  await chooseOption(page, 'Type', 'Restaurant');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Address').fill('5 Shore Rd');
  await page.getByLabel('City').fill('Rockwall');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('Postal Code').fill('75087');
  await page.getByLabel('EPOS').fill('EP-77');
  await page.getByRole('button', { name: 'Create Location' }).click();
  await expect(toast(page, 'Location created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const detail = page.locator('.detail-grid');
  await expect(detail).toContainText('EP-77');
  // No phone, no VeriFone, Sagenet or OCC id.
  await expect(detail.locator('dd', { hasText: 'N/A' })).toHaveCount(4);
  await expect(detail).toContainText('Restaurant');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByLabel('City').fill('');
  await page.getByRole('button', { name: 'Update Location' }).click();
  await expect(page.locator('#location-edit-city-error')).toHaveText(REQUIRED);
  await page.getByLabel('City').fill('Heath');
  await page.getByLabel('OCC ID').fill('OCC-9');
  await page.getByRole('button', { name: 'Update Location' }).click();
  await expect(toast(page, 'Location updated successfully')).toBeVisible();
  await expect(page.locator('.detail-grid')).toContainText('Heath');
  const id = /\/location-detail\/(\d+)$/.exec(page.url())![1];
  const saved = await api.request<Location>('GET', `/locations/${id}/`);
  expect(saved.body).toMatchObject({ name, city: 'Heath', occ_id: 'OCC-9', epos: 'EP-77', verifone_id: null, location_type: 'RESTAURANT' });
});

test('a vendor needs nothing on create and its name on update; offline the saved vendor stays readable and a change needs a connection', async ({ page, network }) => {
  await signIn(page, SUPERVISOR);
  await page.goto('/vendor-create');
  await page.getByRole('button', { name: 'Create Vendor' }).click();
  await expect(toast(page, 'Vendor created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/vendor-detail\/\d+$/);
  const name = unique('Acme Seals');
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Update Vendor' }).click();
  await expect(page.locator('#vendor-edit-name-error')).toHaveText(REQUIRED);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Telephone').fill('(214) 555-0100');
  await page.getByRole('button', { name: 'Update Vendor' }).click();
  await expect(toast(page, 'Vendor updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const vendorUrl = page.url();
  // The page is reloaded offline below: the service worker must be serving it by then.
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByLabel('City').fill('Mesquite');
  await page.getByRole('button', { name: 'Update Vendor' }).click();
  await expect(toast(page, "You're offline. This change needs a connection and was not saved; please try again once you're back online.")).toBeVisible();
  // What was typed is still there to send later by hand.
  await expect(page.getByLabel('City')).toHaveValue('Mesquite');
  await page.goto(vendorUrl);
  await expect(page.getByText("Showing saved data. We'll refresh once the connection returns.")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await network.setOffline(false);
  await expect(page.getByText("Showing saved data. We'll refresh once the connection returns.")).toBeHidden({ timeout: 30_000 });
  await expect(page.locator('.detail-grid')).not.toContainText('Mesquite');
});

test('the location list turns its page 300 ms after the last click, so a page clicked past is never opened', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  // Three pages at least, so the paginator offers pages 2 and 3 from the first.
  const { count } = (await api.request<{ count: number }>('GET', '/locations/?page=1')).body;
  for (let n = count; n < 21; n++) await api.createLocation(unique('Paging Depot'));
  await signIn(page, SUPERVISOR);
  await page.goto('/location-list');
  await expect(page.getByRole('list', { name: 'Locations' }).getByRole('link')).toHaveCount(10);

  // Clicked in the page itself, so the timing is the app's and not the test driver's.
  const turned = await page.evaluate(async () => {
    const opened: string[] = [];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url) opened.push(String(url));
        original(data, unused, url);
      };
    }
    const pageButton = (n: number) => document.querySelector<HTMLButtonElement>(`.p-paginator button[aria-label="Page ${n}"]`);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    pageButton(2)?.click();
    await sleep(100);
    // Still on page 1's paginator: a list that had turned at once would be loading page 2 by now.
    pageButton(3)?.click();
    const lastClick = performance.now();
    while (!location.search.includes('page=3') && performance.now() - lastClick < 3_000) await sleep(5);
    return { opened, waited: performance.now() - lastClick };
  });
  expect(turned.opened.filter((url) => url.includes('/location-list'))).toEqual(['/location-list?page=3']);
  expect(turned.waited).toBeGreaterThanOrEqual(290);
  await expect(page.getByRole('list', { name: 'Locations' }).getByRole('link').first()).toBeVisible();
  await expect(page.locator('.p-paginator').getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'true');
});

test('a limited user cannot open the location or vendor screens, nor change a location through the API', async ({ page }) => {
  const technician = await HttpClient.signIn(TECHNICIAN);
  expect((await technician.request('POST', '/locations/', { location_type: 'OTHER', name: 'x', address: 'x', city: 'x', state: 'x', postal_code: 'x' })).status).toBe(403);
  expect((await technician.request('GET', '/vendors/')).status).toBe(403);
  await signIn(page, TECHNICIAN);
  for (const path of ['/location-list', '/location-create', '/vendor-list', '/vendor-create']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/workorder-home$/);
  }
});
