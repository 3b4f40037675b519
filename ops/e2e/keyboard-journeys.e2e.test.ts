/**
 * Whole journeys with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11; issue 49): a valuation
 * from Start Assessment to its results, and a partner's dashboard (tabs by arrow keys, a contact
 * opened with Enter and closed with Escape, the Subscribe dialog). Every control Tab reaches on the
 * way must show where focus is, and focus moves to each new step instead of falling to the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startSuite, visible, type Suite } from './harness';
import { focused, focusInside, hasFocus, signInWithKeyboard, tabTo } from './keyboard-focus';

let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await suite?.close();
});

const radio = (page: Page, group: string, name: string) => page.getByRole('radiogroup', { name: group, exact: true }).getByRole('radio', { name, exact: true });

/** Presses `key` `times` times. */
async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Waits until `target` has focus: where the app puts focus after a screen or step changes. */
const focusLandsOn = (target: Locator) => expect.poll(() => hasFocus(target)).toBe(true);

describe('a valuation with the keyboard alone', () => {
  it('goes from Start Assessment through the 3 steps to the results, focus always shown and never lost', { timeout: 180_000 }, async () => {
    const page = await suite.newPage();
    const unmarked = await signInWithKeyboard(page, 'owner@demo.kainga.nz');
    await page.goto('/');
    const start = await visible(page.getByRole('link', { name: 'Start Assessment' }));
    unmarked.push(...(await tabTo(page, start, 60)));
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { name: 'Step 1 of 3 - Property Details' }));

    // Step 1: the wizard opens with Address focused; every field follows by Tab.
    const address = page.getByLabel('Address');
    await focusLandsOn(address);
    await page.keyboard.type('12 Karori Road');
    unmarked.push(...(await tabTo(page, page.getByLabel('Suburb'), 3)));
    await page.keyboard.type('Karori');
    // The city's list filters as it is typed; the arrows move through it and Enter picks.
    unmarked.push(...(await tabTo(page, page.getByLabel('City'), 3)));
    await page.keyboard.type('Wel');
    await visible(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active[title="Wellington"]'));
    await page.keyboard.press('Enter');
    await visible(page.getByRole('region', { name: 'Market Information' }).getByText('Wellington', { exact: true }));
    unmarked.push(...(await tabTo(page, page.getByLabel('Floor area'), 4)));
    await page.keyboard.type('150');
    unmarked.push(...(await tabTo(page, page.getByLabel('Land area'), 3)));
    await page.keyboard.type('500');
    // A radio group is one Tab stop: Space chooses the first, the arrows move the choice.
    unmarked.push(...(await tabTo(page, radio(page, 'Bedrooms', '1'), 3)));
    await page.keyboard.press('Space');
    await press(page, 'ArrowRight', 2);
    expect(await radio(page, 'Bedrooms', '3').isChecked()).toBe(true);
    unmarked.push(...(await tabTo(page, radio(page, 'Bathrooms', '1'), 3)));
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    expect(await radio(page, 'Bathrooms', '2').isChecked()).toBe(true);
    unmarked.push(...(await tabTo(page, page.getByLabel('Rateable value (RV)'), 3)));
    await page.keyboard.type('900000');
    unmarked.push(...(await tabTo(page, page.getByRole('button', { name: 'Next: Condition Assessment' }), 3)));
    await page.keyboard.press('Enter');

    // Step 2: focus is on its heading, and the ratings follow by Tab, each chosen by the arrows.
    await focusLandsOn(page.getByRole('heading', { name: 'Step 2 of 3 - Property Condition Assessment' }));
    const kitchen = page.getByRole('radiogroup', { name: 'Kitchen', exact: true });
    unmarked.push(...(await tabTo(page, kitchen.getByRole('radio', { name: 'N/A' }), 5)));
    await press(page, 'ArrowRight', 5);
    expect(await kitchen.getByRole('radio', { name: '5 stars, Excellent' }).getAttribute('aria-checked')).toBe('true');
    const bathroom = page.getByRole('radiogroup', { name: 'Bathroom', exact: true });
    unmarked.push(...(await tabTo(page, bathroom.getByRole('radio', { name: 'N/A' }), 1)));
    await press(page, 'ArrowRight', 3);
    expect(await bathroom.getByRole('radio', { name: '3 stars, Good' }).getAttribute('aria-checked')).toBe('true');
    unmarked.push(...(await tabTo(page, page.getByRole('button', { name: 'Next: Market Research' }), 40)));
    await page.keyboard.press('Enter');

    // Step 3: focus is on its heading; the research started by itself once step 1 was filled.
    await focusLandsOn(page.getByRole('heading', { name: 'Step 3 of 3 - Market Research' }));
    await visible(page.locator('.research-progress').getByText('Research Complete'));
    unmarked.push(...(await tabTo(page, page.getByRole('button', { name: 'Generate Valuation' }), 20)));
    await page.keyboard.press('Enter');

    // The results: focus is on their heading, not left on the page.
    await focusLandsOn(page.getByRole('heading', { name: 'Property Valuation Results' }));
    await visible(page.getByText('Complete valuation analysis for 12 Karori Road, Karori, Wellington'));
    expect(await focused(page)).not.toBeNull();
    expect(unmarked, 'controls reached by Tab without a visible focus indicator').toEqual([]);
    await page.close();
  });
});

describe("a partner's dashboard with the keyboard alone", () => {
  it('moves through the tabs by the arrows, opens a contact with Enter, closes it with Escape, and opens and closes Subscribe', { timeout: 120_000 }, async () => {
    const page = await suite.newPage();
    const unmarked = await signInWithKeyboard(page, 'broker@demo.kainga.nz');
    await page.goto('/partner-dashboard');
    // Not anchored at the start: antd puts 'Tab 1 of 5' into the focused tab's name.
    const tab = (name: RegExp) => page.getByRole('tab', { name });
    const newTab = await visible(tab(/New \(\d+\)$/));
    unmarked.push(...(await tabTo(page, newTab, 60)));

    // A new contact: Enter opens it, which marks it read and moves it to Read. Its card is gone
    // when Escape closes the dialog, so focus comes back to the open tab rather than the page.
    const newCount = Number(/\((\d+)\)/.exec(await newTab.innerText())![1]);
    expect(newCount).toBeGreaterThan(0);
    unmarked.push(...(await tabTo(page, page.getByRole('tabpanel').locator('.contact-card').first(), 5)));
    await page.keyboard.press('Enter');
    const message = await visible(page.getByRole('dialog', { name: /^Message from / }));
    await expect.poll(() => focusInside(message)).toBe(true);
    await visible(tab(new RegExp(`New \\(${newCount - 1}\\)$`)));
    await page.keyboard.press('Escape');
    await message.waitFor({ state: 'hidden' });
    await focusLandsOn(newTab);

    // The arrows move focus along the tabs; Enter or Space opens the focused one.
    await page.keyboard.press('ArrowRight');
    await focusLandsOn(tab(/Read \(\d+\)$/));
    expect(await tab(/Read \(\d+\)$/).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => tab(/Read \(\d+\)$/).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect.poll(() => tab(/Responded \(\d+\)$/).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => tab(/Read \(\d+\)$/).getAttribute('aria-selected')).toBe('true');
    const now = await focused(page);
    if (now?.control && !now.visibleFocus) unmarked.push(now.what);

    // A contact of the Read tab (opening it leaves it there): Escape gives focus back to its card.
    const card = page.getByRole('tabpanel').locator('.contact-card').first();
    await visible(card);
    unmarked.push(...(await tabTo(page, card, 5)));
    await page.keyboard.press('Enter');
    const contact = await visible(page.getByRole('dialog', { name: /^Message from / }));
    await expect.poll(() => focusInside(contact)).toBe(true);
    await page.keyboard.press('Escape');
    await contact.waitFor({ state: 'hidden' });
    await focusLandsOn(card);

    // Advertising by the arrows, then Subscribe: Enter opens its dialog, Escape closes it.
    unmarked.push(...(await tabTo(page, tab(/Read \(\d+\)$/), 5, 'Shift+Tab')));
    await press(page, 'ArrowRight', 2);
    await focusLandsOn(tab(/Advertising$/));
    await page.keyboard.press('Enter');
    const subscribe = page.getByRole('region', { name: 'Available Plans', exact: true }).getByRole('button', { name: /^Subscribe to / }).first();
    await visible(subscribe);
    unmarked.push(...(await tabTo(page, subscribe, 60)));
    const plan = (await subscribe.getAttribute('aria-label'))!;
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: plan }));
    await expect.poll(() => focusInside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusLandsOn(subscribe);
    expect(unmarked, 'controls reached by Tab without a visible focus indicator').toEqual([]);
    await page.close();
  });
});
