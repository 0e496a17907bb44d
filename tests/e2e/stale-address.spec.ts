/**
 * A screen acts only on its own address, however fast the user moves: in both host modes, with the
 * page's CPU throttled 4× (a slow handheld), the address changes again before React has drawn the
 * screen it led to.
 *
 * 1. A work order is created with a photo and the browser goes Back to the form at once: the form
 *    is empty, and a second order sent without files reaches the server with none.
 * 2. The task list is left for the part list (?location=3003) while it is still drawing: the task
 *    list's remembered location is unchanged.
 */
import type { Page } from '@playwright/test';
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { ATTACHMENT_PATH, chooseOption, expect, signIn, test, toast } from '../helpers/e2e-app';

const THROTTLE = 4;

async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The next time the app moves the browser to `from`, the browser goes Back in the same task, before React can draw that screen. */
async function backOnNextVisit(page: Page, from: string): Promise<void> {
  await page.evaluate((from) => {
    const push = history.pushState;
    history.pushState = function (...args: Parameters<History['pushState']>) {
      push.apply(this, args);
      if (location.pathname + location.search !== from) return;
      history.pushState = push;
      history.back();
    };
  }, from);
}

/**
 * Once the screen titled `title` is drawn at `from` (its first commit, before its reads have
 * answered), the browser moves to `to` at once, as a quick user's next tap does.
 */
async function leaveOnceDrawn(page: Page, from: string, title: string, to: string): Promise<void> {
  await page.evaluate(
    ([from, title, to]) => {
      const observer = new MutationObserver(() => {
        if (location.pathname + location.search !== from || document.querySelector('main h1')?.textContent !== title) return;
        observer.disconnect();
        history.pushState(null, '', to);
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    [from, title, to] as const,
  );
}

for (const mode of ['shared', 'dedicated'] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test('a new work order sent, then Back to the form at once: the form is empty and the next order carries no photo', async ({ page }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const location = await api.createLocation(unique('Stale Form Yard'));
      const first = unique('new order 01');
      const second = unique('new order 02');

      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await page.goto('/workorder-create');
      await chooseOption(page, 'Location', location.name);
      await page.getByLabel('Description').fill(first);
      await page.getByLabel('Attachments').setInputFiles(ATTACHMENT_PATH);
      await expect(page.getByRole('list', { name: 'Chosen attachments' })).toBeVisible();

      await throttleCpu(page, THROTTLE);
      await backOnNextVisit(page, '/workorder-home/');
      await page.getByRole('button', { name: 'Create Work Order' }).click();
      await expect(toast(page, 'Work order created successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/workorder-create$/);

      // Back on the form: nothing of the order just sent.
      await expect(page.getByLabel('Description')).toHaveValue('');
      await expect(page.getByRole('list', { name: 'Chosen attachments' })).toHaveCount(0);
      expect(await page.getByLabel('Attachments').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

      // The second order: its location is the one chosen last; no file is chosen.
      await page.getByLabel('Description').fill(second);
      await page.getByRole('button', { name: 'Create Work Order' }).click();
      await expect(page).toHaveURL(/\/workorder-home\/$/);
      await expect(toast(page, 'Work order created successfully!')).toHaveCount(1);

      const [sentFirst] = await api.findWorkOrders(first);
      expect(sentFirst!.attachments).toHaveLength(1);
      await expect.poll(async () => (await api.findWorkOrders(second)).length).toBe(1);
      const [sentSecond] = await api.findWorkOrders(second);
      expect(sentSecond!.location_id).toBe(location.id);
      expect(sentSecond!.attachments).toHaveLength(0);
    });

    test("the task list left for the part list while still drawing keeps its own remembered location", async ({ page }) => {
      const api = await HttpClient.signIn(SUPERVISOR);
      const location = await api.createLocation(unique('Stale List Yard'));
      const description = unique('Grease the conveyor');
      await api.createTask(location.id, description);
      const ownList = `/maintenance-list?location=${location.id}`;
      const remembered = () => page.evaluate(() => localStorage.getItem('maintenanceSelectedLocation'));

      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await page.goto(ownList);
      await expect.poll(remembered).toBe(String(location.id));
      await page.getByRole('link', { name: new RegExp(description) }).click();
      await expect(page.getByText(description)).toBeVisible();

      await throttleCpu(page, THROTTLE);
      // The detail's Back returns to the task list, and the user moves straight on to the part list.
      await leaveOnceDrawn(page, ownList, 'Preventative Maintenance', '/part-list?location=3003');
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\/part-list\?location=3003$/);
      await expect(page.getByRole('heading', { name: 'Part List', exact: true })).toBeVisible();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('partSelectedLocation'))).toBe('3003');
      expect(await remembered()).toBe(String(location.id));

      // The task list opens again on its own location.
      await throttleCpu(page, 1);
      await page.goto('/maintenance-list');
      await expect(page).toHaveURL(new RegExp(`/maintenance-list\\?location=${location.id}$`));
      await expect(page.getByRole('link', { name: new RegExp(description) })).toBeVisible();
    });
  });
}
