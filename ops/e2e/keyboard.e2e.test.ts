/**
 * The main journeys with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11; issue 49): sign in,
 * open the account menu, a dialog and the phone's menu sheet, each by Tab and Enter; a dialog keeps
 * focus inside while open and gives it back to its opener when Escape closes it; and every button
 * and link Tab reaches on the way shows where focus is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousViolations } from './axe';
import { DEMO_PASSWORD, startSuite, userMenuButton, visible, type Suite } from './harness';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

/**
 * What the focused element is and whether it shows where focus is: an outline of 2 px or more, or
 * a ring (a box-shadow spread of 2 px or more, mostly opaque) — on itself or, for a text field, on
 * the antd frame drawn round it. Measured once the focus transition has ended.
 */
async function focused(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const marked = (node: Element) => {
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return true;
      const rings = [...style.boxShadow.matchAll(/rgba?\(([^)]*)\)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px/g)];
      return rings.some((m) => {
        const alpha = Number(m[1]!.split(',')[3] ?? 1);
        return Number(m[5]) >= 2 && alpha >= 0.5;
      });
    };
    const frame = el.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker, .ant-segmented-item') ?? el;
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const label = (el.getAttribute('aria-label') ?? el.id ?? el.innerText ?? '').trim().slice(0, 40) || el.innerText.trim().slice(0, 40);
    return {
      what: `${role} "${label}"`,
      control: /^(a|button|input|select|textarea|tab|menuitem|checkbox|radio|switch|link|combobox|spinbutton)$/.test(role),
      visibleFocus: el.matches(':focus-visible') && (marked(el) || marked(frame)),
    };
  });
}

/**
 * Presses Tab until `target` has focus (at most `max` times), as a keyboard user moves through the
 * page; answers the controls passed on the way that showed no focus indicator.
 */
async function tabTo(page: Page, target: Locator, max = 40): Promise<string[]> {
  const unmarked: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now?.control && !now.visibleFocus) unmarked.push(now.what);
    if (await target.evaluate((el) => el === document.activeElement)) return unmarked;
  }
  throw new Error(`Tab did not reach ${String(target)} in ${max} presses`);
}

/** Whether focus is inside `container` now. */
const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** Signs in on /sign-in with the keyboard: Tab to Email, type, Tab to Password, type, Enter. */
async function signInWithKeyboard(page: Page, email: string): Promise<string[]> {
  await page.goto('/sign-in');
  await visible(page.getByRole('heading', { name: 'Sign in to Kāinga' }));
  const unmarked = await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  unmarked.push(...(await tabTo(page, page.getByLabel('Password'), 3)));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await visible(userMenuButton(page));
  return unmarked;
}

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
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusInside(menu)).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter on a menu item follows it.
    await page.keyboard.press('Enter');
    await visible(page.getByRole('menu'));
    await page.keyboard.press('ArrowDown');
    const profile = page.getByRole('menuitem', { name: 'Profile' });
    for (let i = 0; i < 8 && !(await profile.evaluate((el) => el.contains(document.activeElement) || el.classList.contains('ant-dropdown-menu-item-active'))); i++) {
      await page.keyboard.press('ArrowDown');
    }
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
