/**
 * Preventive maintenance online (behaviour §2, 4, 5): the task forms' required fields said beside them
 * (Create and Update), a task created, claimed, completed (back to the list) and edited; the list's search, location
 * filter (remembered under `maintenanceSelectedLocation`) and status colours; an edit made on an
 * older version is refused with who changed it, and saving again keeps the other user's completion;
 * a limited user can neither open the screens nor call the API.
 */
import type { Page } from '@playwright/test';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { chooseOption, expect, signIn, test, toast } from '../helpers/e2e-app';

const REQUIRED = 'This field is required.';
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A task at a new location, every 30 days, last completed on `lastCompleted`: its update form open and filled for the supervisor. */
async function openUpdateForm(page: Page, yard: string, description: string, lastCompleted: string) {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique(yard));
  const task = await api.createTask(location.id, unique(description), { interval: 30, lastCompleted });
  await signIn(page, SUPERVISOR);
  await page.goto(`/maintenance-update/${task.id}`);
  await expect(page.getByLabel('Description')).toHaveValue(task.description.full_description);
  return { api, task };
}

test('a task is created with its required fields, claimed, completed and edited', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Task Yard'));
  const description = unique('Grease the conveyor bearings');

  await signIn(page, SUPERVISOR);
  await page.getByRole('link', { name: 'Preventative Maintenance' }).click();
  await expect(page.getByRole('heading', { name: 'Preventative Maintenance' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Maintenance Task' }).click();

  // Nothing filled: each required field says so beside it, and nothing is sent.
  await page.getByRole('button', { name: 'Create Maintenance Task' }).click();
  await expect(toast(page, 'Some fields need your attention.')).toBeVisible();
  for (const label of ['Location', 'Description', 'Recurrence Interval (days)', 'Last Completed Date']) {
    const field = page.locator('.field', { has: page.getByText(label, { exact: true }) });
    await expect(field.locator('.field-error')).toHaveText(REQUIRED);
  }
  await expect(page.locator('#task-notes-error')).toHaveCount(0);

  await chooseOption(page, 'Location', location.name);
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Recurrence Interval (days)').fill('0');
  await page.getByLabel('Last Completed Date').fill(daysAgo(3));
  await page.getByRole('button', { name: 'Create Maintenance Task' }).click();
  // The interval's lower bound, in the server's words, before anything is sent.
  await expect(page.locator('#task-interval-error')).toHaveText('Ensure this value is greater than or equal to 1.');
  await page.getByLabel('Recurrence Interval (days)').fill('7');
  await page.getByRole('button', { name: 'Create Maintenance Task' }).click();
  await expect(toast(page, 'Maintenance task created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/maintenance-detail\/\d+$/);
  const [created] = await api.findTasks(description);
  expect(created).toMatchObject({ recurrence_interval: 7, last_completed_date: daysAgo(3), location_id: location.id });
  await expect(page.getByText('Every 7 days').or(page.getByText('Weekly'))).toBeVisible();

  // Claim, then complete with field notes: back to the list.
  await page.getByRole('button', { name: 'Claim' }).click();
  await page.getByRole('dialog', { name: 'Confirm Claim' }).getByRole('button', { name: 'Claim' }).click();
  await expect(toast(page, 'Task claimed successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unclaim' })).toBeEnabled();
  await expect(page.locator('.wo-status')).toHaveText('Claimed');
  await page.getByRole('button', { name: 'Complete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Complete' });
  await dialog.getByLabel('Field Notes').fill('Bearings greased, no play.');
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(toast(page, 'Task marked as complete!')).toBeVisible();
  await expect(page).toHaveURL(/\/maintenance-list/);
  const completed = await api.task(created!.id);
  expect(completed).toMatchObject({ status: 'COMPLETE', field_notes: 'Bearings greased, no play.', assigned_to: [] });

  // Edit: only the changed field is sent.
  await page.goto(`/maintenance-update/${created!.id}`);
  await page.getByLabel('Task Notes').fill('Use the blue grease gun.');
  await page.getByRole('button', { name: 'Update Maintenance' }).click();
  await expect(toast(page, 'Maintenance updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/maintenance-detail/${created!.id}$`));
  await expect(page.getByText('Use the blue grease gun.', { exact: true })).toBeVisible();
  const edited = await api.task(created!.id);
  expect(edited).toMatchObject({ task_notes: 'Use the blue grease gun.', status: 'COMPLETE', last_completed_date: completed.last_completed_date, version: completed.version + 1 });
});

test('the update form says each emptied required field beside it and sends nothing (behaviour §5)', async ({ page }) => {
  const { api, task } = await openUpdateForm(page, 'Update Yard', 'Drain the air receiver', daysAgo(5));
  await expect(page.getByRole('heading', { name: 'Update Maintenance' })).toBeVisible();
  // The same fields as Create, without Created By.
  await expect(page.getByLabel('Created By')).toHaveCount(0);

  await page.getByLabel('Description').fill('');
  await page.getByLabel('Recurrence Interval (days)').fill('');
  await page.getByLabel('Last Completed Date').fill('');
  await page.getByRole('button', { name: 'Update Maintenance' }).click();
  await expect(toast(page, 'Some fields need your attention.')).toBeVisible();
  for (const label of ['Description', 'Recurrence Interval (days)', 'Last Completed Date']) {
    const field = page.locator('.field', { has: page.getByText(label, { exact: true }) });
    await expect(field.locator('.field-error')).toHaveText(REQUIRED);
  }
  // The location keeps its value and Task Notes is optional: neither says anything.
  await expect(page.locator('#task-edit-location-error')).toHaveCount(0);
  await expect(page.locator('#task-edit-notes-error')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/maintenance-update/${task.id}$`));
  expect(await api.task(task.id)).toMatchObject({ version: task.version, recurrence_interval: 30, last_completed_date: daysAgo(5) });

  // Filled again, the message goes and the change is saved.
  await page.getByLabel('Description').fill(task.description.full_description);
  await page.getByLabel('Recurrence Interval (days)').fill('14');
  await page.getByLabel('Last Completed Date').fill(daysAgo(5));
  await page.getByRole('button', { name: 'Update Maintenance' }).click();
  await expect(toast(page, 'Maintenance updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/maintenance-detail/${task.id}$`));
  expect(await api.task(task.id)).toMatchObject({ recurrence_interval: 14, version: task.version + 1 });
});

test('the list searches, filters by a remembered location and colours each card by its status', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const yard = await api.createLocation(unique('Status Yard'));
  const other = await api.createLocation(unique('Other Yard'));
  const tag = unique('status');
  const pastDue = await api.createTask(yard.id, `${tag} past due`, { interval: 7, lastCompleted: daysAgo(30) });
  const fresh = await api.createTask(yard.id, `${tag} never done here`, { interval: 365, lastCompleted: daysAgo(1) });
  // Completed through the system, on a day before today: up to date for a year.
  const upToDate = await api.createTask(yard.id, `${tag} up to date`, { interval: 365, lastCompleted: daysAgo(1) });
  await api.taskAction(upToDate.id, 'claim');
  await api.taskAction(upToDate.id, 'complete');
  await api.updateTask(upToDate.id, { last_completed_date: daysAgo(1) });
  await api.createTask(other.id, `${tag} elsewhere`, { interval: 30, lastCompleted: daysAgo(1) });

  await signIn(page, SUPERVISOR);
  await page.goto('/maintenance-list');
  await chooseOption(page, 'Location', yard.name);
  await expect(page).toHaveURL(new RegExp(`location=${yard.id}`));
  const cards = page.getByRole('list', { name: 'Maintenance tasks' }).getByRole('link');
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: pastDue.description.full_description })).toHaveClass(/task-status-past_due/);
  await expect(cards.filter({ hasText: upToDate.description.full_description })).toHaveClass(/task-status-up_to_date/);
  await expect(cards.filter({ hasText: fresh.description.full_description })).toHaveClass(/task-status-new/);
  await expect(cards.filter({ hasText: 'past due' }).locator('.wo-status')).toHaveText('Past due');

  // Search ignores case and matches the location's name too.
  await page.getByLabel('Search').fill(`${tag} PAST`.toUpperCase());
  await expect(page).toHaveURL(/search=/);
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Search').fill(yard.name.toLowerCase());
  await expect(cards).toHaveCount(3);
  await page.getByLabel('Search').fill('');
  await expect(page).not.toHaveURL(/search=/);
  await expect(cards).toHaveCount(3);

  // The location is remembered on the device (behaviour §3 key) and reopened on the next visit.
  expect(await page.evaluate(() => localStorage.getItem('maintenanceSelectedLocation'))).toBe(String(yard.id));
  await page.goto('/home');
  await page.getByRole('link', { name: 'Preventative Maintenance' }).click();
  await expect(page).toHaveURL(new RegExp(`/maintenance-list\\?location=${yard.id}$`));
  await expect(cards).toHaveCount(3);

  // A detail's Back returns to the list as it was.
  await cards.first().click();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/maintenance-list\\?location=${yard.id}$`));
});

test('an edit based on an older version is refused, names who changed the task, and never undoes their completion', async ({ page }) => {
  const { api, task } = await openUpdateForm(page, 'Stale Yard', 'Check the air compressor', daysAgo(40));

  // Meanwhile the task is claimed and completed elsewhere.
  await api.taskAction(task.id, 'claim');
  const done = await api.taskAction(task.id, 'complete', { field_notes: 'Done by the other shift.' });
  expect(done.status).toBe('COMPLETE');

  await page.getByLabel('Recurrence Interval (days)').fill('14');
  await page.getByRole('button', { name: 'Update Maintenance' }).click();
  await expect(page.getByText(/Changed by Sam Rivera at .* since you edited it\./).first()).toBeVisible();
  await expect(page.getByLabel('Recurrence Interval (days)')).toHaveValue('14');
  // The refused edit changed nothing.
  expect(await api.task(task.id)).toMatchObject({ recurrence_interval: 30, version: done.version });

  await page.getByRole('button', { name: 'Update Maintenance' }).click();
  await expect(toast(page, 'Maintenance updated successfully')).toBeVisible();
  const after = await api.task(task.id);
  expect(after).toMatchObject({ recurrence_interval: 14, last_completed_date: done.last_completed_date, field_notes: 'Done by the other shift.', version: done.version + 1 });
});

test('a limited user cannot open the maintenance screens, and the server refuses their calls', async ({ page }) => {
  const supervisor = await HttpClient.signIn(SUPERVISOR);
  const task = await supervisor.createTask((await supervisor.createLocation(unique('Limited Yard'))).id, unique('Inspect the hoist'));
  const technician = await HttpClient.signIn(TECHNICIAN);
  expect((await technician.request('GET', '/maintenance/tasks/')).status).toBe(403);
  expect((await technician.request('POST', `/maintenance/tasks/${task.id}/claim/`)).status).toBe(403);

  await signIn(page, TECHNICIAN);
  for (const path of ['/maintenance-list', `/maintenance-detail/${task.id}`, '/maintenance-create', `/maintenance-update/${task.id}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/workorder-home$/);
  }
  expect((await supervisor.task(task.id)).assigned_to).toEqual([]);
});
