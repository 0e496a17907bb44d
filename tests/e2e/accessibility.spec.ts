/**
 * axe-core finds no serious or critical violation on the sign-in, landing, work-order, maintenance and other area screens (administration too),
 * in both themes (each screen checked in one theme, then the other: tests/helpers/e2e-axe.ts); the theme choice is remembered; a 360 px phone shows the lists, details and forms
 * without sideways scrolling.
 */
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';
import { expect, openApp, signIn, test } from '../helpers/e2e-app';

// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

test('the theme defaults to dark, toggles and is remembered', async ({ page }) => {
  await openApp(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('switch')).toHaveAccessibleName('Dark Theme');
  await page.getByRole('switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('switch')).toHaveAccessibleName('Light Theme');
  await expect(page.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await expect(page.locator('link[data-theme-stylesheet]')).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('switch')).toHaveAccessibleName('Light Theme');
});

test('no serious or critical axe violation on the sign-in and work-order screens in either theme', async ({ page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Axe Depot'));
  const order = await api.createWorkOrder(location.id, unique('Fryer thermostat drifts'));

  await openApp(page, '/');
  await expectAccessibleInBothThemes(page, 'landing');
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'login');

  await signIn(page, SUPERVISOR);
  await page.getByRole('main').getByRole('link', { name: 'Work Orders' }).click();
  await expectAccessibleInBothThemes(page, 'work-order home');
  await page.getByRole('link', { name: 'Active Work Orders' }).click();
  await expect(page.locator('.wo-card').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'work-order list');
  await page.goto(`/workorder-detail/${order.id}`);
  await expect(page.getByText(order.description)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'work-order detail');
  await page.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Claim' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'claim dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await page.getByRole('link', { name: 'Create Work Order' }).click();
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(page.getByRole('main').getByText('Please select a location and provide a description')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'create with errors');
  await page.getByRole('button', { name: /Offline Activity/ }).click();
  await expect(page.getByText('All caught up. Offline actions will appear here when queued.')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'offline activity panel');
  await page.keyboard.press('Escape');

  // Offline: saved data, a queued action, the Pending sync box and the panel with its item.
  await network.setOffline(true);
  await page.goto(`/workorder-detail/${order.id}`);
  await expect(page.getByText("Showing saved data. We'll refresh once the connection returns.")).toBeVisible();
  await page.getByRole('button', { name: 'Claim' }).click();
  await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByRole('region', { name: 'Pending sync' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'offline detail with a queued claim');
  await page.getByRole('button', { name: /Offline Activity/ }).click();
  await expect(page.locator('.activity-panel .queue-item')).toHaveCount(1);
  await expectAccessibleInBothThemes(page, 'panel with a queued item');
});

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

test('no serious or critical axe violation on the maintenance screens in either theme', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Axe Plant'));
  const task = await api.taskAction((await api.createTask(location.id, unique('Inspect the roof drains'))).id, 'claim');
  await api.createTask(location.id, unique('Service the forklift'), { interval: 7, lastCompleted: '2020-01-01' });

  await openApp(page, '/');
  await signIn(page, SUPERVISOR);
  await page.goto(`/maintenance-list?location=${location.id}`);
  await expect(page.locator('.task-card')).toHaveCount(2);
  await expectAccessibleInBothThemes(page, 'task list');
  await page.goto(`/maintenance-detail/${task.id}`);
  await expect(page.getByText(task.description.full_description)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'task detail');
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Complete' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'complete dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Description')).toHaveValue(task.description.full_description);
  await expectAccessibleInBothThemes(page, 'update form');
  await page.goto('/maintenance-create');
  await page.getByRole('button', { name: 'Create Maintenance Task' }).click();
  await expect(page.locator('.field-error').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'create form with errors');
});

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

test('no serious or critical axe violation on the location and vendor screens in either theme', async ({ page }) => {
  await openApp(page, '/');
  await signIn(page, SUPERVISOR);
  await page.goto('/location-list');
  await expect(page.locator('.wo-card').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'location list');
  await page.locator('.wo-card').first().click();
  await expect(page.locator('.detail-grid')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'location detail');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
  await expectAccessibleInBothThemes(page, 'location update');
  await page.goto('/location-create');
  await page.getByRole('button', { name: 'Create Location' }).click();
  await expect(page.locator('.field-error').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'location form with errors');
  await page.goto('/vendor-create');
  await expect(page.getByRole('heading', { name: 'Create Vendor' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'vendor form');
  await page.goto('/vendor-list');
  await expect(page.getByRole('heading', { name: 'Vendors' })).toBeVisible();
  await expect(page.locator('.wo-card').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'vendor list');
  await page.locator('.wo-card').first().click();
  await expect(page.locator('.detail-grid')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'vendor detail');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Update Vendor' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
  await expectAccessibleInBothThemes(page, 'vendor update');
});

test('no serious or critical axe violation on the inventory and part screens in either theme', async ({ page }) => {
  await openApp(page, '/');
  await signIn(page, SUPERVISOR);
  await page.goto('/inventory-home');
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'inventory home');
  await page.goto('/part-list?location=3003');
  await expect(page.locator('.wo-card').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'part list');
  await page.getByRole('button', { name: 'Generate Part Inventory Report' }).click();
  await expect(page.getByRole('dialog', { name: 'Send Report via Email' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'send report dialog');
  await page.keyboard.press('Escape');
  await page.goto('/part-detail/5');
  await expect(page.getByText('Quantity on Hand')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'part detail');
  await page.getByRole('button', { name: 'Fill' }).click();
  await expect(page.getByRole('dialog', { name: 'Fill Part' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'fill dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Fill Part' })).toBeHidden();
  await page.getByRole('button', { name: 'Inventory' }).click();
  await expect(page.getByRole('dialog', { name: 'Inventory Part' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'inventory part dialog');
});

test('no serious or critical axe violation on the chemical screens in either theme', async ({ page }) => {
  await openApp(page, '/');
  await signIn(page, SUPERVISOR);
  await page.goto('/chemical-list?location=1102');
  await expect(page.locator('.wo-card').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'chemical list');
  await page.getByRole('button', { name: 'Record Wash Data' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter Wash Counts' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'wash counts dialog');
  await page.keyboard.press('Escape');
  // The report location: its inventory report instead of wash data.
  await page.goto('/chemical-list?location=3003');
  await expect(page.getByRole('button', { name: 'Generate Chemical Inventory Report' })).toBeVisible();
  await expect(page.locator('.wo-card').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'chemical list at the report location');
  await page.goto('/chemical-detail/1?location=1102');
  await expect(page.locator('.detail-grid')).toContainText('1102 Riverside Car Wash');
  await expectAccessibleInBothThemes(page, 'chemical detail');
  await page.getByRole('button', { name: 'Fill' }).click();
  await expect(page.getByRole('dialog', { name: 'Fill Chemical' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'fill chemical dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Fill Chemical' })).toBeHidden();
  await page.getByRole('button', { name: 'Inventory' }).click();
  await expect(page.getByRole('dialog', { name: 'Inventory Chemical' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'inventory dialog');
});

test('no serious or critical axe violation on the asset screens in either theme', async ({ page }) => {
  await openApp(page, '/');
  await signIn(page, SUPERVISOR);
  await page.goto('/asset-list');
  await expect(page.locator('.wo-card').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'asset list');
  await page.locator('.wo-card').first().click();
  await expect(page.getByRole('button', { name: 'Move Asset' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'asset detail');
  await page.getByRole('button', { name: 'Move Asset' }).click();
  await expect(page.getByRole('dialog', { name: 'Move Asset' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'move asset dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Update Asset' })).toBeVisible();
  await expect(page.getByLabel('Serial Number')).not.toHaveValue('');
  await expectAccessibleInBothThemes(page, 'update asset');
  await page.goto('/asset-create');
  await page.getByRole('button', { name: 'Create Asset' }).click();
  await expect(page.locator('#asset-name-error')).toBeVisible();
  await expectAccessibleInBothThemes(page, 'create asset with errors');
});

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

test('no serious or critical axe violation on the administration screens in either theme', async ({ page }) => {
  const technician = await HttpClient.signIn(TECHNICIAN);
  await technician.request('POST', '/contact/', { name: 'Terry Nguyen', email: TECHNICIAN.email, message: unique('The ice machine leaks') });
  const staff = await HttpClient.signIn(SUPERVISOR);
  const read = (await technician.request<{ id: number }>('POST', '/contact/', { name: 'Terry Nguyen', email: TECHNICIAN.email, message: unique('Thanks, it is fixed') })).body;
  await staff.request('PATCH', `/admin/contact-messages/${read.id}/`, { read: true });

  await openApp(page, '/');
  await signIn(page, SUPERVISOR);
  await page.goto('/admin/users');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'user list');
  await page.goto(`/admin/users?search=${encodeURIComponent(TECHNICIAN.email)}`);
  await page.getByRole('article').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('dialog', { name: 'Deactivate User' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'deactivate dialog');
  await page.keyboard.press('Escape');
  await page.goto('/admin/contact-messages');
  await expect(page.locator('.message-read').first()).toBeVisible();
  await expect(page.locator('.message-unread').first()).toBeVisible();
  await expectAccessibleInBothThemes(page, 'contact messages');
});
