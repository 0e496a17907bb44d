/**
 * Every screen live, in both host modes: a claim made by another user reaches an open list and an
 * open detail without a reload (the server's hint stream, the worker's pull, the screen's re-read),
 * the list in one tab and the detail in another.
 */
import { HttpClient, RIVAL, SUPERVISOR, ensureRival, unique } from '../helpers/e2e-api';
import { expect, signIn, test } from '../helpers/e2e-app';

for (const mode of ['shared', 'dedicated'] as const) {
  test.describe(`${mode} worker`, () => {
    test.use({ fallback: mode === 'dedicated' });

    test("another user's claim appears in an open list and an open detail without a reload", async ({ page, context }) => {
      await ensureRival();
      const api = await HttpClient.signIn(SUPERVISOR);
      const rival = await HttpClient.signIn(RIVAL);
      const yard = await api.createLocation(unique('Live Yard'));
      const listed = await api.createWorkOrder(yard.id, unique('Live list order'));
      const opened = await api.createWorkOrder(yard.id, unique('Live detail order'));

      await signIn(page, SUPERVISOR);
      await expect(page.locator('.app')).toHaveAttribute('data-host-mode', mode);
      await page.goto(`/workorder-list?location=${yard.id}`);
      const card = page.getByRole('link', { name: new RegExp(listed.description) });
      await expect(card).toContainText('Pending');
      const other = await context.newPage();
      await other.goto(`/workorder-detail/${opened.id}`);
      await expect(other.getByText(opened.description)).toBeVisible();
      await expect(other.getByRole('button', { name: 'Claim' })).toBeEnabled();
      // The stream is open once the first hint was pulled; give it a moment to connect.
      await page.waitForTimeout(1_500);

      await rival.claim(listed.id);
      await rival.claim(opened.id);
      await expect(card).toContainText('Claimed', { timeout: 5_000 });
      await expect(other.getByRole('button', { name: 'Claim' })).toBeDisabled({ timeout: 5_000 });
      await expect(other.getByText(`${RIVAL.firstName} ${RIVAL.lastName}`, { exact: true })).toBeVisible();
    });
  });
}
