/**
 * Requests at the label in the browser (docs/decisions.md: Requests at the label): a visitor who
 * opens an asset's label link without an account reports a problem with a photo, is told how to
 * follow it, and the status page follows it from received to accepted once a supervisor turns it
 * into a work order with the photo; a location closed to requests says so and offers staff the
 * sign-in. The form and the status page pass axe in both themes and fit a 360 px phone.
 */
import type { Page } from '@playwright/test';
import type { WorkOrder } from '../../shared/api/workorders';
import type { Page as ApiPage } from '../../shared/api/common';
import type { WorkRequest } from '../../shared/api/requests';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { activityBadge, ATTACHMENT_PATH, chooseOption, expect, openApp, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';

// axe is injected as a script tag (tests/helpers/e2e-axe.ts).
test.use({ bypassCSP: true });

const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));

test('a visitor reports a problem with a photo from an asset\'s label and follows it to accepted', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Visitor Wash'));
  const asset = await api.createAsset(location.id, unique('Dryer'));
  await page.setViewportSize({ width: 360, height: 800 });
  await openApp(page, `/scan/${asset.code}`);
  await expect(page.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
  await expect(page.locator('.visitor-place')).toHaveText(`${asset.name.name}, at ${location.name}`);
  await noSidewaysScroll(page);
  await expectAccessibleInBothThemes(page, "a label's request form");

  await page.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.locator('#request-description-error')).toHaveText('This field is required.');
  const description = unique('Dryer 2 blows cold air');
  await page.getByLabel('What is wrong?').fill(description);
  await page.getByLabel('Photo (optional)').setInputFiles(ATTACHMENT_PATH);
  await page.getByLabel('Your name (optional)').fill('Pat Visitor');
  await page.getByLabel('Email (optional)').fill('not-an-address');
  await page.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.locator('#request-email-error')).toHaveText('Enter a valid email address.');
  await page.getByLabel('Email (optional)').fill('pat@example.com');
  await page.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.getByText('Thank you. Your report was sent to the maintenance team.')).toBeVisible();
  await noSidewaysScroll(page);

  const requests = (await api.request<ApiPage<WorkRequest>>('GET', '/requests/?status=new')).body.results.filter((r) => r.description === description);
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({ asset: { id: asset.id }, name: 'Pat Visitor', email: 'pat@example.com', photo: expect.stringContaining('/media/requests/') });

  await page.getByRole('link', { name: 'Follow your report' }).click();
  await expect(page).toHaveURL(/\/request-status\/[A-Za-z0-9_-]+$/);
  await expect(page.locator('.request-status')).toHaveText('Received: the maintenance team will review it.');
  await noSidewaysScroll(page);
  await expectAccessibleInBothThemes(page, "a report's status page");

  const accepted = await api.request<{ work_order_id: number }>('POST', `/requests/${requests[0]!.id}/accept/`);
  expect(accepted.status).toBe(200);
  const order = (await api.request<WorkOrder>('GET', `/workorders/${accepted.body.work_order_id}/`)).body;
  expect(order.attachments).toHaveLength(1);
  await page.reload();
  await expect(page.locator('.request-status')).toHaveText('Accepted: the maintenance team is on it.');
});

test('a location closed to requests says so, and staff sign in from it to the record', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Closed Depot'));
  expect((await api.request('PUT', `/requests/closed-locations/${location.id}/`)).status).toBe(204);
  await openApp(page, `/scan/${location.code}`);
  await expect(page.getByText('This label does not take requests.')).toBeVisible();
  await page.getByRole('button', { name: 'Staff: sign in to open this record' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a supervisor triages requests: turns one down with a reason its sender reads, accepts another into a work order', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Triage Wash'));
  const send = async (description: string) => {
    const res = await api.request<{ id: number; status_url: string }>('POST', '/public/requests/', { code: location.code, description });
    expect(res.status).toBe(201);
    return res.body;
  };
  const first = await send(unique('Vacuum hose split'));
  const second = await send(unique('Bay light out'));
  await signIn(page, SUPERVISOR);
  await page.getByRole('link', { name: 'Requests from labels' }).click();
  await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
  const card = (id: number) => page.getByRole('article', { name: new RegExp(`^Request #${id}:`) });
  await expect(card(first.id)).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the requests screen');

  await card(first.id).getByRole('button', { name: 'Turn down' }).click();
  const dialog = page.getByRole('dialog', { name: `Turn down request #${first.id}` });
  await dialog.getByRole('button', { name: 'Turn Down' }).click();
  await expect(dialog.getByText('Say why the request is turned down.')).toBeVisible();
  await dialog.getByLabel('Why (its sender reads this)').fill('Fixed this morning');
  await dialog.getByRole('button', { name: 'Turn Down' }).click();
  await expect(toast(page, 'Request turned down.')).toBeVisible();
  await expect(card(first.id)).toBeHidden();

  await card(second.id).getByRole('button', { name: 'Accept' }).click();
  // Accept first shows what is already open at that place; none here, so it is confirmed.
  const accepting = page.getByRole('dialog', { name: `Accept request #${second.id}` });
  await expect(accepting.getByText('No work order is open here.')).toBeVisible();
  await accepting.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Request accepted: a work order was opened.')).toBeVisible();
  await expect(card(second.id)).toBeHidden();

  const statusOf = async (taken: { status_url: string }) => (await api.request<{ status: string; reason: string | null }>('GET', `/public/requests/${taken.status_url.split('/').pop()}/`)).body;
  expect(await statusOf(first)).toMatchObject({ status: 'rejected', reason: 'Fixed this morning' });
  expect(await statusOf(second)).toMatchObject({ status: 'accepted' });
});

test('offline, an accept is queued, shown as waiting and not offered again, and reaches the server once', async ({ page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Queued Wash'));
  const description = unique('Pump leaks');
  const sent = await api.request<{ id: number; status_url: string }>('POST', '/public/requests/', { code: location.code, description });
  expect(sent.status).toBe(201);
  await signIn(page, SUPERVISOR);
  await page.goto('/requests');
  const card = page.getByRole('article', { name: new RegExp(`^Request #${sent.body.id}:`) });
  await expect(card).toBeVisible();
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await card.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('dialog', { name: `Accept request #${sent.body.id}` }).getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, "You're offline. We'll accept this request once the connection returns.")).toBeVisible();
  await expect(card.getByText('Pending sync')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  await network.setOffline(false);
  await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
  const status = async () => (await api.request<{ status: string }>('GET', `/public/requests/${sent.body.status_url.split('/').pop()}/`)).body.status;
  await expect.poll(status).toBe('accepted');
  // Once: one work order with its description.
  expect(await api.findWorkOrders(description)).toHaveLength(1);
});


test('a visitor without a connection: a label opened once opens again, the report with its photo is kept and sent once when the connection returns; a label never opened still takes one', async ({ page, context, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Basement Wash'));
  const asset = await api.createAsset(location.id, unique('Boiler'));
  const other = await api.createLocation(unique('Far Depot'));
  const reportsWith = async (description: string) => (await api.request<ApiPage<WorkRequest>>('GET', '/requests/?status=new')).body.results.filter((r) => r.description === description);

  await page.setViewportSize({ width: 360, height: 800 });
  await openApp(page, `/scan/${asset.code}`);
  await expect(page.locator('.visitor-place')).toHaveText(`${asset.name.name}, at ${location.name}`);
  await serviceWorkerReady(page);

  // Offline: the page comes from the service worker, the place from the device.
  await network.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(page.locator('.visitor-place')).toHaveText(`${asset.name.name}, at ${location.name}`);
  const first = unique('Boiler pilot out');
  await page.getByLabel('What is wrong?').fill(first);
  await page.getByLabel('Photo (optional)').setInputFiles(ATTACHMENT_PATH);
  await page.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.locator('.visitor-outcome')).toHaveText("You're offline. Your report is kept on this phone and will be sent when the connection returns.");
  await noSidewaysScroll(page);
  expect(await reportsWith(first)).toHaveLength(0);

  // The connection returns while the page is open: sent, and the page says so with its status link.
  await network.setOffline(false);
  await expect(page.locator('.visitor-outcome')).toHaveText('Thank you. Your report was sent to the maintenance team.', { timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Follow your report' })).toBeVisible();
  const [sent] = await reportsWith(first);
  expect(sent).toMatchObject({ asset: { id: asset.id }, photo: expect.stringContaining('/media/requests/') });

  // A label never opened on this phone, offline: the form still takes the report, without its place.
  await network.setOffline(true);
  await page.goto(`/scan/${other.code}`);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(page.locator('.visitor-place')).toHaveText(`Label ${other.code}`);
  await expect(page.getByText("You're offline: this label's place will be checked when your report is sent.")).toBeVisible();
  const second = unique('Door jammed');
  await page.getByLabel('What is wrong?').fill(second);
  await page.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.locator('.visitor-outcome')).toHaveText("You're offline. Your report is kept on this phone and will be sent when the connection returns.");
  await expectAccessibleInBothThemes(page, 'a report kept offline');

  // The visitor leaves; later, with a connection, any label link sends what was kept (once).
  await page.close();
  await network.workersEnded();
  await network.setOffline(false);
  const later = await context.newPage();
  await openApp(later, `/scan/${asset.code}`);
  const kept = later.locator('.kept-report', { hasText: second });
  await expect(kept.getByRole('link', { name: /^Follow your report/ })).toBeVisible({ timeout: 30_000 });
  await expect(later.locator('.kept-report', { hasText: first }).getByRole('link', { name: /^Follow your report/ })).toBeVisible();
  await expect.poll(async () => (await reportsWith(second)).length).toBe(1);
  expect((await reportsWith(second))[0]).toMatchObject({ location: { id: other.id }, asset: null });
  expect(await reportsWith(first)).toHaveLength(1);
});

test('a new request shows live on the triage screen; Accept shows what is already open there, and a duplicate is turned down naming the open order; offline the list is the device\'s', async ({ page, network }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Live Wash'));
  const asset = await api.createAsset(location.id, unique('Blower'));
  const open = await api.createWorkOrder(location.id, unique('Blower rattles'), asset.id);
  await signIn(page, SUPERVISOR);
  await page.goto('/requests');
  await expect(page.getByRole('heading', { name: 'Requests' })).toBeVisible();
  await serviceWorkerReady(page);

  // Sent at the label while the screen is open: it appears without a reload.
  const description = unique('Blower makes a loud noise');
  const sent = await api.request<{ id: number; status_url: string }>('POST', '/public/requests/', { code: asset.code, description });
  expect(sent.status).toBe(201);
  const card = page.getByRole('article', { name: new RegExp(`^Request #${sent.body.id}:`) });
  await expect(card).toBeVisible({ timeout: 30_000 });

  await card.getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog', { name: `Accept request #${sent.body.id}` });
  await expect(dialog.getByRole('heading', { name: 'Already open here' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: `Work order #${open.id}` })).toBeVisible();
  await expectAccessibleInBothThemes(page, 'the accept dialog with the orders open there');
  await dialog.getByRole('button', { name: `Turn down: same as #${open.id}` }).click();
  const reject = page.getByRole('dialog', { name: `Turn down request #${sent.body.id}` });
  await expect(reject.getByLabel('Why (its sender reads this)')).toHaveValue(`Already reported: work order #${open.id} is open for this.`);
  await reject.getByRole('button', { name: 'Turn Down' }).click();
  await expect(toast(page, 'Request turned down.')).toBeVisible();
  await expect(card).toBeHidden();
  const decided = (await api.request<WorkRequest>('GET', `/requests/${sent.body.id}/`)).body;
  expect(decided).toMatchObject({ status: 'rejected', work_order_id: open.id, reason: `Already reported: work order #${open.id} is open for this.` });
  // No second work order was opened.
  expect(await api.findWorkOrders(description)).toHaveLength(0);

  // Offline, from the device: the turned-down request with its link to the open order.
  await network.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await chooseOption(page, 'Show', 'Turned down');
  await expect(card.getByRole('link', { name: `Work order #${open.id}` })).toBeVisible();
  await expect(page.getByText("Showing the saved requests. We'll refresh once the connection returns.")).toBeVisible();
  await network.setOffline(false);
});
