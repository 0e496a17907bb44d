/** Sign-in for both roles, their navigation, the guard, logout and a refused login. */
import { SUPERVISOR, TECHNICIAN } from '../helpers/e2e-api';
import { expect, openApp, signIn, test, topNav } from '../helpers/e2e-app';

test('a visitor sees About and Login, and protected pages send them to /login', async ({ page }) => {
  await openApp(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance Manager' })).toBeVisible();
  await expect(topNav(page).getByRole('link')).toHaveText(['About', 'Login']);
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.locator('.app-footer')).toHaveText(`© ${new Date().getFullYear()} Maintenance Manager · Version 4.6.18`);

  await page.goto('/workorder-list');
  await page.waitForURL('**/login');
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! The page you are looking for does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a full-access user signs in with any letter case, lands on /home and sees the full navigation', async ({ page }) => {
  await signIn(page, SUPERVISOR, { typedEmail: SUPERVISOR.email.toUpperCase() });
  await expect(page).toHaveURL(/\/home$/);
  // The demo supervisor is a staff user too: Users runs the team.
  await expect(topNav(page).getByRole('link')).toHaveText(['Home', 'About', 'Contact', 'Users']);
  await expect(topNav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  const main = page.getByRole('main');
  // The home's own buttons; the key figures below them are links too (tests/e2e/kpis.spec.ts).
  await expect(main.locator('.button-grid').getByRole('link')).toHaveText(['Inventory', 'Locations', 'Preventative Maintenance', 'Work Orders']);

  await main.getByRole('link', { name: 'Work Orders' }).click();
  // The hub's own buttons; "Mail notifications" below them is not the spec's (tests/e2e/notifications.spec.ts).
  await expect(main.locator('.button-grid').getByRole('link')).toHaveText(['Create Work Order', 'Active Work Orders', 'Home']);

  // A signed-in user who opens /login is sent home.
  await page.goto('/login');
  await page.waitForURL('**/home');

  await topNav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(topNav(page).getByRole('link')).toHaveText(['About', 'Login']);
  await page.goto('/home');
  await page.waitForURL('**/login');
});

test('a limited user lands on /workorder-home, sees WorkOrder Home and no Home button, and cannot open /home', async ({ page }) => {
  await signIn(page, TECHNICIAN);
  await expect(page).toHaveURL(/\/workorder-home$/);
  await expect(topNav(page).getByRole('link')).toHaveText(['WorkOrder Home', 'About', 'Contact']);
  const main = page.getByRole('main');
  await expect(main.locator('.button-grid').getByRole('link')).toHaveText(['Create Work Order', 'Active Work Orders']);

  // Work orders can be read, but not claimed or completed.
  await main.getByRole('link', { name: 'Active Work Orders' }).click();
  await page.locator('.wo-card').first().click();
  await expect(page.getByText('Description')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Claim|Unclaim|Complete|Pending sync)$/ })).toHaveCount(0);

  // A full-access screen typed in the address bar sends a limited user to their own home.
  await page.goto('/home');
  await page.waitForURL('**/workorder-home');
  await expect(page.getByRole('heading', { level: 1, name: 'Work Orders' })).toBeVisible();

  // Contact: a limited user goes back to the work-order home after sending.
  await topNav(page).getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(/\S/);
  await expect(page.getByLabel('Email')).toHaveValue(TECHNICIAN.email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('The ice machine at the diner needs a look.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Contact message sent successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/workorder-home$/);
});

test('a wrong password is refused with the spec message and nobody is signed in', async ({ page }) => {
  await openApp(page, '/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('This field is required.')).toHaveCount(2);
  await page.getByLabel('Email').fill(SUPERVISOR.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('main').getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(topNav(page).getByRole('link')).toHaveText(['About', 'Login']);
});
