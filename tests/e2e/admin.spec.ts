/**
 * Running the team from the app (staff users): full access granted to a newly activated technician
 * who then lands on /home, and revoked again so that their next sign-in lands on /workorder-home; a
 * deactivated user signed in elsewhere sent to /login on their next request; the acting staff user
 * never offered their own lock-out; refusals in the server's words; search and pages of the users;
 * the contact messages newest first, marked read and unread; offline the saved lists (users and
 * contact messages) with their notice and changes that say they need a connection; and no way in
 * for users without the staff right.
 *
 * The last-staff rule cannot be reached from the browser: the acting staff user is active staff
 * and is never offered (and the server refuses) their own demotion or deactivation, so every change
 * made on these screens leaves them. The server and CLI tests cover it.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { AdminContactMessage, AdminUser } from '../../shared/api/admin';
import { HttpClient, RIVAL, SUPERVISOR, TECHNICIAN, activateUser, ensureRival, registerUser, unique, type NewUser } from '../helpers/e2e-api';
import { expect, openApp, serviceWorkerReady, signIn, test, toast, topNav } from '../helpers/e2e-app';
import { e2eEnv } from '../helpers/e2e-env';

const NEEDS_CONNECTION = "You're offline. This change needs a connection and was not saved; please try again once you're back online.";
const SAVED_DATA = "Showing saved data. We'll refresh once the connection returns.";

/** Opens the Users screen from the top bar and searches for one account; returns its card. */
async function findUser(page: Page, user: { email: string; name: string }): Promise<Locator> {
  await topNav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByLabel('Search').fill(user.email);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(user.email).replace(/\./g, '\\.')}`));
  const card = page.getByRole('article', { name: user.name });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toBeVisible();
  return card;
}

const nameOf = (user: NewUser) => `${user.firstName} ${user.lastName}`;

/**
 * Registers an account named "Pat <lastName>" through the public API (left awaiting activation):
 * registerUser's names share nothing a search could pick out, and a page of users needs a set that
 * one search finds and no other test adds to.
 */
async function registerNamed(lastName: string, email: string): Promise<void> {
  const password = `Orchard-Lantern-${randomUUID().slice(0, 8)}`;
  const res = await fetch(`${e2eEnv().baseURL}/api/v1/auth/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, re_password: password, first_name: 'Pat', last_name: lastName }),
  });
  expect(res.status, await res.text()).toBe(201);
}

/** The card's value for one label of its rows. */
const row = (card: Locator, label: string) => card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function confirm(page: Page, header: string, button: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: header });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
  return dialog;
}

test('a staff user grants full access to a newly activated technician, who then lands on /home, and revokes it, after which they land on /workorder-home', async ({ page, browser }) => {
  const tech = await registerUser();
  await signIn(page, SUPERVISOR);
  await expect(topNav(page).getByRole('link')).toHaveText(['Home', 'About', 'Contact', 'Users']);
  const card = await findUser(page, { email: tech.email, name: nameOf(tech) });
  await expect(card).toContainText(tech.email);
  await expect(card.locator('.wo-status')).toHaveText('Active');
  await expect(row(card, 'Active')).toHaveText('Yes');
  await expect(row(card, 'Full access')).toHaveText('No');
  await expect(row(card, 'Staff')).toHaveText('No');
  await expect(row(card, 'Last login')).toHaveText('Never');
  await expect(row(card, 'Joined')).toHaveText(/^\d{2}\/\d{2}\/\d{4} @ \d{2}:\d{2} (AM|PM)$/);
  await expect(card.getByRole('button')).toHaveText(['Grant full access', 'Deactivate', 'Make staff', 'Send password reset mail', 'Hourly rate', 'History']);

  // Cancel changes nothing.
  await card.getByRole('button', { name: 'Grant full access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant Full Access' });
  await expect(dialog).toContainText(`Give ${nameOf(tech)} (${tech.email}) full access to every area?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(card, 'Full access')).toHaveText('No');

  await card.getByRole('button', { name: 'Grant full access' }).click();
  await confirm(page, 'Grant Full Access', 'Grant');
  await expect(toast(page, `Full access granted to ${tech.email}.`)).toBeVisible();
  await expect(row(card, 'Full access')).toHaveText('Yes');
  await expect(card.getByRole('button', { name: 'Revoke full access' })).toBeVisible();
  const staff = await HttpClient.signIn(SUPERVISOR);
  expect((await staff.request<AdminUser>('GET', `/admin/users/${tech.id}/`)).body).toMatchObject({ full_feature_access: true, is_staff: false, is_active: true });

  const other = await browser.newContext();
  try {
    const techPage = await other.newPage();
    await signIn(techPage, tech);
    await expect(techPage).toHaveURL(/\/home$/);
    // Full access, not staff: no Users link.
    await expect(topNav(techPage).getByRole('link')).toHaveText(['Home', 'About', 'Contact']);
  } finally {
    await other.close();
  }

  // The sign-in shows on the staff user's list.
  await page.reload();
  const reread = page.getByRole('article', { name: nameOf(tech) });
  await expect(row(reread, 'Last login')).toHaveText(/^\d{2}\/\d{2}\/\d{4} @/);

  // Taken away again: the work orders only.
  await reread.getByRole('button', { name: 'Revoke full access' }).click();
  await expect(page.getByRole('dialog', { name: 'Revoke Full Access' })).toContainText(`Take full access away from ${nameOf(tech)} (${tech.email})? They keep the work orders only.`);
  await confirm(page, 'Revoke Full Access', 'Revoke');
  await expect(toast(page, `Full access revoked for ${tech.email}.`)).toBeVisible();
  await expect(row(reread, 'Full access')).toHaveText('No');
  await expect(reread.getByRole('button')).toHaveText(['Grant full access', 'Deactivate', 'Make staff', 'Send password reset mail', 'Hourly rate', 'History']);
  expect((await staff.request<AdminUser>('GET', `/admin/users/${tech.id}/`)).body).toMatchObject({ full_feature_access: false, is_staff: false, is_active: true });

  const again = await browser.newContext();
  try {
    const techPage = await again.newPage();
    await signIn(techPage, tech);
    await expect(techPage).toHaveURL(/\/workorder-home$/);
    await expect(topNav(techPage).getByRole('link', { name: 'Users' })).toHaveCount(0);
    // The full-access screens send them back to their own home.
    await techPage.goto('/home');
    await expect(techPage).toHaveURL(/\/workorder-home$/);
  } finally {
    await again.close();
  }
});

test('a deactivated user signed in elsewhere is sent to /login on their next request, and can sign in again once reactivated', async ({ page, browser }) => {
  const tech = await registerUser();
  const other = await browser.newContext();
  try {
    const techPage = await other.newPage();
    await signIn(techPage, tech);
    await expect(techPage).toHaveURL(/\/workorder-home$/);

    await signIn(page, SUPERVISOR);
    const card = await findUser(page, { email: tech.email, name: nameOf(tech) });
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('dialog', { name: 'Deactivate User' })).toContainText('signed out everywhere at once');
    await confirm(page, 'Deactivate User', 'Deactivate');
    await expect(toast(page, `${tech.email} is deactivated and signed out everywhere.`)).toBeVisible();
    await expect(card.locator('.wo-status')).toHaveText('Inactive');
    await expect(row(card, 'Active')).toHaveText('No');
    // No reset mail for an account that cannot sign in; no activation mail for one activated before.
    await expect(card.getByRole('button')).toHaveText(['Grant full access', 'Reactivate', 'Make staff', 'Hourly rate', 'History']);

    await techPage.getByRole('link', { name: 'Active Work Orders' }).click();
    await techPage.waitForURL('**/login');
    await expect(topNav(techPage).getByRole('link')).toHaveText(['About', 'Login']);

    await card.getByRole('button', { name: 'Reactivate' }).click();
    await confirm(page, 'Reactivate User', 'Reactivate');
    await expect(toast(page, `${tech.email} is active again.`)).toBeVisible();
    await expect(card.locator('.wo-status')).toHaveText('Active');
    await signIn(techPage, tech);
    await expect(techPage).toHaveURL(/\/workorder-home$/);
  } finally {
    await other.close();
  }
});

test('the staff user is never offered their own lock-out, makes and removes another staff user, and sees refusals in the server words', async ({ page }) => {
  await signIn(page, SUPERVISOR);
  const me = await findUser(page, { email: SUPERVISOR.email, name: 'Sam Rivera (you)' });
  await expect(me.locator('.wo-status')).toHaveText('Active');
  await expect(row(me, 'Staff')).toHaveText('Yes');
  await expect(me.getByRole('button')).toHaveText(['Send password reset mail', 'Hourly rate', 'History']);

  // The server refuses the same through the API, in its own words.
  const staff = await HttpClient.signIn(SUPERVISOR);
  const self = (await staff.request<{ results: AdminUser[] }>('GET', `/admin/users/?search=${encodeURIComponent(SUPERVISOR.email)}`)).body.results[0]!;
  expect((await staff.request('PATCH', `/admin/users/${self.id}/`, { is_staff: false })).body).toEqual({ is_staff: ['You cannot remove your own staff right.'] });
  expect((await staff.request('PATCH', `/admin/users/${self.id}/`, { full_feature_access: false })).body).toEqual({ full_feature_access: ['You cannot change your own full access.'] });

  // Staff right given and taken back.
  const tech = await registerUser();
  const card = await findUser(page, { email: tech.email, name: nameOf(tech) });
  await card.getByRole('button', { name: 'Make staff' }).click();
  await confirm(page, 'Make Staff', 'Make staff');
  await expect(toast(page, `${tech.email} is now a staff user.`)).toBeVisible();
  await expect(row(card, 'Staff')).toHaveText('Yes');
  await card.getByRole('button', { name: 'Remove staff' }).click();
  await confirm(page, 'Remove Staff Right', 'Remove staff');
  await expect(toast(page, `${tech.email} is no longer a staff user.`)).toBeVisible();
  await expect(row(card, 'Staff')).toHaveText('No');

  await card.getByRole('button', { name: 'Send password reset mail' }).click();
  await confirm(page, 'Send Password Reset Mail', 'Send');
  await expect(toast(page, 'Password reset mail sent.')).toBeVisible();

  // A newcomer still waiting for the link: the mail is sent again; once the account is activated
  // elsewhere, the card still offers it and the server's refusal is shown as it comes.
  const waiting = await registerUser({ activate: false });
  const waitingCard = await findUser(page, { email: waiting.email, name: nameOf(waiting) });
  await expect(waitingCard.locator('.wo-status')).toHaveText('Awaiting activation');
  await expect(waitingCard.getByRole('button')).toHaveText(['Grant full access', 'Reactivate', 'Make staff', 'Resend activation mail', 'Hourly rate', 'History']);
  await waitingCard.getByRole('button', { name: 'Resend activation mail' }).click();
  await confirm(page, 'Resend Activation Mail', 'Send');
  await expect(toast(page, 'Activation mail sent.')).toBeVisible();
  await activateUser(waiting.email);
  await waitingCard.getByRole('button', { name: 'Resend activation mail' }).click();
  await confirm(page, 'Resend Activation Mail', 'Send');
  await expect(toast(page, 'This account has already been activated.')).toBeVisible();
  // The refusal made the list read again: the card is up to date.
  await expect(waitingCard.locator('.wo-status')).toHaveText('Active');
  await expect(waitingCard.getByRole('button', { name: 'Resend activation mail' })).toHaveCount(0);
});

test('the Users screen finds users by any part of the name or email in any case, in pages of ten', async ({ page }) => {
  // Eleven accounts one search finds, made one after another: newest first, the first one alone on page 2.
  const tag = unique('Pager');
  const names: string[] = [];
  for (let n = 1; n <= 11; n++) {
    const lastName = `${tag} ${String(n).padStart(2, '0')}`;
    await registerNamed(lastName, `pat.${tag.replace(' ', '.').toLowerCase()}.${n}@example.com`);
    names.push(`Pat ${lastName}`);
  }
  const newestFirst = [...names].reverse();
  const titles = page.getByRole('list', { name: 'Users' }).getByRole('article').locator('h2');
  const paginator = page.locator('.p-paginator');

  await signIn(page, SUPERVISOR);
  await topNav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // Without a search, everyone: more than a page.
  await expect(titles).toHaveCount(10);
  await expect(paginator.getByRole('button', { name: 'Next Page' })).toBeEnabled();

  await page.getByLabel('Search').fill(tag.toUpperCase());
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(tag.toUpperCase());
  await expect(titles).toHaveText(newestFirst.slice(0, 10));
  await expect(paginator.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2']);

  await paginator.getByRole('button', { name: 'Next Page' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(titles).toHaveText([names[0]!]);
  await expect(paginator.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'true');
  // The page is in the URL: a reload stays on it.
  await page.reload();
  await expect(titles).toHaveText([names[0]!]);
  await paginator.getByRole('button', { name: 'Page 1' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(titles).toHaveText(newestFirst.slice(0, 10));

  // From page 2, a new search starts again at page 1: the full name, in lower case, finds one.
  await paginator.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await page.getByLabel('Search').fill(names[4]!.toLowerCase());
  await expect(titles).toHaveText([names[4]!]);
  await expect(page).not.toHaveURL(/page=/);
  await expect(paginator).toHaveCount(0);
  // And by email.
  await page.getByLabel('Search').fill(`pat.${tag.replace(' ', '.').toLowerCase()}.7@`);
  await expect(titles).toHaveText([names[6]!]);
  await expect(page.getByRole('article', { name: names[6]! }).locator('.wo-status')).toHaveText('Awaiting activation');

  await page.getByLabel('Search').fill(`${tag} 99`);
  await expect(page.getByText('No users found...')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('contact messages are listed newest first and marked read and unread', async ({ page }) => {
  const technician = await HttpClient.signIn(TECHNICIAN);
  const older = unique('The walk-in cooler door sticks');
  const newer = unique('Please add the new fryer to the list');
  for (const message of [older, newer]) {
    expect((await technician.request('POST', '/contact/', { name: 'Terry Nguyen', email: TECHNICIAN.email, message })).status).toBe(201);
  }

  await signIn(page, SUPERVISOR);
  await topNav(page).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'Messages', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/contact-messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Messages' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Contact messages' }).getByRole('article');
  await expect(cards.filter({ hasText: newer })).toBeVisible();
  const texts = await cards.allTextContents();
  const at = (text: string) => texts.findIndex((t) => t.includes(text));
  expect(at(newer)).toBeGreaterThanOrEqual(0);
  expect(at(newer)).toBeLessThan(at(older));

  const card = cards.filter({ hasText: newer });
  await expect(card).toContainText(TECHNICIAN.email);
  await expect(card.locator('.wo-status')).toHaveText('Unread');
  await card.getByRole('button', { name: 'Mark read' }).click();
  await expect(toast(page, 'Message marked as read.')).toBeVisible();
  await expect(card.locator('.wo-status')).toHaveText('Read');
  const staff = await HttpClient.signIn(SUPERVISOR);
  const saved = (await staff.request<{ results: AdminContactMessage[] }>('GET', '/admin/contact-messages/')).body.results.find((m) => m.message === newer);
  expect(saved?.read).toBe(true);

  // Read again from the server: still read. Then back to unread.
  await page.reload();
  await expect(card.locator('.wo-status')).toHaveText('Read');
  await card.getByRole('button', { name: 'Mark unread' }).click();
  await expect(toast(page, 'Message marked as unread.')).toBeVisible();
  await expect(card.locator('.wo-status')).toHaveText('Unread');

  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test('offline the saved list of users stays readable and a change says it needs a connection', async ({ page, network }) => {
  const tech = await registerUser();
  await signIn(page, SUPERVISOR);
  const card = await findUser(page, { email: tech.email, name: nameOf(tech) });
  const url = page.url();
  // A page opened offline comes from the service worker's precache: wait until it is complete.
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await page.goto(url);
  await expect(page.getByText(SAVED_DATA)).toBeVisible();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Deactivate' }).click();
  await confirm(page, 'Deactivate User', 'Deactivate');
  await expect(toast(page, NEEDS_CONNECTION)).toBeVisible();
  await expect(row(card, 'Active')).toHaveText('Yes');
  await network.setOffline(false);
  await expect(page.getByText(SAVED_DATA)).toBeHidden({ timeout: 30_000 });
  const staff = await HttpClient.signIn(SUPERVISOR);
  expect((await staff.request<AdminUser>('GET', `/admin/users/${tech.id}/`)).body.is_active).toBe(true);
});

test('offline the saved contact messages stay readable and marking one read says it needs a connection', async ({ page, network }) => {
  const technician = await HttpClient.signIn(TECHNICIAN);
  const message = unique('The ice machine in the back is leaking again');
  expect((await technician.request('POST', '/contact/', { name: 'Terry Nguyen', email: TECHNICIAN.email, message })).status).toBe(201);

  await signIn(page, SUPERVISOR);
  await topNav(page).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'Messages', exact: true }).click();
  const card = page.getByRole('list', { name: 'Contact messages' }).getByRole('article').filter({ hasText: message });
  await expect(card.locator('.wo-status')).toHaveText('Unread');
  await expect(page.getByText(SAVED_DATA)).toHaveCount(0);
  // A page opened offline comes from the service worker's precache: wait until it is complete.
  await serviceWorkerReady(page);

  await network.setOffline(true);
  await page.goto('/admin/contact-messages');
  await expect(page.getByText(SAVED_DATA)).toBeVisible();
  await expect(card).toContainText(TECHNICIAN.email);
  await expect(card.locator('.wo-status')).toHaveText('Unread');
  await card.getByRole('button', { name: 'Mark read' }).click();
  await expect(toast(page, NEEDS_CONNECTION)).toBeVisible();
  await expect(card.locator('.wo-status')).toHaveText('Unread');
  await expect(card.getByRole('button', { name: 'Mark read' })).toBeEnabled();

  await network.setOffline(false);
  await expect(page.getByText(SAVED_DATA)).toBeHidden({ timeout: 30_000 });
  await expect(card.locator('.wo-status')).toHaveText('Unread');
  const staff = await HttpClient.signIn(SUPERVISOR);
  const saved = (await staff.request<{ results: AdminContactMessage[] }>('GET', '/admin/contact-messages/')).body.results.find((m) => m.message === message);
  expect(saved?.read).toBe(false);
});

test('users without the staff right see no Users link and cannot open the screens, and the API refuses them', async ({ page }) => {
  await ensureRival();
  for (const [login, home] of [
    [TECHNICIAN, '/workorder-home'],
    [RIVAL, '/home'],
  ] as const) {
    expect((await (await HttpClient.signIn(login)).request('GET', '/admin/users/')).status).toBe(403);
    await signIn(page, login);
    await expect(topNav(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
    for (const path of ['/admin/users', '/admin/contact-messages']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${home}$`));
    }
    await topNav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
  }
  // A visitor goes to /login.
  await openApp(page, '/admin/users');
  await page.waitForURL('**/login');
});

test('a 360 px wide phone shows the Users screen without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SUPERVISOR);
  await page.goto('/admin/users');
  await expect(page.getByRole('article').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const rights = await page.getByRole('article').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(360);
  // The staff user's top bar keeps its links on one row.
  const tops = await topNav(page).locator('.topbar-link').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(tops).toHaveLength(5);
  expect(new Set(tops).size).toBe(1);
  await expect(topNav(page).getByRole('link', { name: 'Users' })).toBeInViewport();
});
