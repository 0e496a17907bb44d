/**
 * Saved data offline (issue "Every remaining area", Offline): a location, a part and a chemical,
 * each list and detail seen once online, open again offline after a reload, from the device's
 * saved data with behaviour §8's notice, and the screens say what they show (the record's own name).
 */
import { OFFLINE_BANNERS } from '../../shared/data/messages';
import { SUPERVISOR } from '../helpers/e2e-api';
import { expect, serviceWorkerReady, signIn, test } from '../helpers/e2e-app';

const AREAS = [
  { list: '/location-list', items: 'Locations' },
  { list: '/part-list?location=3003', items: 'Parts' },
  { list: '/chemical-list', items: 'Chemicals' },
] as const;

test('saved locations, parts and chemicals stay readable offline after a reload, with the saved-data notice', async ({ page, network }) => {
  await signIn(page, SUPERVISOR);
  const seen: { list: string; items: string; first: string; detail: string }[] = [];
  for (const area of AREAS) {
    await page.goto(area.list);
    const cards = page.getByRole('list', { name: area.items }).getByRole('link');
    await expect(cards.first()).toBeVisible();
    const first = (await cards.first().innerText()).split('\n')[0]!.trim();
    await cards.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(first);
    seen.push({ ...area, first, detail: new URL(page.url()).pathname + new URL(page.url()).search });
  }
  await serviceWorkerReady(page);

  await network.setOffline(true);
  for (const area of seen) {
    await page.goto(area.list);
    await expect(page.getByText(OFFLINE_BANNERS.savedData)).toBeVisible();
    await expect(page.getByRole('list', { name: area.items }).getByRole('link').first()).toContainText(area.first);
    await page.goto(area.detail);
    await expect(page.getByText(OFFLINE_BANNERS.savedData)).toBeVisible();
    await expect(page.getByRole('main')).toContainText(area.first);
  }
});
