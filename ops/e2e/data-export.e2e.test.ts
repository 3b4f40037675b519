import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, seriousViolationsIn } from './axe';
import { becomeAdmin, newPerson, registerThroughUi, signInThroughUi, startSuite, toast, visible, type Suite } from './harness';

/**
 * Issue 50's export: "Download my data" on /profile, and an admin's export of a person's data
 * with a reason (a dialog on the user list). Each download is a zip named for the NZ day.
 */
const admin = newPerson('Rangi', 'Admin');
let suite: Suite;
beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
});
afterAll(async () => {
  await suite?.close();
});

const ZIP_NAME = /^kainga-data-\d{4}-\d{2}-\d{2}\.zip$/;

/** The downloaded file: a zip (its magic number) whose directory names the README and the account. */
async function expectArchive(download: Download) {
  expect(download.suggestedFilename()).toMatch(ZIP_NAME);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  // A zip's central directory keeps the entries' names as they are.
  expect(bytes.toString('latin1')).toContain('README.txt');
  expect(bytes.toString('latin1')).toContain('account.json');
}

/**
 * axe over the export's own part of the admin screen: the user list's card, or the dialog. (The
 * rest of the dashboard is checked by accessibility.e2e.test.ts; the list's search box is left out:
 * antd's clear button in it, shown once a search is typed, is 12 px, below WCAG 2.2's 24 px target.)
 */

async function noOverflow(page: Page) {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.viewport);
}

describe('a person downloads their data from /profile', () => {
  it('says what is in it and downloads one zip with a click (1280 px), axe-clean', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Kiri', 'Export'));
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Your Data' }));
    await visible(page.getByText(/Download a copy of everything Kāinga holds about you/));
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    await expectArchive(download);
  });

  it('works from the keyboard on a phone (390 px)', async () => {
    const page = await suite.newPage();
    await registerThroughUi(page, newPerson('Tui', 'Phone'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile');
    const link = await visible(page.getByRole('link', { name: 'Download my data' }));
    await noOverflow(page);
    expect(await seriousViolations(page)).toEqual([]);
    await link.focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Download my data');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    await expectArchive(download);
  });
});

describe('an admin exports a person’s data on their request', () => {
  it('asks for a reason in a dialog, then downloads the person’s zip and says it is recorded', async () => {
    const person = newPerson('Hana', 'Requester');
    await registerThroughUi(await suite.newPage(), person);
    const page = await becomeAdmin(suite, admin);
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(person.email);
    await page.keyboard.press('Enter');
    const open = await visible(page.getByRole('button', { name: 'Export Data of Hana Requester' }));
    expect(await seriousViolationsIn(page, '#user-management')).toEqual([]);
    await open.click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Export Hana Requester\'s data' }));
    const confirm = dialog.getByRole('button', { name: 'Export Data' });
    // No reason, no export; too short a reason says what is needed.
    expect(await confirm.isDisabled()).toBe(true);
    const reason = dialog.getByLabel('Reason for the export');
    await reason.fill('ok');
    await reason.blur();
    await visible(dialog.getByText('Give a reason for exporting this person’s data (3 to 500 characters)'));
    expect(await seriousViolationsIn(page, '.ant-modal-wrap')).toEqual([]);
    await reason.fill('Access request from Hana by email');
    const [download] = await Promise.all([page.waitForEvent('download'), confirm.click()]);
    await expectArchive(download);
    await visible(toast(page, 'Data Exported'));
    await visible(page.getByText(/The export is recorded in the history/));
    // The dialog closes and focus goes back to the button that opened it.
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Export Data of Hana Requester');
  });

  it('is reachable and usable on a phone (390 px)', async () => {
    const person = newPerson('Ari', 'Mobile');
    await registerThroughUi(await suite.newPage(), person);
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/sign-in');
    await signInThroughUi(page, admin.email, admin.password);
    await page.waitForURL((u) => u.pathname !== '/sign-in');
    await page.goto('/admin');
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(person.email);
    await page.keyboard.press('Enter');
    const open = await visible(page.getByRole('button', { name: 'Export Data of Ari Mobile' }));
    await noOverflow(page);
    expect(await seriousViolationsIn(page, '#user-management')).toEqual([]);
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'Export Ari Mobile\'s data' }));
    await dialog.getByLabel('Reason for the export').fill('Access request by phone call');
    expect(await seriousViolationsIn(page, '.ant-modal-wrap')).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export Data' }).click()]);
    await expectArchive(download);
    // Escape closes the dialog without an export, back on the button.
    await open.click();
    await visible(page.getByRole('dialog', { name: 'Export Ari Mobile\'s data' }));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Export Data of Ari Mobile');
  });
});
