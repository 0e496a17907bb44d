/**
 * Labour on a work order in the browser (docs/decisions.md: What the work costs): the full-access
 * user who claimed the order starts the timer, loses the connection, reloads (the timer still runs:
 * it is the start waiting in the queue, not a ticking tab), stops it and adds an hour by hand
 * offline; after reconnecting the server has each entry once at their rate and the costs add up. A
 * limited technician sees the time but never a rate or a cost, and cannot record time on an order
 * they did not claim. axe in both themes on the section. Serial: both tests set the supervisor's rate.
 */
import type { LabourEntry } from '../../shared/api/labour';
import type { WorkOrder } from '../../shared/api/workorders';
import { HttpClient, SUPERVISOR, TECHNICIAN, unique } from '../helpers/e2e-api';
import { activityBadge, expect, serviceWorkerReady, signIn, test, toast } from '../helpers/e2e-app';
import { expectAccessibleInBothThemes } from '../helpers/e2e-axe';

// axe is injected as a script tag (tests/helpers/e2e-axe.ts).
test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial' });

test('time is recorded offline with a timer and by hand; each entry reaches the server once at the rate of then, and a technician sees no cost', async ({ page, network, browser }) => {
  const supervisor = await HttpClient.signIn(SUPERVISOR);
  const technician = await HttpClient.signIn(TECHNICIAN);
  const me = (await supervisor.request<{ id: number }>('GET', '/auth/users/me/')).body;
  expect((await supervisor.request('PATCH', `/admin/users/${me.id}/`, { hourly_rate: 42 })).status).toBe(200);
  const location = await supervisor.createLocation(unique('Labour Wash'));
  const order = await supervisor.createWorkOrder(location.id, unique('Replace the brush motor'));
  await supervisor.claim(order.id);

  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, SUPERVISOR);
  await page.goto(`/workorder-detail/${order.id}`);
  const labour = page.locator('.labour-section');
  await expect(labour.getByRole('heading', { name: 'Labour' })).toBeVisible();
  await expect(labour.getByText('No time recorded yet.')).toBeVisible();
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await labour.getByRole('button', { name: 'Start Timer' }).click();
  await expect(toast(page, "You're offline. The timer runs from now; we'll send it once the connection returns.")).toBeVisible();
  await expect(labour.locator('.labour-running')).toContainText('Timer running since');
  // A reload offline: the timer is the queued start, still running.
  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(labour.locator('.labour-running')).toContainText('Timer running since');
  await labour.getByRole('button', { name: 'Stop Timer' }).click();
  await expect(toast(page, "You're offline. The timer stopped now; we'll send it once the connection returns.")).toBeVisible();
  await expect(labour.locator('.labour-running')).toHaveCount(0);

  await labour.getByRole('button', { name: 'Add Time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Time' });
  await dialog.getByLabel('Minutes').fill('0');
  await dialog.getByRole('button', { name: 'Add Time' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Minutes').fill('60');
  await dialog.getByRole('button', { name: 'Add Time' }).click();
  await expect(toast(page, "You're offline. We'll add this time once the connection returns.")).toBeVisible();
  await expect(labour.getByText('Pending sync')).toBeVisible();

  await network.setOffline(false);
  await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
  const entries = async () => (await supervisor.request<LabourEntry[]>('GET', `/workorders/${order.id}/labour/`)).body;
  await expect.poll(async () => (await entries()).length).toBe(2);
  const [timed, byHand] = (await entries()).sort((a, b) => (a.minutes ?? 0) - (b.minutes ?? 0));
  expect(timed).toMatchObject({ user: { id: me.id }, hourly_rate: 42, stopped_at: expect.any(String) });
  expect(byHand).toMatchObject({ minutes: 60, hourly_rate: 42, cost: 42 });
  await expect(labour.locator('.labour-entry')).toHaveCount(2);
  await expect(labour.locator('.entries-total')).toContainText('$');
  await expectAccessibleInBothThemes(page, 'the labour section');
  const costs = (await supervisor.request<WorkOrder>('GET', `/workorders/${order.id}/`)).body.costs!;
  expect(costs.labour_minutes).toBe((timed!.minutes ?? 0) + 60);
  expect(costs.total).toBeCloseTo(costs.labour_cost + costs.parts_cost, 2);

  // A limited technician: the time, never a rate or a cost; no timer on an order they did not claim.
  const seenByTechnician = (await technician.request<LabourEntry[]>('GET', `/workorders/${order.id}/labour/`)).body;
  expect(seenByTechnician.every((e) => e.hourly_rate === null && e.cost === null)).toBe(true);
  expect((await technician.request<WorkOrder>('GET', `/workorders/${order.id}/`)).body.costs).toBeNull();
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, TECHNICIAN);
  await other.goto(`/workorder-detail/${order.id}`);
  const theirs = other.locator('.labour-section');
  await expect(theirs.locator('.labour-entry')).toHaveCount(2);
  await expect(theirs.getByText(/\$/)).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Start Timer' })).toHaveCount(0);
  await context.close();
});

test('a supervisor sets an hourly rate on the Users screen and sees the costs on the order', async ({ page }) => {
  const supervisor = await HttpClient.signIn(SUPERVISOR);
  const location = await supervisor.createLocation(unique('Rate Wash'));
  const order = await supervisor.createWorkOrder(location.id, unique('Check the pumps'));
  await signIn(page, SUPERVISOR);
  await page.goto('/admin/users?search=supervisor%40example.com');
  const card = page.getByRole('article').filter({ hasText: 'supervisor@example.com' });
  await card.getByRole('button', { name: 'Hourly rate' }).click();
  const dialog = page.getByRole('dialog', { name: /^Hourly rate of/ });
  await dialog.getByLabel('Per hour').fill('-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Per hour').fill('30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Hourly rate of supervisor@example.com saved.')).toBeVisible();
  await expect(card.getByText('$30.00')).toBeVisible();

  await page.goto(`/workorder-detail/${order.id}`);
  const labour = page.locator('.labour-section');
  await labour.getByRole('button', { name: 'Add Time' }).click();
  const add = page.getByRole('dialog', { name: 'Add Time' });
  await add.getByLabel('Minutes').fill('90');
  await add.getByRole('button', { name: 'Add Time' }).click();
  await expect(toast(page, 'Time added.')).toBeVisible();
  await expect(labour.locator('.labour-entry')).toContainText('1 h 30 min · $45.00');
  await expect(labour.locator('.entries-total')).toHaveText('Total: 1 h 30 min, $45.00');
});

test("time on a claimed maintenance task, offline: a timer across a reload and the completion; the completion takes the time once", async ({ page, network }) => {
  const supervisor = await HttpClient.signIn(SUPERVISOR);
  const location = await supervisor.createLocation(unique('Task Labour Wash'));
  const task = await supervisor.taskAction((await supervisor.createTask(location.id, unique('Grease the conveyor'))).id, 'claim');

  await signIn(page, SUPERVISOR);
  await page.goto(`/maintenance-detail/${task.id}`);
  const labour = page.locator('.labour-section');
  await expect(labour.getByText('No time recorded yet.')).toBeVisible();
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await expect(page.getByText('Offline mode')).toBeVisible();
  await labour.getByRole('button', { name: 'Start Timer' }).click();
  await expect(labour.locator('.labour-running')).toContainText('Timer running since');
  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(labour.locator('.labour-running')).toContainText('Timer running since');
  await labour.getByRole('button', { name: 'Stop Timer' }).click();
  await expect(labour.locator('.labour-running')).toHaveCount(0);
  await labour.getByRole('button', { name: 'Add Time' }).click();
  const add = page.getByRole('dialog', { name: 'Add Time' });
  await add.getByLabel('Minutes').fill('25');
  await add.getByRole('button', { name: 'Add Time' }).click();
  await expect(toast(page, "You're offline. We'll add this time once the connection returns.")).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('dialog', { name: 'Confirm Complete' }).getByRole('button', { name: 'Complete' }).click();

  await network.setOffline(false);
  await expect(activityBadge(page)).toBeHidden({ timeout: 30_000 });
  const entries = async () => (await supervisor.request<LabourEntry[]>('GET', `/maintenance/tasks/${task.id}/labour/`)).body;
  await expect.poll(async () => (await entries()).length).toBe(2);
  const all = await entries();
  // Both went to the one completion the queue sent after them.
  expect(new Set(all.map((e) => e.task_completion_id)).size).toBe(1);
  expect(all[0]!.task_completion_id).not.toBeNull();
  expect(all.map((e) => e.minutes).sort()).toContain(25);
  await expect(labour.locator('.labour-entry')).toHaveCount(2);
  await expectAccessibleInBothThemes(page, "a task's labour");
});
