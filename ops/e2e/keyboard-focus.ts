/**
 * Focus helpers of the keyboard suites (issue 49): what has focus and whether it shows, Tab until a
 * control is reached, and signing in by keyboard.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, userMenuButton, visible } from './harness';

/**
 * What the focused element is and whether it shows where focus is: an outline of 2 px or more, or
 * a ring (a box-shadow spread of 2 px or more, mostly opaque) — on itself or, for a text field or
 * an antd radio button (whose input is hidden), on the antd frame drawn round it. Measured once the focus transition has ended.
 */
export async function focused(page: Page) {
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
    const frame = el.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker, .ant-segmented-item, .ant-radio-button-wrapper') ?? el;
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
 * page (or Shift+Tab, back); answers the controls passed on the way that showed no focus indicator.
 */
export async function tabTo(page: Page, target: Locator, max = 40, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<string[]> {
  const unmarked: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (now?.control && !now.visibleFocus) unmarked.push(now.what);
    if (await target.evaluate((el) => el === document.activeElement)) return unmarked;
  }
  throw new Error(`${key} did not reach ${String(target)} in ${max} presses`);
}

/** Whether focus is inside `container` now. */
export const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** Signs in on /sign-in with the keyboard: Tab to Email, type, Tab to Password, type, Enter. */
export async function signInWithKeyboard(page: Page, email: string): Promise<string[]> {
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

/** Whether `target` itself has focus now. */
export const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);
