/**
 * The offline flow, in both host modes: with the data worker's network really cut, a create (with
 * an attachment), a claim and a complete are queued, shown in the panel and the Pending sync box;
 * back online each reaches the server exactly once and the open detail reloads.
 */
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { ATTACHMENT_PATH, activityBadge, chooseOption, closeActivityPanel, expect, openActivityPanel, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

for (const mode of ['shared', 'dedicated'] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('offline create, claim and complete are queued, then each reaches the server once', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const location = await api.createLocation(unique('Offline Yard'));
      const toClaim = await api.createWorkOrder(location.id, unique('Door sensor stuck'));
      const toComplete = await api.claim((await api.createWorkOrder(location.id, unique('Vacuum hose split'))).id);
      const description = unique('Leak under sink');

      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      if (mode === 'shared') expect(network.sharedWorkers).toBeGreaterThan(0);
      // Visit what will be needed offline, so the worker has it saved.
      await page.goto(`/workorder-list?location=${location.id}`);
      for (const order of [toClaim, toComplete]) {
        await page.getByRole('link', { name: new RegExp(order.description) }).click();
        await expect(page.getByText(order.description)).toBeVisible();
        await page.getByRole('link', { name: 'Back', exact: true }).click();
      }
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByRole('link', { name: 'Create Work Order' }).click();
      await chooseOption(page, 'Location', location.name);
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();

      // Create, with an attachment.
      await page.getByLabel('Description').fill(description);
      await page.getByLabel('Attachments').setInputFiles(ATTACHMENT_PATH);
      await page.getByRole('button', { name: 'Create Work Order' }).click();
      await expect(toast(page, "You're offline. We'll submit this work order automatically once the connection is back.")).toBeVisible();
      await expect(page).toHaveURL(/\/workorder-home\/$/);

      // Claim: from the saved list to the saved detail.
      await page.getByRole('link', { name: 'Active Work Orders' }).click();
      await expect(page.getByText("Showing saved work orders. We'll refresh when you're online again.")).toBeVisible();
      await page.getByRole('link', { name: new RegExp(toClaim.description) }).click();
      await expect(page.getByText("Showing saved data. We'll refresh once the connection returns.")).toBeVisible();
      await page.getByRole('button', { name: 'Claim' }).click();
      await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
      await expect(toast(page, "We'll claim this work order once you're back online.")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pending sync' })).toBeDisabled();
      await expect(page.getByRole('region', { name: 'Pending sync' })).toContainText('Work order · Claim');

      // Complete, with field notes; this detail stays open to see it reload after the sync.
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByRole('link', { name: new RegExp(toComplete.description) }).click();
      await page.getByRole('button', { name: 'Complete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Complete' });
      await dialog.getByLabel('Field Notes').fill('Replaced the hose clamp.');
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect(toast(page, "We'll mark this work order complete once your connection is back.")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pending sync' })).toBeDisabled();
      await expect(page.getByRole('region', { name: 'Pending sync' })).toContainText('Work order · Complete');
      await expect(page.locator('.wo-status')).toHaveText('Claimed');

      await expect(activityBadge(page)).toHaveText('3');
      const panel = await openActivityPanel(page);
      await expect(panel.getByTestId('queue-count')).toHaveText('3');
      const items = panel.locator('.queue-item');
      await expect(items).toHaveCount(3);
      await expect(items.filter({ hasText: 'Work order · Create' })).toContainText('Target: (unspecified)');
      await expect(items.filter({ hasText: 'Work order · Claim' })).toContainText(`Target: `);
      for (const item of await items.all()) await expect(item.locator('.p-badge')).toHaveText(/queued|retrying|pending/);
      await closeActivityPanel(page);
      // Nothing reached the server while offline.
      expect(await api.findWorkOrders(description)).toHaveLength(0);
      expect((await api.workOrder(toClaim.id)).status).toBe('Pending');

      await network.setOffline(false);
      await expect(page.getByText('Offline mode')).toBeHidden();
      // The open detail reloads by itself once its completion synced.
      await expect(page.locator('.wo-status')).toHaveText('Completed', { timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Pending sync' })).toBeHidden();
      await expect(activityBadge(page)).toBeHidden();
      const after = await openActivityPanel(page);
      await expect(after.locator('.queue-item .p-badge')).toHaveText(['synced', 'synced', 'synced']);
      await expect(after.locator('.queue-item').first()).toContainText('Synced.');

      const created = await api.findWorkOrders(description);
      expect(created).toHaveLength(1);
      expect(created[0]!.attachments).toHaveLength(1);
      const claimed = await api.workOrder(toClaim.id);
      expect(claimed.status).toBe('Claimed');
      expect(claimed.assigned_to.map((u) => u.first_name)).toEqual(['Sam']);
      const completed = await api.workOrder(toComplete.id);
      expect(completed.status).toBe('Completed');
      expect(completed.field_notes).toBe('Replaced the hose clamp.');
    });
  });
}
