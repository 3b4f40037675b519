import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseUserMenuItem, newPerson, registerThroughUi, signInThroughUi, startSuite, userMenuButton, userMenuItems, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite();
});
afterAll(async () => {
  await suite?.close();
});

describe('a new visitor creates an account, signs out and signs in again', () => {
  it('registers through the sign-in screen and sees their name and initials in the header', async () => {
    const page = await suite.newPage();
    const person = newPerson('Aroha', 'Ngata');

    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
    // Sign In is a full-page navigation to /api/login, which sends the browser to /sign-in.
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/sign-in\?returnTo=/);
    await visible(page.getByRole('heading', { name: 'Sign in to Kāinga' }));

    // Create-account mode: the password must be at least 8 characters.
    await page.getByText('Create account', { exact: true }).click();
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(page.getByText('Password must be at least 8 characters'));
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL((u) => u.pathname === '/');
    const menuButton = await visible(userMenuButton(page, 'Aroha Ngata'));
    expect(await menuButton.innerText()).toContain('Aroha Ngata');
    // The initials are drawn by CSS, so that the button's visible text is the name its label contains.
    expect(await menuButton.locator('.user-initials').getAttribute('data-initials')).toBe('AN');
    await visible(page.getByRole('heading', { name: 'Kia ora, Aroha' }));
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));

    const items = await userMenuItems(page);
    expect(items).toEqual(['Home', 'Become a Partner', 'Messages', 'Profile Settings', 'Sign Out']);

    // Sign out: a full-page navigation to /api/logout, which goes home signed out.
    await chooseUserMenuItem(page, 'Sign Out', '/');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
    expect(await userMenuButton(page).count()).toBe(0);

    // A wrong password shows the server's message.
    await page.goto('/sign-in');
    await signInThroughUi(page, person.email, 'not-the-password');
    await visible(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }));

    // Signing in again, with a returnTo, lands on that screen.
    await page.goto('/sign-in?returnTo=%2Fprofile');
    await signInThroughUi(page, person.email, person.password);
    await page.waitForURL((u) => u.pathname === '/profile');
    await visible(userMenuButton(page, 'Aroha Ngata'));
    await visible(page.getByRole('heading', { name: 'Profile Settings' }));
  });

  it('refuses a second account with the same email with the server message', async () => {
    const page = await suite.newPage();
    const person = newPerson('Kiri', 'Walker');
    await registerThroughUi(page, person);
    const other = await suite.newPage();
    await other.goto('/sign-in');
    await other.getByText('Create account', { exact: true }).click();
    await other.getByLabel('First name').fill('Someone');
    await other.getByLabel('Last name').fill('Else');
    await other.getByLabel('Email').fill(person.email);
    await other.getByLabel('Password').fill('another-password');
    await other.getByRole('button', { name: 'Create Account' }).click();
    const alert = await visible(other.getByRole('alert').filter({ hasText: /already/i }));
    expect(await alert.innerText()).toMatch(/already/i);
    expect(new URL(other.url()).pathname).toBe('/sign-in');
  });

  it('does not follow a returnTo to another site', async () => {
    const page = await suite.newPage();
    const person = newPerson('Mere', 'Tane');
    await registerThroughUi(page, person);
    await page.context().clearCookies();
    await page.goto('/sign-in?returnTo=%2F%2Fevil.example%2Fsteal');
    await signInThroughUi(page, person.email, person.password);
    await page.waitForURL((u) => u.pathname === '/');
    expect(new URL(page.url()).host).toBe(new URL(suite.server.url).host);
  });
});
