/** Register, activate from the mailed link, sign in; then reset the password from its mailed link. */
import { linkParts, readOutbox } from '../helpers/outbox';
import { unique } from '../helpers/e2e-api';
import { e2eEnv } from '../helpers/e2e-env';
import { expect, openApp, test, toast, topNav } from '../helpers/e2e-app';

/** The newest mail to `email` that contains `path`. */
async function mailLink(email: string, path: '/activate' | '/password/reset/confirm'): Promise<{ uid: string; token: string }> {
  let mail: string | undefined;
  await expect
    .poll(() => {
      mail = readOutbox(e2eEnv().dataDir)
        .filter((m) => m.includes(email) && m.includes(path))
        .pop();
      return Boolean(mail);
    })
    .toBe(true);
  return linkParts(mail!, path);
}

test('register, activate, sign in, and reset the password', async ({ page }) => {
  const email = `${unique('new.tech').replace(' ', '.')}@example.com`.toLowerCase();
  const password = 'Orchard-Lantern-5813';

  await openApp(page, '/register');
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Fixer');
  // An address with a display name (mail software would send to the one in brackets) is refused in the form.
  await page.getByLabel('Email').fill(`Robin <${email}>`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Confirm Password').fill('something else');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The passwords you entered do not match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(toast(page, 'Account created. Check your email for the activation link.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const activation = await mailLink(email, '/activate');
  await page.goto(`/activate/${activation.uid}/${activation.token}`);
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/workorder-home$/);
  await topNav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page).toHaveURL(/\/$/);
  const reset = await mailLink(email, '/password/reset/confirm');
  const newPassword = 'Harbor-Compass-9402';
  await page.goto(`/password/reset/confirm/${reset.uid}/${reset.token}`);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/workorder-home$/);
});
