import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, seriousViolationsIn } from './axe';
import { becomeAdmin, callApi, newPerson, startSuite, toast, visible, type Suite } from './harness';

/**
 * An admin erases a signed-out visitor on their request (issue 50): someone without an account who
 * wrote to a partner, named by the email they wrote from ("Erase a visitor…" on User Management,
 * POST /api/admin/visitors/erase).
 */
let suite: Suite;
let adminPage: Page;
const admin = newPerson('Tui', 'Visitoreraser');
const VISITOR_EMAIL = 'kahu.visitor@example.nz';
const REASON = 'Email request of 2 December, ticket 5120';

beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email, SEED_DEMO: 'true' });
  adminPage = await becomeAdmin(suite, admin);
  // A signed-out visitor writes to one of the demo partners.
  const visitor = await suite.newPage();
  await visitor.goto('/');
  const partners = await callApi<{ id: string }[]>(visitor, 'GET', '/api/partners/location/auckland');
  const sent = await callApi(visitor, 'POST', `/api/partners/${partners.body[0]!.id}/contact`, { name: 'Kahu Visitor', email: VISITOR_EMAIL, phone: '027 555 0123', message: 'Please call me about my mortgage.' });
  expect(sent.status).toBe(201);
}, 120_000);
afterAll(() => suite?.close());

async function openDialog(page: Page) {
  await page.goto('/admin');
  await (await visible(page.getByRole('button', { name: 'Erase a visitor…' }))).click();
  return visible(page.getByRole('dialog', { name: 'Erase a visitor without an account?' }));
}

describe('an admin erases a signed-out visitor', () => {
  it('asks for the address and the request it answers, erases their requests, then finds nothing more from them', async () => {
    const page = adminPage;
    const dialog = await openDialog(page);
    const confirm = dialog.getByRole('button', { name: 'Erase', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Email address they wrote from').fill(VISITOR_EMAIL);
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason for the erasure').fill(REASON);
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.ant-modal .ant-btn-dangerous.ant-btn-primary')?.disabled);
    expect(await seriousViolationsIn(page, '.ant-modal')).toEqual([]);
    await confirm.click();
    await visible(toast(page, 'Visitor Erased'));
    await dialog.waitFor({ state: 'hidden' });
    // Focus is back on the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Erase a visitor…');

    // Again: nothing is left from that address, and the dialog says so.
    const again = await openDialog(page);
    await again.getByLabel('Email address they wrote from').fill(VISITOR_EMAIL);
    await again.getByLabel('Reason for the erasure').fill(REASON);
    await again.getByRole('button', { name: 'Erase', exact: true }).click();
    await visible(again.getByRole('alert').filter({ hasText: 'No requests to partners from this address were found.' }));
    expect(await seriousViolationsIn(page, '.ant-modal')).toEqual([]);
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
  });

  it('sends an account’s address to the account’s own Erase', async () => {
    const dialog = await openDialog(adminPage);
    await dialog.getByLabel('Email address they wrote from').fill(admin.email);
    await dialog.getByLabel('Reason for the erasure').fill(REASON);
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await visible(dialog.getByRole('alert').filter({ hasText: 'This address belongs to an account.' }));
    await adminPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('fits a phone, with nothing serious for axe', async () => {
    const phone = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await phone.context().addCookies(await adminPage.context().cookies());
    await openDialog(phone);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
