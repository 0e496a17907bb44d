/**
 * Labels and scanning in the browser (docs/decisions.md: Labels and scanning). A label sheet made by
 * the server is drawn to pixels (poppler), one label is cut out and played to Chromium as its camera
 * (`--use-file-for-fake-video-capture` with a still Y4M video), so the scanner reads a real printed
 * QR code: Chromium on desktop Linux has no BarcodeDetector, so this is jsQR, loaded when Scan is
 * pressed. Covered: an asset's label opens its detail online and offline (from the saved data); a
 * limited user scans a location's label and reports a problem there; an asset's label tells a
 * limited user why nothing opens; a typed code, a foreign code, a label link opened before signing
 * in; Print labels; the asset's code, history and Report a problem; axe on the new screens in both
 * themes; a 360 px phone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CODE_ASSET_NOT_ALLOWED, CODE_NOT_OURS } from '../../shared/api/codes';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { closeActivityPanel, expect, openActivityPanel, openApp, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';
import { e2eEnv } from '../helpers/e2e-env';
import { NetworkControl } from '../helpers/e2e-network';
import { crop, labelBox, renderPage, stillVideo } from '../helpers/label-images';

/** A form's dropdown, by its label: its text is the option chosen. */
const chosen = (page: Page, label: string) => page.locator('.p-dropdown', { has: page.getByRole('textbox', { name: label, exact: true }) });

// axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

/** The flags of playwright.config.ts, for the browsers these tests launch with a camera of their own. */
const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Camera {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  network: NetworkControl;
  close(): Promise<void>;
}

/**
 * A browser whose camera shows the first label of `pdf` (a label sheet), still, as a phone held over
 * it would: the label cut from the page drawn at 150 dpi, centred on white in a 640 × 480 picture.
 */
async function browserSeeing(pdf: Buffer, viewport = { width: 1280, height: 800 }): Promise<Camera> {
  const dir = mkdtempSync(join(tmpdir(), 'cmms-camera-'));
  const video = join(dir, 'label.y4m');
  writeFileSync(video, stillVideo(crop(renderPage(pdf), labelBox(0), 24)));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...BASE_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, serviceWorkers: 'allow', viewport, permissions: ['camera'], bypassCSP: true });
  const network = await NetworkControl.start(browser, context);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    network,
    async close() {
      await network.dispose();
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const scanButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Scan' });

test("an asset's label shown to the camera opens the asset, online and offline", async () => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Scan Kitchen'));
  const asset = await api.createAsset(location.id, unique('Walk-in Cooler'), 'Kolpak');
  const camera = await browserSeeing(await api.file(`/assets/labels.pdf?location=${location.id}`));
  try {
    const { page, network } = camera;
    await signIn(page, SUPERVISOR);
    await serviceWorkerReady(page);

    await scanButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/asset-detail/${asset.id}$`), { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Kolpak ${asset.name.name}`);
    await expect(page.getByRole('main')).toContainText(asset.code);

    // The first sync has finished once the panel says what is saved: the asset is on the device.
    const panel = await openActivityPanel(page);
    await expect(panel.getByTestId('working-set')).toContainText(/Saved for offline: \d+ records/, { timeout: 30_000 });
    await closeActivityPanel(page);
    await network.setOffline(true);
    await expect(page.getByText('Offline mode')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: /Home/ }).first().click();
    await scanButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/asset-detail/${asset.id}$`), { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Kolpak ${asset.name.name}`);
    await expect(page.getByText("Showing saved data. We'll refresh once the connection returns.")).toBeVisible();
  } finally {
    await camera.close();
  }
});

test("a limited user scans a location's label and reports a problem there", async () => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Scan Forecourt'));
  const camera = await browserSeeing(await api.file(`/locations/${location.id}/label.pdf`));
  const description = unique('Pump 4 display is blank');
  try {
    const { page } = camera;
    await signIn(page, TECHNICIAN);
    await scanButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/workorder-list\\?location=${location.id}$`), { timeout: 30_000 });
    await page.getByRole('link', { name: 'Report a problem' }).click();
    await expect(page).toHaveURL(new RegExp(`/workorder-create\\?location=${location.id}$`));
    await expect(chosen(page, 'Location')).toContainText(location.name);
    // Limited users do not see assets: no asset to choose.
    await expect(page.getByLabel('Asset')).toHaveCount(0);
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Create Work Order' }).click();
    await expect(toast(page, 'Work order created successfully!')).toBeVisible();
    const [order] = await api.findWorkOrders(description);
    expect(order).toMatchObject({ location_id: location.id, asset_id: null, created_by: { first_name: expect.any(String) } });
  } finally {
    await camera.close();
  }
});

test("an asset's label tells a limited user why nothing opens", async () => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Scan Back Room'));
  await api.createAsset(location.id, unique('Ice Maker'));
  const camera = await browserSeeing(await api.file(`/assets/labels.pdf?location=${location.id}`));
  try {
    const { page } = camera;
    await signIn(page, TECHNICIAN);
    await scanButton(page).click();
    await expect(page.getByRole('alert')).toContainText(CODE_ASSET_NOT_ALLOWED, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/scan$/);
  } finally {
    await camera.close();
  }
});

test('a typed code opens its record; one that is not ours says so and opens nothing; without a camera the button offers Start camera', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Typed Depot'));
  const asset = await api.createAsset(location.id, unique('Air Compressor'));
  await signIn(page, SUPERVISOR);
  await scanButton(page).click();
  await expect(page.getByRole('heading', { name: 'Scan a label' })).toBeVisible();
  // This browser has no camera: the screen says so, and its button offers to start the camera (a
  // new try), not to stop one that is not running.
  await expect(page.getByText('The camera is off.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start camera' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop camera' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Start camera' }).click();
  await expect(page.getByText('The camera is off.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start camera' })).toBeVisible();

  await page.getByLabel('Label code').fill('hello');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Type the code as printed on the label, e.g. A-7K3Q9.')).toBeVisible();
  await page.getByLabel('Label code').fill('A-22222');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert').filter({ hasText: CODE_NOT_OURS })).toBeVisible();
  await expect(page).toHaveURL(/\/scan$/);

  await page.getByLabel('Label code').fill(asset.code.toLowerCase().replace('-', ' '));
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/asset-detail/${asset.id}$`));
});

test("a label's link opened before signing in offers staff the sign-in, and goes through it to the record", async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Link Depot'));
  const asset = await api.createAsset(location.id, unique('Dish Machine'));
  await openApp(page, `/scan/${asset.code}`);
  // A visitor's form first (tests/e2e/requests.spec.ts); staff sign in from it.
  await expect(page.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
  await page.getByRole('button', { name: 'Staff: sign in to open this record' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes at once, the screen when it is drawn (app/shown-address.tsx): until then the
  // visitor's form, whose own Email field would take what is typed, is still the one shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(SUPERVISOR.email);
  await page.getByLabel('Password').fill(SUPERVISOR.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/asset-detail/${asset.id}$`));

  await page.goto('/scan/L-22222');
  await expect(page.getByRole('alert')).toContainText(CODE_NOT_OURS);
});

test('Print labels downloads the sheet of the chosen location; the location detail prints its own label', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Print Depot'));
  await api.createAsset(location.id, unique('Slicer'));
  await signIn(page, SUPERVISOR);
  await page.goto('/asset-list');
  await expect(page.getByRole('button', { name: 'Print labels' })).toHaveCount(0);
  await page.goto(`/asset-list?location=${location.id}`);
  const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print labels' }).click()]);
  expect(sheet.suggestedFilename()).toBe(`asset-labels-location-${location.id}.pdf`);

  await page.goto(`/location-detail/${location.id}`);
  await expect(page.getByRole('main')).toContainText(/L-[2-9A-HJKMNP-Z]{5}/);
  const [label] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print label' }).click()]);
  expect(label.suggestedFilename()).toBe(`location-label-${location.id}.pdf`);
});

test("an asset's detail shows its code and history, and reports a problem with it chosen", async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('History Depot'));
  const asset = await api.createAsset(location.id, unique('Fryer'));
  const earlier = await api.createWorkOrder(location.id, unique('Fryer oil smokes'), asset.id);
  const description = unique('Fryer pilot goes out');

  await signIn(page, SUPERVISOR);
  await page.goto(`/asset-detail/${asset.id}`);
  await expect(page.getByRole('main')).toContainText(asset.code);
  const history = page.getByRole('list', { name: 'Work history' });
  await expect(history.getByRole('link', { name: `Work Order #${earlier.id}` })).toBeVisible();
  await expect(history).toContainText('Reported by');

  await page.getByRole('link', { name: 'Report a problem' }).click();
  await expect(page).toHaveURL(new RegExp(`/workorder-create\\?location=${location.id}&asset=${asset.id}$`));
  await expect(chosen(page, 'Asset')).toContainText(asset.code);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(toast(page, 'Work order created successfully!')).toBeVisible();
  const [order] = await api.findWorkOrders(description);
  expect(order).toMatchObject({ asset_id: asset.id, asset: { code: asset.code } });

  await page.goto(`/workorder-detail/${order!.id}`);
  await expect(page.getByRole('link', { name: new RegExp(asset.code) })).toHaveAttribute('href', `/asset-detail/${asset.id}`);
  await page.goto(`/asset-detail/${asset.id}`);
  await expect(history.getByRole('link', { name: `Work Order #${order!.id}` })).toBeVisible();
});

test('no serious or critical axe violation on the scanning screens in either theme', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Axe Scan Depot'));
  const asset = await api.createAsset(location.id, unique('Axe Mixer'));
  const order = await api.createWorkOrder(location.id, unique('Mixer hums'), asset.id);

  await signIn(page, SUPERVISOR);
  await scanButton(page).click();
  await page.getByLabel('Label code').fill('A-22222');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert').filter({ hasText: CODE_NOT_OURS })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'scanner with a refusal');
  await page.getByLabel('Label code').fill('nonsense');
  await page.getByRole('button', { name: 'Open' }).click();
  await expectAccessibleInBothThemes(page, 'scanner with a typing error');

  await page.goto(`/asset-detail/${asset.id}`);
  await expect(page.getByRole('list', { name: 'Work history' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'asset detail with code and history');
  await page.goto(`/location-detail/${location.id}`);
  await expect(page.getByRole('button', { name: 'Print label' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'location detail');
  await page.goto(`/workorder-create?location=${location.id}&asset=${asset.id}`);
  await expect(chosen(page, 'Asset')).toContainText(asset.code);
  await expectAccessibleInBothThemes(page, 'create with an asset');
  await page.goto(`/workorder-detail/${order.id}`);
  await expect(page.getByRole('main')).toContainText(asset.code);
  await expectAccessibleInBothThemes(page, 'work order with its asset');
  await page.goto(`/workorder-list?location=${location.id}`);
  await expect(page.getByRole('link', { name: 'Report a problem' })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'work orders of a location');
});

test('a 360 px wide phone shows the Scan button and the new screens without sideways scrolling', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Phone Scan Depot'));
  const asset = await api.createAsset(location.id, unique('Phone Grill'));
  await api.createWorkOrder(location.id, unique('Grill uneven'), asset.id);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SUPERVISOR);
  await expect(scanButton(page)).toBeInViewport();
  await expect(page.getByRole('button', { name: /Offline Activity/ })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
  for (const path of ['/scan', `/asset-detail/${asset.id}`, `/location-detail/${location.id}`, `/workorder-create?location=${location.id}&asset=${asset.id}`, `/workorder-list?location=${location.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noSidewaysScroll(page);
  }
});
