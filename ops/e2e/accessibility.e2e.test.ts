/**
 * WCAG 2.2 AA (issue 49): axe-core over every screen of the route table (pwa/src/app/routes.tsx)
 * and its states — open dialogs and menus, each tab, empty and error states — at a phone's and a
 * laptop's width, signed out and as the demo owner, broker and admin. One server, one browser, one
 * context per role; the widths are looped by resizing the page.
 *
 * Each role's test visits everything before it fails, then lists every serious or critical node
 * it found, so one run says all there is to fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { callApi, DEMO_PASSWORD, settledSelectList, signInThroughUi, startSuite, userMenuButton, visible, type Suite } from './harness';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;
type Width = (typeof WIDTHS)[number];

let suite: Suite;
/** The demo owner's latest valuation and its property, for the screens that show one. */
let owned: { valuationId: string; propertyId: string };

beforeAll(async () => {
  suite = await startSuite({ SEED_DEMO: 'true' });
  const page = await signedIn('owner@demo.kainga.nz');
  const [latest] = (await callApi<{ id: string; status: string; property: { id: string } }[]>(page, 'GET', '/api/valuations')).body.filter((v) => v.status === 'completed');
  if (!latest) throw new Error('the demo owner has no completed valuation');
  owned = { valuationId: latest.id, propertyId: latest.property.id };
  await page.context().close();
});
afterAll(async () => {
  await suite?.close();
});

/** A new context signed in as a demo account (or signed out when `email` is null). */
async function signedIn(email: string | null): Promise<Page> {
  const page = await suite.newPage({ viewport: { width: 1280, height: 800 } });
  if (!email) return page;
  await page.goto('/sign-in');
  await signInThroughUi(page, email, DEMO_PASSWORD);
  await visible(userMenuButton(page));
  return page;
}

/**
 * Waits for the screen to be what a person reads: its heading shown, nothing loading (no request
 * in flight, no skeleton or busy region) and no finite animation running (an antd dialog or menu
 * fading in is half transparent, and axe would measure the contrast of a half-drawn frame).
 */
async function settle(page: Page): Promise<void> {
  await page.locator('main').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"], .ant-skeleton, .ant-spin-spinning') === null);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Collects what axe finds on the page as it stands, each line labelled with where it was. */
function auditor(page: Page, role: string) {
  const found: string[] = [];
  let width: Width = WIDTHS[0];
  return {
    found,
    async at(w: Width) {
      width = w;
      await page.setViewportSize({ width: w.width, height: w.height });
    },
    isPhone: () => width.name === 'phone',
    async check(state: string) {
      const label = `${role}, ${width.name}, ${new URL(page.url()).pathname} ${state}`.trim();
      try {
        await settle(page);
      } catch (e) {
        throw new Error(`${label} did not settle: ${(e as Error).message}`);
      }
      found.push(...(await seriousViolations(page)).map((line) => `${label}: ${line}`));
    },
    async visit(path: string, state = '') {
      await page.goto(path);
      await this.check(state);
    },
  };
}

/** Opens the account menu (the dropdown on a laptop, the right sheet on a phone), checks it, closes it. */
async function checkMenus(page: Page, audit: ReturnType<typeof auditor>): Promise<void> {
  if (audit.isPhone()) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('dialog'));
    await audit.check('with the menu sheet open');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  } else {
    await userMenuButton(page).click();
    await visible(page.getByRole('menu'));
    await audit.check('with the account menu open');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
  }
}

/** Opens a dialog with `opener`, checks it, closes it with Escape. */
async function checkDialog(page: Page, audit: ReturnType<typeof auditor>, opener: ReturnType<Page['getByRole']>, name: string | RegExp): Promise<void> {
  await opener.click();
  const dialog = await visible(page.getByRole('dialog', { name }));
  await audit.check(`with the dialog "${String(name)}" open`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

const report = (found: string[]) => expect(found, `serious or critical WCAG violations:\n${found.join('\n')}`).toEqual([]);

/** Runs a role's visits; when a step fails, says what axe had found until then as well. */
async function audited(page: Page, role: string, visits: (audit: ReturnType<typeof auditor>) => Promise<void>): Promise<void> {
  const audit = auditor(page, role);
  try {
    await visits(audit);
  } catch (e) {
    if (audit.found.length > 0) console.warn(`[axe] ${role}, found before the failure:\n${audit.found.join('\n')}`);
    throw e;
  }
  report(audit.found);
}

describe('every screen meets WCAG 2.2 AA (axe-core, serious and critical)', () => {
  it('signed out', { timeout: 300_000 }, async () => {
    const page = await signedIn(null);
    await audited(page, 'signed out', async (audit) => {
      for (const width of WIDTHS) {
        await audit.at(width);
        for (const path of ['/', '/how-it-works', '/map', '/properties', `/property/${owned.propertyId}`, '/apply', '/partner-benefits', '/messages', '/profile', '/admin', '/partner-dashboard']) {
          await audit.visit(path);
        }
        await audit.visit('/no-such-page', '(not found)');
        await audit.visit('/set-password', '(no link)');
        await audit.visit('/sign-in');
        // A form sent empty shows its errors (an error state).
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await visible(page.locator('.ant-form-item-explain-error').first());
        await audit.check('sent empty');
        await page.getByText('Create account', { exact: true }).click();
        await visible(page.getByRole('button', { name: 'Create Account' }));
        await audit.check('(create account)');
        await audit.visit('/partner-enquiry');
        if (audit.isPhone()) {
          await audit.visit('/');
          await page.getByRole('button', { name: 'Open menu' }).click();
          await visible(page.getByRole('dialog'));
          await audit.check('with the menu sheet open');
        }
      }
    });
  });

  it('as the demo owner', { timeout: 300_000 }, async () => {
    const page = await signedIn('owner@demo.kainga.nz');
    await audited(page, 'owner', async (audit) => {
      for (const width of WIDTHS) {
        await audit.at(width);
        await audit.visit('/');
        await checkMenus(page, audit);
        for (const path of ['/how-it-works', '/map', '/properties', `/property/${owned.propertyId}`, `/valuations/${owned.valuationId}/report`, '/messages', '/apply', '/partner-benefits']) {
          await audit.visit(path);
        }
        await audit.visit('/partner-enquiry');
        await page.getByRole('button', { name: 'Submit Application' }).click();
        await visible(page.locator('.ant-form-item-explain-error').first());
        await audit.check('sent empty');
        await audit.visit('/admin', '(access denied)');
        await audit.visit('/partner-dashboard', '(partners only)');
        await audit.visit('/profile');
        // The results of the latest valuation, its contact dialog and a calculator.
        await audit.visit('/');
        // (Auckland: the demo's partners serve it.)
        await page.getByRole('region', { name: 'Recent Valuations', exact: true }).getByRole('button').filter({ hasText: 'Auckland' }).first().click();
        await visible(page.getByRole('heading', { name: 'Property Valuation Results' }));
        await audit.check('(results)');
        // An open select list is a state of its own (listbox and options).
        await page.getByRole('combobox', { name: /^Service type/ }).first().click();
        await visible(settledSelectList(page));
        await audit.check('with a select list open');
        await settledSelectList(page).locator('.ant-select-item-option[title="All Services"]').click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
        await visible(page.locator('.partner-item').first());
        await checkDialog(page, audit, page.locator('.partner-item').first().getByRole('button', { name: 'Contact', exact: true }), /^Contact /);
        await checkDialog(page, audit, page.locator('.partner-item').first().getByRole('button', { name: 'Request Service' }), /^Request a service from /);
      }
    });
  });

  it('as the demo broker (a partner)', { timeout: 300_000 }, async () => {
    const page = await signedIn('broker@demo.kainga.nz');
    await audited(page, 'broker', async (audit) => {
      for (const width of WIDTHS) {
        await audit.at(width);
        await audit.visit('/partner-dashboard');
        await checkMenus(page, audit);
        await checkDialog(page, audit, page.getByRole('button', { name: 'Edit Profile' }), 'Edit Profile');
        await checkDialog(page, audit, page.locator('.contact-list [role="button"]').first(), /^Message from /);
        // Every tab of the dashboard, each clicked in the list: none may hide in an overflow menu.
        const tabs = page.getByRole('tab');
        expect(await tabs.count()).toBeGreaterThanOrEqual(5);
        for (let i = 0; i < (await tabs.count()); i++) {
          await tabs.nth(i).click();
          await audit.check(`(tab ${await tabs.nth(i).innerText()})`);
        }
        await page.getByRole('tab', { name: 'Advertising', exact: true }).click();
        await settle(page);
        await checkDialog(page, audit, page.getByRole('button', { name: /^Subscribe to / }).first(), /^Subscribe to /);
        await checkDialog(page, audit, page.getByRole('button', { name: 'Create Advert' }), 'Create Advert');
        await audit.visit('/messages');
        await audit.visit('/profile');
      }
    });
  });

  it('as the demo admin', { timeout: 300_000 }, async () => {
    const page = await signedIn('admin@demo.kainga.nz');
    await audited(page, 'admin', async (audit) => {
      for (const width of WIDTHS) {
        await audit.at(width);
        await audit.visit('/admin');
        await checkMenus(page, audit);
        // Edit Roles opens its checkboxes in the row.
        await page.getByRole('button', { name: /^Edit Roles of / }).first().click();
        await visible(page.getByRole('button', { name: 'Cancel' }).first());
        await audit.check('(editing roles)');
        await page.getByRole('button', { name: 'Cancel' }).first().click();
        await checkDialog(page, audit, page.getByRole('button', { name: /^Edit (?!Roles)/ }).first(), /^Edit (?!Roles)/);
        await audit.visit('/profile');
        await audit.visit('/messages');
      }
    });
  });
});
