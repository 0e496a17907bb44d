/**
 * A queued edit never silently overwrites newer data (issue: the client's building kit): a task is
 * edited offline while someone else completes it. Back online the edit, based on the older
 * version, is refused; the Offline Activity panel shows it as a conflict with the server's words
 * and the user's changes, and nothing was overwritten. Re-apply sends the same changes on the task
 * as it is now (the completion stays); Discard drops them. In both host modes.
 */
import { HttpClient, RIVAL, SUPERVISOR, ensureRival, unique } from '../helpers/e2e-api';
import { activityBadge, expect, openActivityPanel, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

for (const [mode, choice] of [
  ['shared', 'Re-apply'],
  ['dedicated', 'Discard'],
] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test(`an offline edit of a task completed meanwhile is shown as a conflict, nothing overwritten, and the user chooses: ${choice}`, async ({ page, network }) => {
      await ensureRival();
      const api = await HttpClient.signIn(SUPERVISOR);
      const rival = await HttpClient.signIn(RIVAL);
      const location = await api.createLocation(unique('Conflict Plant'));
      const task = await api.createTask(location.id, unique('Descale the boiler'), { interval: 30 });
      const original = task.description.full_description;
      const edited = `${original}, and check the pressure relief valve`;

      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await page.goto(`/maintenance-update/${task.id}`);
      await expect(page.getByLabel('Description')).toHaveValue(original);
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();
      await page.getByLabel('Description').fill(edited);
      await page.getByRole('button', { name: 'Update Maintenance' }).click();
      await expect(toast(page, "You're offline. We'll save these changes to the task once the connection returns")).toBeVisible();

      // Meanwhile, with a connection, someone else claims and completes the task.
      await rival.taskAction(task.id, 'claim');
      const completed = await rival.taskAction(task.id, 'complete', { field_notes: 'Descaled, valve fine.' });
      expect(completed.version).toBeGreaterThan(task.version);

      await network.setOffline(false);
      await expect(toast(page, /Changed by Riley Rival at .* since you edited it\. Your changes are kept in Offline Activity\./)).toBeVisible({ timeout: 30_000 });
      // Waiting for the user's decision: counted in the badge.
      await expect(activityBadge(page)).toHaveText('1');
      const panel = await openActivityPanel(page);
      const item = panel.locator('.queue-item', { hasText: 'Task · Update' });
      await expect(item.locator('.p-badge')).toHaveText('conflict');
      await expect(item).toContainText(/Changed by Riley Rival at .* since you edited it\./);
      await expect(item).toContainText(`Your changes: Description: ${edited}`);
      // Nothing was overwritten: the completion stands, the description is the original.
      expect(await api.task(task.id)).toMatchObject({ description: { full_description: original }, version: completed.version, field_notes: 'Descaled, valve fine.' });

      if (choice === 'Re-apply') {
        await item.getByRole('button', { name: 'Re-apply' }).click();
        await expect(toast(page, 'Your changes will be applied to the record as it is now.')).toBeVisible();
        await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
        await expect.poll(async () => (await api.task(task.id)).description.full_description).toBe(edited);
        // Applied once, on top of the completion, which it did not roll back.
        expect(await api.task(task.id)).toMatchObject({ version: completed.version + 1, field_notes: 'Descaled, valve fine.', last_completed_date: completed.last_completed_date });
      } else {
        await item.getByRole('button', { name: 'Discard' }).click();
        await item.getByRole('group', { name: /Discard/ }).getByRole('button', { name: 'Discard changes' }).click();
        await expect(toast(page, 'Your changes were discarded.')).toBeVisible();
        await expect(activityBadge(page)).toBeHidden();
        await expect(panel.locator('.queue-item', { hasText: 'Task · Update' })).toHaveCount(0);
        expect(await api.task(task.id)).toMatchObject({ description: { full_description: original }, version: completed.version });
      }
    });
  });
}
