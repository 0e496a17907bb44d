/**
 * No text left behind (docs/i18n.md): every screen drawn in the pseudo-locale (each catalogue text
 * accented, a third longer, between ⟦ ⟧) shows no visible text — nor accessible name, title or
 * placeholder — that is neither inside ⟦ ⟧ nor a record's data. A text written into a screen
 * without the catalogue stays plain English and fails the test, which names the screen and the text.
 * On a server of its own, so the records it may show are exactly those it can read back.
 */
import type { Page } from '@playwright/test';
import type { SyncAnswer } from '../../shared/api/sync';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { expect, openApp, signInAnyLanguage, test } from '../helpers/e2e-app';
import { contextOn, startSite, type Site } from '../helpers/e2e-site';

/** Not from the catalogue and not a record: the language names (each in itself), AM/PM of US times. */
const ALLOWED = new Set(['english', 'español', 'am', 'pm']);

/** What each screen shows outside ⟦ ⟧: text nodes and the names, titles and placeholders of visible elements. */
async function textsOutsideCatalogue(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    // Innermost first: a message's values may be catalogue texts themselves ("⟦… ⟦12.5 ĶB⟧ …⟧").
    const outside = (text: string) => {
      let rest = text;
      for (let before = ''; before !== rest; ) [before, rest] = [rest, rest.replace(/⟦[^⟦⟧]*⟧/g, ' ')];
      return rest.trim();
    };
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || el.closest('.visually-hidden') !== null;
    // The page's visible text nodes in order, one line each: a message whose values are elements
    // of their own ("As of <time>…</time>") spans several nodes, and ⟦ ⟧ are matched across them.
    const lines: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style, noscript, option') || !shown(el)) continue;
      if (node.textContent?.trim()) lines.push(node.textContent.replace(/\n/g, ' '));
    }
    for (const rest of outside(lines.join('\n')).split('\n')) if (rest.trim()) found.push(rest.trim());
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (!shown(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const rest = outside(el.getAttribute(name) ?? '');
        if (rest) found.push(rest);
      }
    }
    return found;
  });
}

/** Every word of every string the user's data holds (the working set, the account, the users). */
async function dataWords(site: Site): Promise<Set<string>> {
  const api = await HttpClient.signIn(SUPERVISOR, site.baseURL);
  const words = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') for (const word of value.toLowerCase().match(/\p{L}[\p{L}'’]*/gu) ?? []) words.add(word);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  let since = '0';
  for (;;) {
    const { body } = await api.request<SyncAnswer>('GET', `/sync/?since=${since}`);
    collect(body.changes);
    if (!body.more) break;
    since = body.cursor;
  }
  for (const path of ['/auth/users/me/', '/admin/users/', '/contact/', '/kpis/', '/requests/', '/notifications/settings/']) collect((await api.request('GET', path)).body);
  return words;
}

/** Words outside the catalogue that are not data, as "screen: text". */
function strays(screen: string, texts: string[], data: Set<string>): string[] {
  return texts
    .filter((text) => (text.toLowerCase().match(/\p{L}[\p{L}'’]*/gu) ?? []).some((word) => word.length > 1 && !data.has(word) && !ALLOWED.has(word)))
    .map((text) => `${screen}: ${JSON.stringify(text)}`);
}

let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site?.close();
});

test('every screen in the pseudo-locale shows only catalogue texts and records', async ({ browser }) => {
  test.setTimeout(240_000);
  const api = await HttpClient.signIn(SUPERVISOR, site.baseURL);
  const location = await api.createLocation(unique('Pseudo Depot'));
  const asset = await api.createAsset(location.id, unique('Pseudo Fryer'));
  const order = await api.createWorkOrder(location.id, unique('Pseudo thermostat drifts'), asset.id);
  const task = await api.createTask(location.id, unique('Pseudo filter change'));
  // A record of each other area, from the working set (the demo data's parts, vendors, chemicals).
  const firstOf: Record<string, number> = {};
  for (let since = '0'; ; ) {
    const { body } = await api.request<SyncAnswer>('GET', `/sync/?since=${since}`);
    for (const change of body.changes) firstOf[change.area] ??= change.id;
    if (!body.more) break;
    since = body.cursor;
  }
  const detail = (area: string, path: string) => (firstOf[area] ? [`/${path}/${firstOf[area]}`] : []);

  const context = await contextOn(browser, site);
  await context.addInitScript(() => localStorage.setItem('pseudo-locale', '1'));
  const page = await context.newPage();
  const found: string[] = [];
  const look = async (screen: string) => {
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
    await expect(page.locator('main')).toContainText('⟦', { timeout: 10_000 });
    // Settled: the page's text the same twice, 400 ms apart (the live stream keeps the network busy).
    await expect
      .poll(async () => {
        const before = await page.locator('body').innerText();
        await page.waitForTimeout(400);
        return before === (await page.locator('body').innerText());
      }, { timeout: 15_000 })
      .toBe(true);
    found.push(...(await textsOutsideCatalogue(page)).map((text) => `${screen}\u0000${text}`));
  };

  for (const path of ['/', '/about', '/contact', '/login', '/register', '/reset-password', `/scan/${asset.code}`]) {
    await openApp(page, path);
    await look(path);
  }
  await signInAnyLanguage(page, SUPERVISOR);
  const screens = [
    '/home',
    '/workorder-home',
    '/workorder-list',
    `/workorder-detail/${order.id}`,
    '/workorder-create',
    '/maintenance-list',
    `/maintenance-detail/${task.id}`,
    '/maintenance-create',
    `/maintenance-update/${task.id}`,
    '/inventory-home',
    '/asset-list',
    `/asset-detail/${asset.id}`,
    '/asset-create',
    `/asset-update/${asset.id}`,
    '/location-list',
    `/location-detail/${location.id}`,
    '/location-create',
    '/part-list',
    ...detail('parts', 'part-detail'),
    '/vendor-list',
    ...detail('vendors', 'vendor-detail'),
    '/vendor-create',
    '/chemical-list',
    ...detail('chemicals', 'chemical-detail'),
    '/requests',
    '/notifications',
    '/scan',
    '/admin/users',
    '/admin/contact-messages',
  ];
  for (const path of screens) {
    await page.goto(path);
    await look(path);
  }
  // A form's refusals, a confirmation and the Offline Activity panel.
  await page.goto('/workorder-create');
  await page.getByRole('main').locator('button[type="submit"]').click();
  await look('/workorder-create, refused');
  await page.goto(`/workorder-detail/${order.id}`);
  await page.getByRole('main').getByRole('button').filter({ hasText: 'Çļåîm' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await look('claim dialog');
  await page.keyboard.press('Escape');
  await page.locator('.offline-activity-button').click();
  await expect(page.locator('.activity-panel')).toBeVisible();
  await look('Offline Activity panel');
  await context.close();

  // The technician's own home too.
  const technician = await contextOn(browser, site);
  await technician.addInitScript(() => localStorage.setItem('pseudo-locale', '1'));
  const techPage = await technician.newPage();
  await signInAnyLanguage(techPage, TECHNICIAN);
  await expect(techPage.locator('main')).toContainText('⟦');
  found.push(...(await textsOutsideCatalogue(techPage)).map((text) => `/workorder-home (technician)\u0000${text}`));
  await technician.close();

  const data = await dataWords(site);
  const bad = found.flatMap((entry) => {
    const [screen = '', text = ''] = entry.split('\u0000');
    return strays(screen, [text], data);
  });
  expect([...new Set(bad)], 'texts not from the catalogue').toEqual([]);
});
