/**
 * Preventive maintenance offline, in both host modes (behaviour §4 "Maintenance tasks follow the same
 * pattern"): with the data worker's network really cut, a create, a claim, a complete and an edit
 * are queued with their info texts and shown as pending; back online each reaches the server
 * exactly once (every write raises the task's version by one, so a repeat would show).
 */
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { activityBadge, chooseOption, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

for (const mode of ['shared', 'dedicated'] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('offline create, claim, complete and edit of tasks are queued, then each reaches the server once', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const location = await api.createLocation(unique('Offline Plant'));
      const toClaim = await api.createTask(location.id, unique('Flush the boiler'));
      const toComplete = await api.taskAction((await api.createTask(location.id, unique('Test the backflow valve'))).id, 'claim');
      const toEdit = await api.createTask(location.id, unique('Clean the ice machine'), { interval: 30 });
      const description = unique('Replace the wiper blades');

      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      // Visit what will be needed offline, so the worker has it saved.
      await page.goto(`/maintenance-list?location=${location.id}`);
      for (const task of [toClaim, toComplete, toEdit]) {
        await page.getByRole('link', { name: new RegExp(task.description.full_description) }).click();
        await expect(page.getByText(task.description.full_description)).toBeVisible();
        // The browser's own back, not the Back link: the list draws its own Back link where the
        // detail's was, and a click that lands as the page changes under it would open /home.
        await page.goBack();
        await expect(page).toHaveURL(/\/maintenance-list\?location=/);
      }
      await page.getByRole('link', { name: 'Create Maintenance Task' }).click();
      await chooseOption(page, 'Location', location.name);
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();

      // Create.
      await page.getByLabel('Description').fill(description);
      await page.getByLabel('Recurrence Interval (days)').fill('90');
      await page.getByLabel('Last Completed Date').fill(daysAgo(2));
      await page.getByRole('button', { name: 'Create Maintenance Task' }).click();
      await expect(toast(page, "You're offline. We'll create this maintenance task once the connection returns")).toBeVisible();
      await expect(page).toHaveURL(/\/maintenance-list/);
      await expect(page.getByText("Showing saved tasks or data. We'll refresh when you're online again.")).toBeVisible();

      // Claim.
      await page.getByRole('link', { name: new RegExp(toClaim.description.full_description) }).click();
      await page.getByRole('button', { name: 'Claim' }).click();
      await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
      await expect(toast(page, "We'll claim or unclaim this task once you're back online")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pending sync' })).toBeDisabled();
      await expect(page.getByRole('region', { name: 'Pending sync' })).toContainText('Task · Claim');

      // Edit: only the description changes.
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByRole('link', { name: new RegExp(toEdit.description.full_description) }).click();
      await page.getByRole('link', { name: 'Edit' }).click();
      await expect(page.getByLabel('Description')).toHaveValue(toEdit.description.full_description);
      await page.getByLabel('Description').fill(`${toEdit.description.full_description} and the bin`);
      await page.getByRole('button', { name: 'Update Maintenance' }).click();
      await expect(toast(page, "You're offline. We'll save these changes to the task once the connection returns")).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pending sync' })).toContainText('Task · Update');

      // Complete, with field notes; this detail stays open.
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByRole('link', { name: new RegExp(toComplete.description.full_description) }).click();
      await page.getByRole('button', { name: 'Complete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Complete' });
      await dialog.getByLabel('Field Notes').fill('Valve passed at 12 psi.');
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect(toast(page, "We'll mark this task complete once the connection returns")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pending sync' })).toBeDisabled();

      await expect(activityBadge(page)).toHaveText('4');
      // Nothing reached the server while offline.
      expect(await api.findTasks(description)).toHaveLength(0);
      expect((await api.task(toClaim.id)).version).toBe(toClaim.version);
      expect((await api.task(toEdit.id)).version).toBe(toEdit.version);
      expect((await api.task(toComplete.id)).version).toBe(toComplete.version);

      await network.setOffline(false);
      await expect(page.getByText('Offline mode')).toBeHidden();
      // The open detail reloads by itself once its completion synced.
      await expect(page.locator('.wo-status')).toHaveText('Complete', { timeout: 30_000 });
      await expect(activityBadge(page)).toBeHidden();

      const created = await api.findTasks(description);
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ recurrence_interval: 90, last_completed_date: daysAgo(2), location_id: location.id });
      expect(await api.task(toClaim.id)).toMatchObject({ status: 'CLAIMED', version: toClaim.version + 1 });
      expect(await api.task(toEdit.id)).toMatchObject({
        description: { full_description: `${toEdit.description.full_description} and the bin` },
        recurrence_interval: 30,
        version: toEdit.version + 1,
      });
      expect(await api.task(toComplete.id)).toMatchObject({ status: 'COMPLETE', field_notes: 'Valve passed at 12 psi.', version: toComplete.version + 1 });
    });
  });
}
