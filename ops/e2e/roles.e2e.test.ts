import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RoleName } from '@kainga/contracts';
import { becomeAdmin, chooseUserMenuItem, newPerson, registerThroughUi, startSuite, userMenuButton, userMenuItems, visible, type Suite } from './harness';

const admin = newPerson('Wiremu', 'Admin');
let suite: Suite;
let adminPage: Page;
beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  adminPage = await becomeAdmin(suite, admin);
});
afterAll(async () => {
  await suite?.close();
});

/** The admin changes someone's roles (PATCH /api/admin/users/:userId/roles) from their own page. */
async function setRoles(userId: string, roles: RoleName[]) {
  const status = await adminPage.evaluate(
    async ([id, body]) =>
      (
        await fetch(`/api/admin/users/${id}/roles`, {
          method: 'PATCH',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ roles: body }),
        })
      ).status,
    [userId, roles] as const,
  );
  expect(status).toBe(200);
}

const startAssessment = (page: Page) => page.getByRole('link', { name: 'Start Assessment' });

describe('what the header offers depends on the roles', () => {
  it('a visitor sees Sign In and the floating Start Assessment button', async () => {
    const page = await suite.newPage();
    await page.goto('/how-it-works');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
    expect(await startAssessment(page).count()).toBe(1);
  });

  it('a general user sees Become a Partner and the floating Start Assessment', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Nikau', 'Smith'));
    await page.waitForLoadState('networkidle');
    const items = await userMenuItems(page);
    expect(items).toEqual(['Home', 'Become a Partner', 'Messages', 'Profile Settings', 'Sign Out']);
    expect(await startAssessment(page).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Active role' }).count()).toBe(0);
    await chooseUserMenuItem(page, 'Become a Partner', '/apply');
    await visible(page.getByRole('heading', { name: 'Become a Partner', level: 1 }));
  });

  it('an admin sees Admin Dashboard and no Start Assessment', async () => {
    // Settled first (the user's roles fetched, the header drawn with them), so the menu opened
    // below is not redrawn under the click.
    await adminPage.goto('/', { waitUntil: 'networkidle' });
    await visible(userMenuButton(adminPage, 'Wiremu Admin'));
    const items = await userMenuItems(adminPage);
    expect(items).toContain('Admin Dashboard');
    expect(await startAssessment(adminPage).count()).toBe(0);
    await chooseUserMenuItem(adminPage, 'Admin Dashboard', '/admin');
    await visible(adminPage.getByRole('heading', { name: 'Admin Dashboard', level: 1 }));
    await visible(adminPage.getByRole('heading', { name: 'User Management' }));
    await visible(adminPage.getByRole('heading', { name: 'Property Overview' }));
  });

  it('a general user opening /admin is told it is for admins', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Hemi', 'General'));
    await page.goto('/admin');
    await visible(page.getByRole('heading', { name: 'Access Denied' }));
    await visible(page.getByText('You need admin privileges to access this page.'));
  });

  it('the admin finds a user by name in User Management (a page from the server) and edits their roles', async () => {
    const person = newPerson('Tane', 'Rolechange');
    const page = await suite.newPage();
    await registerThroughUi(page, person);
    await adminPage.goto('/admin', { waitUntil: 'networkidle' });
    const users = adminPage.locator('.admin-section').filter({ has: adminPage.getByRole('heading', { name: 'User Management' }) });
    const search = await visible(users.getByRole('searchbox', { name: 'Search users by name or email' }));
    // The server answers the search: the table then holds this one account.
    const answered = adminPage.waitForResponse((r) => r.url().includes('/api/admin/users?') && r.url().includes('search=Rolechange'));
    await search.fill('Rolechange');
    await search.press('Enter');
    expect((await answered).headers()['x-total-count']).toBe('1');
    const row = users.getByRole('row').filter({ hasText: person.email });
    await visible(row);
    expect(await users.getByRole('row').filter({ hasText: '@example.nz' }).count()).toBe(1);
    await row.getByRole('button', { name: 'Edit Roles of Tane Rolechange' }).click();
    // Save waits for a change: the ticked roles equal the current ones until one is ticked.
    const save = row.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const valuer = row.getByRole('checkbox', { name: 'Registered Valuer' });
    await valuer.check();
    expect(await save.isEnabled()).toBe(true);
    await valuer.uncheck();
    expect(await save.isDisabled()).toBe(true);
    await valuer.check();
    await save.click();
    await visible(row.getByText('Registered Valuer'));
    await visible(adminPage.getByText('Roles Updated'));
    // Their header shows the new partner role once they load the page again.
    await page.reload();
    await visible(page.getByRole('banner').getByText('Registered Valuer'));
  });

  it('a partner sees Partner Dashboard, their active role, and no Start Assessment', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Rangi', 'Broker'));
    const userId = await page.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { id: string }).id);

    // One partner role: a read-only badge, stored as the active role.
    await setRoles(userId, ['mortgage_broker']);
    await page.reload();
    await visible(page.getByRole('banner').getByText('Mortgage Broker'));
    expect(await startAssessment(page).count()).toBe(0);
    const items = await userMenuItems(page);
    expect(items).toContain('Partner Dashboard');
    expect(items).not.toContain('Become a Partner');
    expect(await page.evaluate(() => localStorage.getItem('activePartnerRole'))).toBe('mortgage_broker');
    await page.keyboard.press('Escape');

    // Several: a 'Select role...' dropdown; the stored role is restored, a change is saved.
    await setRoles(userId, ['mortgage_broker', 'registered_valuer']);
    await page.reload();
    const select = await visible(page.getByRole('banner').locator('.ant-select'));
    expect(await select.innerText()).toContain('Mortgage Broker');
    await select.click();
    await page.getByRole('option', { name: 'Registered Valuer' }).click();
    await page.waitForFunction(() => localStorage.getItem('activePartnerRole') === 'registered_valuer');
    await page.reload();
    expect(await (await visible(page.getByRole('banner').locator('.ant-select'))).innerText()).toContain('Registered Valuer');

    // A stored role the user no longer holds gives way to the first held one.
    await setRoles(userId, ['property_manager']);
    await page.reload();
    await visible(page.getByRole('banner').getByText('Property Manager'));
    await page.waitForFunction(() => localStorage.getItem('activePartnerRole') === 'property_manager');
  });

  it('on a phone each user is a card whose Edit Roles is in view and works by keyboard', async () => {
    const person = newPerson('Ana', 'Phoneroles');
    await registerThroughUi(await suite.newPage(), person);
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.context().addCookies(await adminPage.context().cookies());
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const users = page.locator('.admin-section').filter({ has: page.getByRole('heading', { name: 'User Management' }) });
    const search = await visible(users.getByRole('searchbox', { name: 'Search users by name or email' }));
    await search.fill('Phoneroles');
    await search.press('Enter');
    const card = await visible(users.getByRole('listitem').filter({ hasText: person.email }));
    const edit = card.getByRole('button', { name: 'Edit Roles of Ana Phoneroles' });
    await edit.scrollIntoViewIfNeeded();
    // In the viewport's width, and nothing scrolls sideways: not the page, not the card.
    const box = (await edit.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await users.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await visible(card.getByText('General'));

    // By keyboard: Enter opens the edit with focus on its first role, Space ticks, Save by Enter.
    await edit.focus();
    await page.keyboard.press('Enter');
    const general = card.getByRole('checkbox', { name: 'General' });
    await expect.poll(() => general.evaluate((el) => el === document.activeElement)).toBe(true);
    const broker = card.getByRole('checkbox', { name: 'Mortgage Broker' });
    while (!(await broker.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await broker.isChecked()).toBe(true);
    const save = card.getByRole('button', { name: 'Save' });
    while (!(await save.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
    const saved = page.waitForResponse((r) => r.url().includes('/roles') && r.request().method() === 'PATCH');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await visible(card.getByText('Mortgage Broker'));
    // Focus is back on the user's Edit Roles.
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the mobile sheet lists the screens', async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = await visible(page.getByRole('navigation', { name: 'Mobile' }));
    expect((await nav.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(['Home', 'Property Map', 'How It Works', 'Sign In']);
    await nav.getByRole('link', { name: 'How It Works' }).click();
    await page.waitForURL((u) => u.pathname === '/how-it-works');
    await visible(page.getByRole('heading', { name: 'How It Works', level: 1 }));
  });
});
