import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, seriousViolationsIn } from './axe';
import { becomeAdmin, callApi, newPerson, registerThroughUi, signInThroughUi, startSuite, toast, userMenuButton, visible, type Person, type Suite } from './harness';

/**
 * Issue 50's erasure on screen: "Delete my account" on /profile (DELETE /api/profile with the
 * password), and an admin's "Erase" on the user list (POST /api/admin/users/:id/erase with a
 * reason). Every account here is registered fresh, so no other test's demo account is touched.
 */
const admin = newPerson('Rangi', 'Eraser');
let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
});
afterAll(async () => {
  await suite?.close();
});

const DELETED = 'Your account has been deleted and your personal information erased.';
const WRONG_PASSWORD = 'That password is not right. Your account was not deleted.';


async function noOverflow(page: Page) {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.viewport);
}

/** A fresh account, signed in, on /profile with the deletion section in view. */
async function onProfile(person: Person, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await suite.newPage();
  // Registered at a laptop's width (the helper waits for the header's account menu, which a phone folds away).
  await registerThroughUi(page, person);
  await page.setViewportSize(viewport);
  await page.goto('/profile');
  await visible(page.getByRole('heading', { name: 'Delete my account' }));
  return page;
}

const deleteDialog = (page: Page) => page.getByRole('dialog', { name: 'Delete your account?' });
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

describe('a person deletes their account from /profile', () => {
  it('says plainly what is erased and what stays, and links to the download first', async () => {
    const page = await onProfile(newPerson('Mere', 'Reader'));
    await visible(page.getByText(/your account, your homes and their valuations, your messages to partners/));
    await visible(page.getByText(/marked “erased at the person’s request”/));
    await visible(page.getByText(/amounts you were charged stay in the accounts/));
    await visible(page.getByText('This cannot be undone.', { exact: true }));
    expect(await page.getByRole('link', { name: 'download a copy of your data' }).getAttribute('href')).toBe('/api/profile/export');
    // The whole profile page with the section, not only the dialog.
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a wrong password says so in the dialog and keeps the account and the session', async () => {
    const person = newPerson('Wiremu', 'Wrong');
    const page = await onProfile(person);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = await visible(deleteDialog(page));
    const confirm = dialog.getByRole('button', { name: 'Delete account', exact: true });
    // Nothing typed, nothing sent.
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your password').fill('not-my-password');
    expect(await dialog.getByLabel('Your password').getAttribute('autocomplete')).toBe('current-password');
    await confirm.click();
    await visible(dialog.getByRole('alert').filter({ hasText: WRONG_PASSWORD }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await visible(userMenuButton(page, `${person.firstName} ${person.lastName}`));
    expect((await callApi(page, 'GET', '/api/auth/user')).status).toBe(200);
  });

  it('the right password deletes it: home, signed out, told so, and that email and password no longer sign in', async () => {
    const person = newPerson('Aroha', 'Leaving');
    const page = await onProfile(person);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = await visible(deleteDialog(page));
    await dialog.getByLabel('Your password').fill(person.password);
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // Told in a status message, which screen readers announce.
    const message = await visible(toast(page, 'Account Deleted'));
    await visible(message.getByText(DELETED));
    expect(await page.locator('.ant-notification-notice[role="status"]').filter({ hasText: DELETED }).count()).toBe(1);
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
    // The client holds nothing of the person: the hint cookie and the kept user record are gone.
    expect(await page.evaluate(() => document.cookie)).not.toContain('kainga.signed_in=1');
    expect(await page.evaluate(() => localStorage.getItem('kainga.auth.lastKnownUser'))).toBeNull();
    expect((await callApi(page, 'GET', '/api/auth/user')).status).toBe(401);
    // A reload stays signed out.
    await page.reload();
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
    await page.goto('/sign-in');
    await signInThroughUi(page, person.email, person.password);
    await visible(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }));
  });

  it('works from the keyboard alone: Escape cancels back to the button, Tab and Enter delete', async () => {
    const person = newPerson('Tama', 'Keys');
    const page = await onProfile(person);
    await page.getByRole('button', { name: 'Delete my account' }).focus();
    await page.keyboard.press('Enter');
    const dialog = await visible(deleteDialog(page));
    // Focus starts in the password box.
    await page.waitForFunction(() => document.activeElement?.id === 'delete-account-password');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Delete my account');
    // Again: a wrong password with Enter in the box, then the right one with Tab to the button.
    await page.keyboard.press('Enter');
    await visible(dialog);
    await page.waitForFunction(() => document.activeElement?.id === 'delete-account-password');
    await page.keyboard.type('wrong-password');
    await page.keyboard.press('Enter');
    await visible(dialog.getByRole('alert').filter({ hasText: WRONG_PASSWORD }));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(person.password);
    // The delete button is enabled once the password is in (a render later): wait for it, then
    // Tab from the password box (past its show-password toggle and Cancel) until it has focus.
    await dialog.getByRole('button', { name: 'Delete account', exact: true, disabled: false }).waitFor();
    const tabs: string[] = [];
    for (let i = 0; i < 6 && tabs.at(-1) !== 'Delete account'; i += 1) {
      await page.keyboard.press('Tab');
      tabs.push((await focusedLabel(page)).trim());
    }
    expect(tabs.at(-1), tabs.join(' → ')).toBe('Delete account');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    await visible(toast(page, 'Account Deleted'));
  });

  it('the open dialog is axe-clean at 390 and 1280 px, with its error shown', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const page = await onProfile(newPerson('Hine', 'Audit'), viewport);
      await noOverflow(page);
      expect(await seriousViolations(page), `the page at ${viewport.width} px`).toEqual([]);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = await visible(deleteDialog(page));
      expect(await seriousViolationsIn(page, '.ant-modal-wrap'), `${viewport.width} px`).toEqual([]);
      await dialog.getByLabel('Your password').fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
      await visible(dialog.getByRole('alert').filter({ hasText: WRONG_PASSWORD }));
      expect(await seriousViolationsIn(page, '.ant-modal-wrap'), `${viewport.width} px, with the error`).toEqual([]);
      await noOverflow(page);
    }
  });
});

/** The admin's list searched for one person. */
async function searchUsers(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
  await page.keyboard.press('Enter');
}

describe('an admin erases a person on their request', () => {
  let adminPage: Page;
  beforeAll(async () => {
    adminPage = await becomeAdmin(suite, admin);
  });

  it('asks for the request it answers, names the person, erases them, and the row goes', async () => {
    const person = newPerson('Hana', 'Requester');
    const personPage = await suite.newPage();
    await registerThroughUi(personPage, person);
    const page = adminPage;
    await page.goto('/admin');
    await searchUsers(page, person.email);
    await (await visible(page.getByRole('button', { name: 'Erase Hana Requester' }))).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Erase Hana Requester?' }));
    await visible(dialog.getByText(person.email, { exact: false }));
    await visible(dialog.getByText('This cannot be undone.'));
    await visible(dialog.getByText(/Email request of 2 December, ticket 4411/));
    const confirm = dialog.getByRole('button', { name: 'Erase', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    const reason = dialog.getByLabel('Reason for the erasure');
    await reason.fill('ab');
    expect(await confirm.isDisabled()).toBe(true);
    await reason.fill('Email request of 2 December, ticket 4411');
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await visible(toast(page, 'Person Erased'));
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Erase Hana Requester' }).waitFor({ state: 'detached' });
    await visible(page.getByText(`No users match "${person.email}".`));
    // The person's own session has ended.
    expect((await callApi(personPage, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it('is not offered on the admin’s own row', async () => {
    const page = adminPage;
    await page.goto('/admin');
    await searchUsers(page, admin.email);
    await visible(page.getByRole('button', { name: `Export Data of ${admin.firstName} ${admin.lastName}` }));
    expect(await page.getByRole('button', { name: `Erase ${admin.firstName} ${admin.lastName}` }).count()).toBe(0);
  });

  it('shows the server’s refusal in the dialog (a person erased meanwhile)', async () => {
    const person = newPerson('Pita', 'Twice');
    await registerThroughUi(await suite.newPage(), person);
    const page = adminPage;
    await page.goto('/admin');
    await searchUsers(page, person.email);
    const open = await visible(page.getByRole('button', { name: 'Erase Pita Twice' }));
    // Another admin (here the API, from this page) erases them while the list is on screen.
    const users = await callApi<{ id: string; email: string }[]>(page, 'GET', `/api/admin/users?search=${encodeURIComponent(person.email)}`);
    const id = users.body.find((u) => u.email === person.email)!.id;
    expect((await callApi(page, 'POST', `/api/admin/users/${id}/erase`, { reason: 'Ticket 4412' })).status).toBe(204);
    await open.click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Erase Pita Twice?' }));
    await dialog.getByLabel('Reason for the erasure').fill('Ticket 4412, second attempt');
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await visible(dialog.getByRole('alert').filter({ hasText: 'User not found.' }));
    // Cancel goes back to the row's button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Erase Pita Twice');
  });

  it('is reachable on a phone’s card list (390 px), and the dialog is axe-clean there and at 1280 px', async () => {
    const person = newPerson('Ari', 'Phone');
    await registerThroughUi(await suite.newPage(), person);
    const phone = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto('/sign-in');
    await signInThroughUi(phone, admin.email, admin.password);
    await phone.waitForURL((u) => u.pathname !== '/sign-in');
    for (const page of [phone, adminPage]) {
      await page.goto('/admin');
      await searchUsers(page, person.email);
      const open = await visible(page.getByRole('button', { name: 'Erase Ari Phone' }));
      await noOverflow(page);
      // The list with its Erase buttons, and its search box with the clear button a search shows.
      expect(await seriousViolationsIn(page, '#user-management')).toEqual([]);
      await open.click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Erase Ari Phone?' }));
      await dialog.getByLabel('Reason for the erasure').fill('Phone request, ticket 4413');
      const width = page.viewportSize()?.width;
      expect(await seriousViolationsIn(page, '.ant-modal-wrap'), `${width} px`).toEqual([]);
      if (page === adminPage) {
        await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
        await visible(toast(page, 'Person Erased'));
      } else {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
    }
  });
});

/** The dialog says which way of confirming the account needs (GET /api/auth/user's hasPassword). */
describe('with Google sign-in offered', () => {
  let google: Suite;
  beforeAll(async () => {
    google = await startSuite({ GOOGLE_CLIENT_ID: 'kainga-test-client', GOOGLE_CLIENT_SECRET: 'kainga-test-secret' });
  });
  afterAll(async () => {
    await google?.close();
  });

  it('an account with a password is asked for it, and offered no other way', async () => {
    const page = await google.newPage();
    await registerThroughUi(page, newPerson('Nikau', 'Password'));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = await visible(deleteDialog(page));
    await visible(dialog.getByLabel('Your password'));
    expect(await dialog.getByText(/no Kāinga password/).count()).toBe(0);
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete account', exact: true }).isDisabled()).toBe(true);
  });

  it('an account without a password is told it needs a recent sign-in, and the server’s refusal offers Google', async () => {
    const person = newPerson('Kahu', 'Google');
    const page = await google.newPage();
    await registerThroughUi(page, person);
    // As an account made by a Google sign-in has none (no fake Google here): its password goes.
    const { body: me } = await callApi<{ id: string }>(page, 'GET', '/api/auth/user');
    const credentials = new Database(join(google.server.dataDir, 'credentials.sqlite'));
    credentials.prepare('DELETE FROM credentials WHERE user_id = ?').run(me.id);
    credentials.close();
    expect((await callApi<{ hasPassword: boolean }>(page, 'GET', '/api/auth/user')).body.hasPassword).toBe(false);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = await visible(deleteDialog(page));
    await visible(dialog.getByText(/Your account has no Kāinga password: you sign in with Google or GitHub\./));
    await visible(dialog.getByText(/can be deleted only within 10 minutes of signing in/));
    expect(await dialog.getByLabel('Your password').count()).toBe(0);
    const confirm = dialog.getByRole('button', { name: 'Delete account', exact: true, disabled: false });
    await confirm.waitFor();
    expect(await seriousViolationsIn(page, '.ant-modal-wrap')).toEqual([]);
    // This session began with a password, not a Google sign-in: the server asks for one.
    await confirm.click();
    const refusal = await visible(dialog.getByRole('alert').filter({ hasText: 'Please sign in again with Google or GitHub, then delete your account within 10 minutes.' }));
    const signIn = await visible(refusal.getByRole('link', { name: 'Sign in again with Google' }));
    expect(await signIn.getAttribute('href')).toBe('/api/login/google?returnTo=%2Fprofile');
    expect(await refusal.getByRole('link', { name: 'Sign in again with GitHub' }).count()).toBe(0);
    expect(await seriousViolationsIn(page, '.ant-modal-wrap'), 'with the refusal').toEqual([]);
    expect((await callApi(page, 'GET', '/api/auth/user')).status).toBe(200); // nothing was deleted
  });
});
