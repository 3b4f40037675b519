/**
 * The main journeys with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11; issue 49): sign in,
 * open the account menu, a dialog and the phone's menu sheet, each by Tab and Enter; a dialog keeps
 * focus inside while open and gives it back to its opener when Escape closes it; and every button
 * and link Tab reaches on the way shows where focus is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './axe';
import { startSuite, userMenuButton, visible, type Suite } from './harness';
import { focused, focusInside, signInWithKeyboard, tabTo } from './keyboard-focus';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

describe('the keyboard alone', () => {
  it('signs in, opens a dialog that keeps focus, closes it with Escape and is back on its opener', { timeout: 120_000 }, async () => {
    const page = await suite.newPage();
    const unmarked = await signInWithKeyboard(page, 'broker@demo.kainga.nz');
    await page.goto('/partner-dashboard');
    const opener = await visible(page.getByRole('button', { name: 'Edit Profile' }));
    unmarked.push(...(await tabTo(page, opener, 60)));
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Profile' }));
    await expect.poll(() => focusInside(dialog)).toBe(true);
    await expectNoSeriousViolations(page, 'the Edit Profile dialog');
    // Tab and Shift+Tab round the whole dialog more than once: focus never leaves it.
    const fields = await dialog.locator('input:not([type="hidden"]):not([tabindex="-1"]), textarea, button, [tabindex="0"]').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < fields + 4; i++) {
        await page.keyboard.press(key);
        expect(await focusInside(dialog), `focus left the dialog after ${i + 1} × ${key}`).toBe(true);
        const now = await focused(page);
        if (now?.control && !now.visibleFocus) unmarked.push(now.what);
      }
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(unmarked, 'controls reached by Tab without a visible focus indicator').toEqual([]);
  });

  it('opens the account menu with Enter, moves through it with the arrows and closes it with Escape', { timeout: 60_000 }, async () => {
    const page = await suite.newPage();
    await signInWithKeyboard(page, 'owner@demo.kainga.nz');
    const trigger = userMenuButton(page);
    const unmarked = await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const menu = await visible(page.getByRole('menu'));
    // The dropdown moves focus into the menu three frames after it opens, and the menu moves focus
    // to the item an arrow chose a frame after the key: Escape pressed before that frame closes the
    // menu and returns focus to its button, and the late frame then puts focus on a hidden item.
    const activeItem = () => page.evaluate(() => (document.activeElement?.closest('[role="menuitem"]') as HTMLElement | null)?.innerText.trim() ?? null);
    await expect.poll(() => focusInside(menu)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(activeItem).not.toBeNull();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter on a menu item follows it.
    await page.keyboard.press('Enter');
    await visible(page.getByRole('menu'));
    // Each arrow waits for the menu to move focus (it does so a frame later, and later still on a
    // busy machine): pressing on regardless would run past Profile Settings.
    await expect
      .poll(async () => {
        if ((await activeItem()) === null) await page.keyboard.press('ArrowDown');
        return activeItem();
      })
      .not.toBeNull();
    for (let i = 0; i < 8 && (await activeItem()) !== 'Profile Settings'; i++) {
      const before = await activeItem();
      await page.keyboard.press('ArrowDown');
      await expect.poll(activeItem).not.toBe(before);
    }
    expect(await activeItem()).toBe('Profile Settings');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/profile');
    expect(unmarked, 'controls reached by Tab without a visible focus indicator').toEqual([]);
  });

  it('on a phone, opens the menu sheet, keeps focus in it and gives it back to the menu button', { timeout: 60_000 }, async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Whats that property really worth?' }));
    const opener = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => opener.isEnabled()).toBe(true);
    const unmarked = await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const sheet = await visible(page.getByRole('dialog'));
    await expect.poll(() => focusInside(sheet)).toBe(true);
    const links = await sheet.getByRole('link').count();
    for (let i = 0; i < links + 3; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(sheet), `focus left the menu sheet after ${i + 1} × Tab`).toBe(true);
      const now = await focused(page);
      if (now?.control && !now.visibleFocus) unmarked.push(now.what);
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(unmarked, 'controls reached by Tab without a visible focus indicator').toEqual([]);
  });
});
