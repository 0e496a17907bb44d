/** The work-order flow online: create with an attachment, find it, claim it, complete it. */
import { HttpClient, SUPERVISOR, unique } from '../helpers/e2e-api';
import { ATTACHMENT_PATH, chooseOption, expect, signIn, test, toast } from '../helpers/e2e-app';

test('create with an attachment, claim and complete, each reaching the server', async ({ page }) => {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation(unique('Online Depot'));
  const description = unique('Compressor rattles on start-up');

  await signIn(page, SUPERVISOR);
  await page.goto('/workorder-create');
  await expect(page.getByLabel('Name')).toHaveValue('Sam Rivera');
  await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email')).toHaveValue(SUPERVISOR.email);

  // Both fields are required.
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(page.getByRole('main').getByText('Please select a location and provide a description')).toBeVisible();

  await chooseOption(page, 'Location', location.name);
  await expect(page.getByLabel('Description')).toHaveAttribute('placeholder', 'Describe the problem');
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Attachments').setInputFiles(ATTACHMENT_PATH);
  await page.getByRole('button', { name: 'Create Work Order' }).click();
  await expect(toast(page, 'Work order created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/workorder-home\/$/);

  const [created, ...more] = await api.findWorkOrders(description);
  expect(more).toHaveLength(0);
  expect(created!.status).toBe('Pending');
  expect(created!.location_id).toBe(location.id);
  expect(created!.attachments).toHaveLength(1);
  expect(created!.attachments[0]!.content_type).toBe('image/png');

  // The list: filter by the location, search by text; both kept in the URL.
  await page.getByRole('link', { name: 'Active Work Orders' }).click();
  await chooseOption(page, 'Location', location.name);
  await expect(page).toHaveURL(new RegExp(`location=${location.id}`));
  await page.getByLabel('Search').fill(description.split(' ').pop()!);
  await expect(page).toHaveURL(/q=/);
  const card = page.getByRole('link', { name: new RegExp(description) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('1 attachment');
  await expect(card).toContainText(/Created \d{2}\/\d{2}\/\d{4} @ \d{2}:\d{2} (AM|PM)/);
  const listUrl = page.url();
  await card.click();

  await expect(page).toHaveURL(new RegExp(`/workorder-detail/${created!.id}$`));
  await expect(page.getByRole('link', { name: /Open .* in a new tab/ })).toHaveAttribute('target', '_blank');
  const complete = page.getByRole('button', { name: 'Complete' });
  await expect(complete).toBeDisabled();

  await page.getByRole('button', { name: 'Claim' }).click();
  const claimDialog = page.getByRole('dialog', { name: 'Confirm Claim' });
  await claimDialog.getByRole('button', { name: 'Claim' }).click();
  await expect(toast(page, 'Work order claimed successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unclaim' })).toBeEnabled();
  await expect(page.getByText('Owner')).toBeVisible();
  expect((await api.workOrder(created!.id)).status).toBe('Claimed');

  await complete.click();
  const completeDialog = page.getByRole('dialog', { name: 'Confirm Complete' });
  await completeDialog.getByLabel('Field Notes').fill('Tightened the mounting bolts.');
  await completeDialog.getByRole('button', { name: 'Complete' }).click();
  await expect(toast(page, 'Work order marked as complete!')).toBeVisible();
  await expect(page.locator('.wo-status')).toHaveText('Completed');
  const done = await api.workOrder(created!.id);
  expect(done.status).toBe('Completed');
  expect(done.field_notes).toBe('Tightened the mounting bolts.');

  // Back returns to the list with its filters.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(listUrl);
});
