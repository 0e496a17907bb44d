/**
 * axe-core finds no serious or critical violation on the sign-in, landing, work-order, maintenance and other area screens (administration too),
 * in both themes; the theme choice is remembered; a 360 px phone shows the lists, details and forms
 * without sideways scrolling.
 */
import type { Page } from '@playwright/test';
import { ApiClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { expect, openApp, signIn, test } from '../helpers/e2e-app';

// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Let entering animations (toasts, dialogs) settle before measuring contrast.
  await page.waitForTimeout(400);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  const toggle = page.getByRole('switch');
  if ((await page.locator('html').getAttribute('data-theme')) !== theme) await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(toggle).toHaveAccessibleName(theme === 'dark' ? 'Dark Theme' : 'Light Theme');
  await expect(toggle).toHaveAttribute('aria-checked', String(theme === 'dark'));
  await expect(page.locator('link[data-theme-stylesheet]')).toHaveCount(1);
}

test('the theme defaults to dark, toggles and is remembered', async ({ page }) => {
  await openApp(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('switch')).toHaveAccessibleName('Dark Theme');
  await setTheme(page, 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('switch')).toHaveAccessibleName('Light Theme');
});

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical axe violation in the ${theme} theme`, async ({ page, network }) => {
    const api = await ApiClient.signIn(SUPERVISOR);
    const location = await api.createLocation(unique('Axe Depot'));
    const order = await api.createWorkOrder(location.id, unique('Fryer thermostat drifts'));

    await openApp(page, '/');
    await setTheme(page, theme);
    expect.soft(await seriousViolations(page), 'landing').toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'login').toEqual([]);

    await signIn(page, SUPERVISOR);
    await page.getByRole('main').getByRole('link', { name: 'Work Orders' }).click();
    expect.soft(await seriousViolations(page), 'work-order home').toEqual([]);
    await page.getByRole('link', { name: 'Active Work Orders' }).click();
    await expect(page.locator('.wo-card').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'work-order list').toEqual([]);
    await page.goto(`/workorder-detail/${order.id}`);
    await expect(page.getByText(order.description)).toBeVisible();
    expect.soft(await seriousViolations(page), 'work-order detail').toEqual([]);
    await page.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm Claim' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'claim dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Create Work Order' }).click();
    await page.getByRole('button', { name: 'Create Work Order' }).click();
    await expect(page.getByRole('main').getByText('Please select a location and provide a description')).toBeVisible();
    expect.soft(await seriousViolations(page), 'create with errors').toEqual([]);
    await page.getByRole('button', { name: /Offline Activity/ }).click();
    await expect(page.getByText('All caught up. Offline actions will appear here when queued.')).toBeVisible();
    expect.soft(await seriousViolations(page), 'offline activity panel').toEqual([]);
    await page.keyboard.press('Escape');

    // Offline: saved data, a queued action, the Pending sync box and the panel with its item.
    await network.setOffline(true);
    await page.goto(`/workorder-detail/${order.id}`);
    await expect(page.getByText("Showing saved data. We'll refresh once the connection returns.")).toBeVisible();
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByRole('region', { name: 'Pending sync' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'offline detail with a queued claim').toEqual([]);
    await page.getByRole('button', { name: /Offline Activity/ }).click();
    await expect(page.locator('.activity-panel .queue-item')).toHaveCount(1);
    expect.soft(await seriousViolations(page), 'panel with a queued item').toEqual([]);
  });
}

test('a 360 px wide phone shows the work-order list without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SUPERVISOR);
  await page.goto('/workorder-list');
  await expect(page.locator('.wo-card').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const cards = await page.locator('.wo-card').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  for (const right of cards) expect(right).toBeLessThanOrEqual(360);
  await expect(page.getByRole('button', { name: /Offline Activity/ })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
});

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical axe violation on the maintenance screens in the ${theme} theme`, async ({ page }) => {
    const api = await ApiClient.signIn(SUPERVISOR);
    const location = await api.createLocation(unique('Axe Plant'));
    const task = await api.taskAction((await api.createTask(location.id, unique('Inspect the roof drains'))).id, 'claim');
    await api.createTask(location.id, unique('Service the forklift'), { interval: 7, lastCompleted: '2020-01-01' });

    await openApp(page, '/');
    await setTheme(page, theme);
    await signIn(page, SUPERVISOR);
    await page.goto(`/maintenance-list?location=${location.id}`);
    await expect(page.locator('.task-card')).toHaveCount(2);
    expect.soft(await seriousViolations(page), 'task list').toEqual([]);
    await page.goto(`/maintenance-detail/${task.id}`);
    await expect(page.getByText(task.description.full_description)).toBeVisible();
    expect.soft(await seriousViolations(page), 'task detail').toEqual([]);
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm Complete' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'complete dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Description')).toHaveValue(task.description.full_description);
    expect.soft(await seriousViolations(page), 'update form').toEqual([]);
    await page.goto('/maintenance-create');
    await page.getByRole('button', { name: 'Create Maintenance Task' }).click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'create form with errors').toEqual([]);
  });
}

test('a 360 px wide phone shows the task list and the task form without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SUPERVISOR);
  for (const path of ['/maintenance-list', '/maintenance-create']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.task-card, form').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical axe violation on the location and vendor screens in the ${theme} theme`, async ({ page }) => {
    await openApp(page, '/');
    await setTheme(page, theme);
    await signIn(page, SUPERVISOR);
    await page.goto('/location-list');
    await expect(page.locator('.wo-card').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'location list').toEqual([]);
    await page.locator('.wo-card').first().click();
    await expect(page.locator('.detail-grid')).toBeVisible();
    expect.soft(await seriousViolations(page), 'location detail').toEqual([]);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
    expect.soft(await seriousViolations(page), 'location update').toEqual([]);
    await page.goto('/location-create');
    await page.getByRole('button', { name: 'Create Location' }).click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'location form with errors').toEqual([]);
    await page.goto('/vendor-create');
    await expect(page.getByRole('heading', { name: 'Create Vendor' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'vendor form').toEqual([]);
    await page.goto('/vendor-list');
    await expect(page.getByRole('heading', { name: 'Vendors' })).toBeVisible();
    await expect(page.locator('.wo-card').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'vendor list').toEqual([]);
    await page.locator('.wo-card').first().click();
    await expect(page.locator('.detail-grid')).toBeVisible();
    expect.soft(await seriousViolations(page), 'vendor detail').toEqual([]);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Update Vendor' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
    expect.soft(await seriousViolations(page), 'vendor update').toEqual([]);
  });
}

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical axe violation on the inventory and part screens in the ${theme} theme`, async ({ page }) => {
    await openApp(page, '/');
    await setTheme(page, theme);
    await signIn(page, SUPERVISOR);
    await page.goto('/inventory-home');
    await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'inventory home').toEqual([]);
    await page.goto('/part-list?location=3003');
    await expect(page.locator('.wo-card').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'part list').toEqual([]);
    await page.getByRole('button', { name: 'Generate Part Inventory Report' }).click();
    await expect(page.getByRole('dialog', { name: 'Send Report via Email' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'send report dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/part-detail/5');
    await expect(page.getByText('Quantity on Hand')).toBeVisible();
    expect.soft(await seriousViolations(page), 'part detail').toEqual([]);
    await page.getByRole('button', { name: 'Fill' }).click();
    await expect(page.getByRole('dialog', { name: 'Fill Part' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'fill dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Fill Part' })).toBeHidden();
    await page.getByRole('button', { name: 'Inventory' }).click();
    await expect(page.getByRole('dialog', { name: 'Inventory Part' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'inventory part dialog').toEqual([]);
  });
}

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical axe violation on the chemical screens in the ${theme} theme`, async ({ page }) => {
    await openApp(page, '/');
    await setTheme(page, theme);
    await signIn(page, SUPERVISOR);
    await page.goto('/chemical-list?location=1102');
    await expect(page.locator('.wo-card').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'chemical list').toEqual([]);
    await page.getByRole('button', { name: 'Record Wash Data' }).click();
    await expect(page.getByRole('dialog', { name: 'Enter Wash Counts' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'wash counts dialog').toEqual([]);
    await page.keyboard.press('Escape');
    // The report location: its inventory report instead of wash data.
    await page.goto('/chemical-list?location=3003');
    await expect(page.getByRole('button', { name: 'Generate Chemical Inventory Report' })).toBeVisible();
    await expect(page.locator('.wo-card').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'chemical list at the report location').toEqual([]);
    await page.goto('/chemical-detail/1?location=1102');
    await expect(page.locator('.detail-grid')).toContainText('1102 Riverside Car Wash');
    expect.soft(await seriousViolations(page), 'chemical detail').toEqual([]);
    await page.getByRole('button', { name: 'Fill' }).click();
    await expect(page.getByRole('dialog', { name: 'Fill Chemical' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'fill chemical dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Fill Chemical' })).toBeHidden();
    await page.getByRole('button', { name: 'Inventory' }).click();
    await expect(page.getByRole('dialog', { name: 'Inventory Chemical' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'inventory dialog').toEqual([]);
  });
}

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical axe violation on the asset screens in the ${theme} theme`, async ({ page }) => {
    await openApp(page, '/');
    await setTheme(page, theme);
    await signIn(page, SUPERVISOR);
    await page.goto('/asset-list');
    await expect(page.locator('.wo-card').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'asset list').toEqual([]);
    await page.locator('.wo-card').first().click();
    await expect(page.getByRole('button', { name: 'Move Asset' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'asset detail').toEqual([]);
    await page.getByRole('button', { name: 'Move Asset' }).click();
    await expect(page.getByRole('dialog', { name: 'Move Asset' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'move asset dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Update Asset' })).toBeVisible();
    await expect(page.getByLabel('Serial Number')).not.toHaveValue('');
    expect.soft(await seriousViolations(page), 'update asset').toEqual([]);
    await page.goto('/asset-create');
    await page.getByRole('button', { name: 'Create Asset' }).click();
    await expect(page.locator('#asset-name-error')).toBeVisible();
    expect.soft(await seriousViolations(page), 'create asset with errors').toEqual([]);
  });
}

test('a 360 px wide phone shows the inventory, asset, chemical, part, location and vendor screens without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SUPERVISOR);
  const screens = [
    '/inventory-home',
    '/asset-list',
    '/asset-detail/1',
    '/asset-create',
    '/asset-update/1',
    '/chemical-list?location=1102',
    '/chemical-detail/1?location=1102',
    '/part-list?location=3003',
    '/part-detail/1',
    '/location-list',
    '/location-detail/1102',
    '/location-create',
    '/location-update/1102',
    '/vendor-list',
    '/vendor-detail/1',
    '/vendor-create',
    '/vendor-update/1',
  ];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The screen with its record or list, not its loading text (forms of a record are filled first).
    await expect(page.locator('.button-grid, .card-list, .detail-grid, form').first()).toBeVisible();
    await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});

for (const theme of ['dark', 'light'] as const) {
  test(`no serious or critical axe violation on the administration screens in the ${theme} theme`, async ({ page }) => {
    const technician = await ApiClient.signIn(TECHNICIAN);
    await technician.request('POST', '/contact/', { name: 'Terry Nguyen', email: TECHNICIAN.email, message: unique('The ice machine leaks') });
    const staff = await ApiClient.signIn(SUPERVISOR);
    const read = (await technician.request<{ id: number }>('POST', '/contact/', { name: 'Terry Nguyen', email: TECHNICIAN.email, message: unique('Thanks, it is fixed') })).body;
    await staff.request('PATCH', `/admin/contact-messages/${read.id}/`, { read: true });

    await openApp(page, '/');
    await setTheme(page, theme);
    await signIn(page, SUPERVISOR);
    await page.goto('/admin/users');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'user list').toEqual([]);
    await page.goto(`/admin/users?search=${encodeURIComponent(TECHNICIAN.email)}`);
    await page.getByRole('article').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('dialog', { name: 'Deactivate User' })).toBeVisible();
    expect.soft(await seriousViolations(page), 'deactivate dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/admin/contact-messages');
    await expect(page.locator('.message-read').first()).toBeVisible();
    await expect(page.locator('.message-unread').first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'contact messages').toEqual([]);
  });
}
