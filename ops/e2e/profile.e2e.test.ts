import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseUserMenuItem, newPerson, registerThroughUi, startSuite, swipeRight, userMenuButton, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite();
});
afterAll(async () => {
  await suite?.close();
});

describe('a signed-in person edits their profile', () => {
  it('changes their first name and sees it in the header; a bad email is refused', async () => {
    const page = await suite.newPage();
    const person = newPerson('Hemi', 'Parata');
    await registerThroughUi(page, person);

    await visible(userMenuButton(page, 'Hemi Parata'));
    await chooseUserMenuItem(page, 'Profile Settings', '/profile');
    await visible(page.getByRole('heading', { name: 'Profile Settings' }));

    // Read-only account details.
    const details = page.locator('.ant-descriptions');
    await visible(details.getByText('General User'));
    expect(await details.innerText()).toContain(person.email);
    const year = String(new Date().getFullYear());
    expect(await details.innerText()).toContain(year);
    expect(await details.innerText()).not.toContain('Partner ID');

    const firstName = page.getByLabel('First name');
    expect(await firstName.inputValue()).toBe('Hemi');
    await firstName.fill('Hēmi');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Profile Updated'));
    await visible(userMenuButton(page, 'Hēmi Parata'));
    // (The initials are drawn by CSS from data-initials: see UserMenu.tsx.)
    expect(await userMenuButton(page, 'Hēmi Parata').locator('.user-initials').getAttribute('data-initials')).toBe('HP');

    // The change is stored: a reload shows it.
    await page.reload();
    await visible(userMenuButton(page, 'Hēmi Parata'));
    expect(await page.getByLabel('First name').inputValue()).toBe('Hēmi');

    // Validation messages of partner/admin spec §5.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Please enter a valid email address'));
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('First name is required'));
  });

  it('taking an email used by another account fails with the server message', async () => {
    const first = newPerson('Tama', 'Rewi');
    const firstPage = await suite.newPage();
    await registerThroughUi(firstPage, first);

    const page = await suite.newPage();
    const second = newPerson('Ana', 'Rewi');
    await registerThroughUi(page, second);
    await page.goto('/profile');
    await page.getByLabel('Email').fill(first.email);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Update Failed'));
    await visible(page.getByText('That email address is already used by another account.'));
  });

  it('toasts: F8 focuses the notification area, a swipe right of 50 px dismisses', async () => {
    const page = await suite.newPage({ hasTouch: true });
    await registerThroughUi(page, newPerson('Moana', 'Kerr'));
    await page.goto('/profile');
    await page.getByLabel('Last name').fill('Kerr-Smith');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const toast = await visible(page.locator('.ant-notification-notice').filter({ hasText: 'Profile Updated' }));

    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications (F8)');

    await swipeRight(toast, 30); // too short: stays
    await page.waitForTimeout(300);
    expect(await toast.isVisible()).toBe(true);
    await swipeRight(toast, 80);
    await toast.waitFor({ state: 'detached', timeout: 3000 });
  });

  it('a signed-out visitor is told to sign in', async () => {
    const page = await suite.newPage();
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Access Denied' }));
    await visible(page.getByText('Please sign in to view your profile.'));
  });
});
