/**
 * Procedures on maintenance tasks in the browser, both host modes (docs/decisions.md: Procedures on
 * maintenance tasks): a task with three steps completed offline with one failed check produces
 * exactly one follow-up work order once the connection returns (the follow-up is the server's,
 * made inside the completion's own transaction, so the replayed completion cannot make two); and
 * the update form edits the steps, refusing an empty label and a minimum above the maximum in the
 * shared rule's words.
 */
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { activityBadge, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';

const THREE_STEPS = [
  { kind: 'check', label: 'Belt intact', required: true },
  { kind: 'reading', label: 'Pump pressure', required: true, unit: 'psi', min: 10, max: 100 },
  { kind: 'text', label: 'Remarks', required: false },
];

for (const mode of ['shared', 'dedicated'] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('a three-step task completed offline with one failure opens exactly one follow-up order after reconnecting', async ({ page, network }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const location = await api.createLocation(unique('Procedure Wash'));
      const created = await api.createTask(location.id, unique('Inspect the wash pumps'));
      await api.updateTask(created.id, { steps: THREE_STEPS });
      const task = await api.taskAction(created.id, 'claim');
      expect(task.steps).toHaveLength(3);
      const followUps = () => api.findWorkOrders(`Follow-up from maintenance task #${task.id} (`);

      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      // Open the task once online, so its steps are on the device.
      await page.goto(`/maintenance-detail/${task.id}`);
      await expect(page.getByRole('region', { name: 'Procedure' })).toContainText('Pump pressure');
      await serviceWorkerReady(page);

      await network.setOffline(true);
      await expect(page.getByText('Offline mode')).toBeVisible();

      await page.getByRole('button', { name: 'Complete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Complete' });
      await expect(dialog.getByText('Mark this task as completed?')).toBeVisible();
      // Required steps must be answered: the dialog says which, in the server's words, and stays open.
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect(dialog.getByText('Belt intact: this step needs an answer.')).toBeVisible();
      await expect(dialog.getByText('Pump pressure: this step needs an answer.')).toBeVisible();

      await dialog.getByRole('radiogroup', { name: 'Belt intact' }).getByLabel('Fail').check();
      // A failed check asks for a short note.
      const belt = dialog.getByRole('group', { name: 'Belt intact' });
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect(belt.getByText('Belt intact: add a short note about the failure.')).toBeVisible();
      await belt.getByLabel('Note').fill('Frayed at the tensioner');
      const pressure = dialog.getByRole('group', { name: 'Pump pressure' });
      await pressure.getByLabel('Reading (psi)').fill('forty');
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect(pressure.getByText('Pump pressure: the reading is not a number.')).toBeVisible();
      await pressure.getByLabel('Reading (psi)').fill('42');
      await dialog.getByRole('group', { name: 'Remarks (optional)' }).getByLabel('Answer').fill('Bearing a little noisy');
      await dialog.getByLabel('Field Notes').fill('All three bays done.');
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect(toast(page, "We'll mark this task complete once the connection returns")).toBeVisible();
      await expect(activityBadge(page)).toHaveText('1');

      // Nothing reached the server while offline.
      expect(await followUps()).toHaveLength(0);
      expect((await api.task(task.id)).status).toBe('CLAIMED');

      await network.setOffline(false);
      await expect(page.getByText('Offline mode')).toBeHidden();
      await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });

      const done = await api.task(task.id);
      expect(done).toMatchObject({ status: 'COMPLETE', field_notes: 'All three bays done.', version: task.version + 1 });
      const orders = await followUps();
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ status: 'Pending', location_id: location.id });
      expect(orders[0]!.description).toContain('step "Belt intact" failed. Note: Frayed at the tensioner');
      expect(done.last_completion_answers.map((a) => [a.label, a.value, a.follow_up_work_order_id])).toEqual([
        ['Belt intact', 'fail', orders[0]!.id],
        ['Pump pressure', 42, null],
        ['Remarks', 'Bearing a little noisy', null],
      ]);

      // A reload (a new worker, a fresh flush on start) sends nothing again.
      await page.reload();
      await expect(page.getByRole('region', { name: "Last completion's answers" })).toContainText('Fail (Frayed at the tensioner)');
      await expect(page.getByRole('link', { name: `Follow-up: Work order #${orders[0]!.id}` })).toBeVisible();
      expect(await followUps()).toHaveLength(1);
      expect((await api.task(task.id)).version).toBe(done.version);
    });
  });
}

test('the update form adds, orders and removes steps, refusing an empty label and a minimum above the maximum', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Procedure Form Yard'));
  const task = await api.createTask(location.id, unique('Service the compressor'));

  await signIn(page, SUPERVISOR);
  await page.goto(`/maintenance-update/${task.id}`);
  await expect(page.getByLabel('Description')).toHaveValue(task.description.full_description);

  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('button', { name: 'Add step' }).click();
  const first = page.getByRole('group', { name: 'Step 1' });
  const second = page.getByRole('group', { name: 'Step 2' });
  await second.locator('.p-dropdown').click();
  await page.getByRole('option', { name: 'Reading', exact: true }).click();
  await second.getByLabel('Label').fill('Tank pressure');
  await second.getByLabel('Minimum').fill('120');
  await second.getByLabel('Maximum').fill('100');
  await page.getByRole('button', { name: 'Update Maintenance' }).click();
  await expect(first.getByText('Step 1: enter a label.')).toBeVisible();
  await expect(second.getByText('Step 2: the minimum is greater than the maximum.')).toBeVisible();
  expect((await api.task(task.id)).steps).toEqual([]);

  await first.getByLabel('Label').fill('Drain the condensate');
  await second.getByLabel('Minimum').fill('80');
  await page.getByRole('button', { name: 'Move step 2 up' }).click();
  await page.getByRole('button', { name: 'Update Maintenance' }).click();
  await expect(toast(page, 'Maintenance updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/maintenance-detail/${task.id}$`));

  const saved = await api.task(task.id);
  expect(saved.steps.map((s) => [s.kind, s.label, s.min, s.max])).toEqual([
    ['reading', 'Tank pressure', 80, 100],
    ['check', 'Drain the condensate', null, null],
  ]);
  expect(saved.procedure_version).toBe(1);
  await expect(page.getByRole('region', { name: 'Procedure' })).toContainText('Tank pressure');

  // Removing one, on the version shown.
  await page.goto(`/maintenance-update/${task.id}`);
  await page.getByRole('button', { name: 'Remove step 2' }).click();
  await page.getByRole('button', { name: 'Update Maintenance' }).click();
  await expect(toast(page, 'Maintenance updated successfully')).toBeVisible();
  expect((await api.task(task.id)).steps.map((s) => s.label)).toEqual(['Tank pressure']);
});
