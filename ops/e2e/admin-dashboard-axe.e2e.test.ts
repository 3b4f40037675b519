import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, seriousViolationsIn } from './axe';
import { becomeAdmin, newPerson, startSuite, visible, type Suite } from './harness';

/**
 * The admin dashboard in two states the demo data never shows (accessibility.e2e.test.ts runs on
 * it): a fresh service with no properties, so Property Overview says "No properties yet.", and a
 * typed User Management search, so the search box shows its clear button. axe over the whole
 * page, at a laptop's and a phone's width.
 */
const admin = newPerson('Awhina', 'Audit');
let suite: Suite;
let page: Page;
beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  page = await becomeAdmin(suite, admin);
});
afterAll(async () => {
  await suite?.close();
});

const userSearch = (p: Page) => p.getByRole('searchbox', { name: 'Search users by name or email' });
const clearButton = (p: Page) => p.locator('#user-management .admin-search .ant-input-clear-icon');

describe('the admin dashboard, empty and searched', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    it(`is axe-clean at ${viewport.width} px with no properties and a search typed`, async () => {
      await page.setViewportSize(viewport);
      await page.goto('/admin');
      const properties = page.locator('.admin-section').filter({ has: page.getByRole('heading', { name: 'Property Overview' }) });
      await visible(properties.getByText('No properties yet.', { exact: true }));
      expect(await seriousViolations(page), `the empty dashboard at ${viewport.width} px`).toEqual([]);

      await userSearch(page).fill('nobody-by-this-name');
      await page.keyboard.press('Enter');
      await visible(page.getByText('No users match "nobody-by-this-name".', { exact: true }));
      const clear = await visible(clearButton(page));
      // WCAG 2.2's 2.5.8: a target of at least 24 × 24 CSS px.
      const box = (await clear.boundingBox())!;
      expect(box.width, `the clear button's width at ${viewport.width} px`).toBeGreaterThanOrEqual(24);
      expect(box.height, `the clear button's height at ${viewport.width} px`).toBeGreaterThanOrEqual(24);
      // The search box, its clear button and the list's empty text included.
      expect(await seriousViolationsIn(page, '#user-management'), `the searched list at ${viewport.width} px`).toEqual([]);
      expect(await seriousViolations(page), `the searched dashboard at ${viewport.width} px`).toEqual([]);

      // The clear button still clears the box.
      await clear.click();
      expect(await userSearch(page).inputValue()).toBe('');
    });
  }
});
