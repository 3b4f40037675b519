/**
 * Advertising Plan Management on /admin (partner/admin spec "/admin", §4, §8), as an admin uses
 * it: the seeded plans in tier order, the allocate form (a missing choice, then a plan allocated
 * to a partner in its town), the subscription paused, activated and expired, and the partner's
 * advert approved (and another rejected with a reason).
 *
 * The tests run in order and share the people they make (one server for the file).
 */
import type { AdContentView, AdminAdSubscriptionView, AdPlanView } from '@kainga/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeAdmin, callApi, chooseOption, createPartnerAsAdmin, newPerson, nzd, registerThroughUi, startSuite, visible, type Suite } from './harness';

const admin = newPerson('Ana', 'Admin');
const valuer = newPerson('Rawiri', 'Valuer');
const BUSINESS = `Nelson Valuers ${valuer.email.slice(15, 21)}`;
const CITY = 'Nelson';

let suite: Suite;
let adminPage: Page;
let valuerPage: Page;
let partnerId: string;
let goldPlan: AdPlanView;

beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  adminPage = await becomeAdmin(suite, admin);
  // The valuer has an account; the admin makes it a registered valuer in Nelson (Add New Partner Directly).
  valuerPage = await suite.newPage();
  await registerThroughUi(valuerPage, valuer);
  partnerId = (await createPartnerAsAdmin(adminPage, valuer, { roleId: 'registered_valuer', city: CITY, businessName: BUSINESS })).id;
});
afterAll(async () => {
  await suite?.close();
});

/** A toast (antd notification) with this title, once shown; closed, so the next one is not confused with it. */
async function seeToast(page: Page, title: string, description?: string) {
  const notice = await visible(page.locator('.ant-notification-notice').filter({ hasText: title }).first());
  if (description) expect(await notice.innerText()).toContain(description);
  await notice.locator('.ant-notification-notice-close').click();
  await notice.waitFor({ state: 'detached' });
}

const section = (page: Page) => page.locator('.admin-section').filter({ has: page.getByRole('heading', { name: 'Advertising Plan Management' }) });
const subscriptionCard = (page: Page): Locator => section(page).getByRole('listitem', { name: new RegExp(`^Subscription .* for ${BUSINESS}$`) });
const adminSubscriptions = async () => (await callApi<AdminAdSubscriptionView[]>(adminPage, 'GET', '/api/admin/partner-ad-subscriptions')).body;

async function openAdmin(page: Page) {
  await page.goto('/admin');
  await visible(section(page).getByRole('heading', { name: 'Plans', level: 3 }));
}

describe('the plans', () => {
  it('lists the seeded plans gold, silver, bronze with price, dimensions, priority and max impressions', async () => {
    const plans = (await callApi<AdPlanView[]>(adminPage, 'GET', '/api/ad-plans')).body;
    goldPlan = plans.find((p) => p.tier === 'gold')!;
    expect(goldPlan).toBeDefined();
    await openAdmin(adminPage);
    const cards = section(adminPage).locator('.ad-plan');
    await visible(cards.first());
    const tiers = await cards.locator('.ad-tier-badge').allInnerTexts();
    expect(tiers).toEqual(['Gold', 'Silver', 'Bronze']);
    const gold = cards.first();
    const text = await gold.innerText();
    expect(text).toContain(goldPlan.name);
    expect(text).toContain(`${nzd(goldPlan.monthlyPrice)}/month`);
    expect(text).toContain(`${goldPlan.adWidth} x ${goldPlan.adHeight} px`);
    expect(text).toContain(goldPlan.maxImpressions.toLocaleString('en-NZ'));
    expect(text).not.toContain('Inactive');
  });
});

describe('allocating a plan', () => {
  it('says what is missing, then allocates the gold plan to the partner in its town', async () => {
    const page = adminPage;
    await openAdmin(page);
    const card = section(page);
    await visible(card.getByText('No active subscriptions found'));

    await card.getByRole('button', { name: 'Allocate Plan' }).click();
    await seeToast(page, 'Missing Information', 'Please select a partner, plan, and location.');

    await chooseOption(page, card, 'Partner', `${BUSINESS} — ${valuer.firstName} ${valuer.lastName} (Registered Valuer)`, BUSINESS.slice(0, 14));
    // The partner's one location is chosen for the admin.
    await visible(card.locator('.ad-allocate').getByText(new RegExp(`^${CITY}, `)));
    const planLabel = `Gold · ${goldPlan.name} (${nzd(goldPlan.monthlyPrice)}/month)`;
    await chooseOption(page, card, 'Plan', planLabel);
    await card.getByRole('button', { name: 'Allocate Plan' }).click();
    await seeToast(page, 'Advertising plan allocated successfully!');

    const sub = await visible(subscriptionCard(page));
    const text = await sub.innerText();
    expect(text).toContain('Active');
    expect(text).toContain(`${valuer.firstName} ${valuer.lastName} (${BUSINESS})`);
    expect(text).toContain(`${CITY},`);
    expect(text).toMatch(/Impressions\s+0/);
    expect(text).toMatch(/Clicks\s+0/);
    expect(text).toMatch(/Auto-renew\s+Yes/);
    const [saved] = (await adminSubscriptions()).filter((s) => s.partnerId === partnerId);
    expect(saved).toMatchObject({ status: 'active', adPlanId: goldPlan.id, location: { cityName: CITY } });
  });
});

describe('managing the subscription', () => {
  it('pauses it, then activates it again', async () => {
    const page = adminPage;
    const sub = subscriptionCard(page);
    await sub.getByRole('button', { name: /^Pause / }).click();
    await seeToast(page, 'Subscription updated successfully!');
    await visible(sub.getByRole('button', { name: /^Activate / }));
    expect(await sub.getByRole('button', { name: /^Pause / }).count()).toBe(0);
    expect((await adminSubscriptions()).find((s) => s.partnerId === partnerId)?.status).toBe('paused');

    await sub.getByRole('button', { name: /^Activate / }).click();
    await seeToast(page, 'Subscription updated successfully!');
    await visible(sub.getByRole('button', { name: /^Pause / }));
    expect((await adminSubscriptions()).find((s) => s.partnerId === partnerId)?.status).toBe('active');
  });
});

describe('adverts awaiting approval', () => {
  const advert = (title: string) => section(adminPage).getByRole('listitem', { name: `Advert ${title}` });

  it("approves the partner's advert, and rejects another only with a reason", async () => {
    const [subscription] = (await adminSubscriptions()).filter((s) => s.partnerId === partnerId);
    const submit = (title: string) =>
      callApi<AdContentView>(valuerPage, 'POST', '/api/partner/ad-content?role=registered_valuer', {
        subscriptionId: subscription!.id,
        title,
        description: 'Registered valuations across the Nelson region within five working days.',
        ctaText: 'Book a valuation',
        ctaUrl: 'https://example.nz/book',
      });
    const first = await submit('Independent valuations in Nelson');
    const second = await submit('Cheap valuations');
    expect([first.status, second.status]).toEqual([201, 201]);

    const page = adminPage;
    await openAdmin(page);
    const card = await visible(advert('Independent valuations in Nelson'));
    const text = await card.innerText();
    expect(text).toContain(BUSINESS);
    expect(text).toContain(CITY);
    expect(text).toContain('Gold');
    expect(text).toContain('Registered valuations across the Nelson region');
    expect(text).toContain('Book a valuation');

    await card.getByRole('button', { name: 'Approve Independent valuations in Nelson' }).click();
    await seeToast(page, 'Advert Approved');
    await card.waitFor({ state: 'detached' });

    await advert('Cheap valuations').getByRole('button', { name: 'Reject Cheap valuations' }).click();
    const modal = await visible(page.getByRole('dialog'));
    const confirm = modal.getByRole('button', { name: 'Confirm Rejection' });
    expect(await confirm.isDisabled()).toBe(true);
    await modal.getByLabel('Reason for rejection').fill('Please describe the service without price claims.');
    await confirm.click();
    await seeToast(page, 'Advert Rejected');
    await advert('Cheap valuations').waitFor({ state: 'detached' });
    await visible(section(page).getByText('No adverts are waiting for approval.'));

    const mine = (await callApi<AdContentView[]>(valuerPage, 'GET', '/api/partner/ad-content?role=registered_valuer')).body;
    expect(mine.find((a) => a.id === first.body.id)).toMatchObject({ status: 'active' });
    expect(mine.find((a) => a.id === second.body.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Please describe the service without price claims.' });
  });
});

describe('expiring the subscription', () => {
  it('asks first, then expires it for good', async () => {
    const page = adminPage;
    await openAdmin(page);
    const sub = await visible(subscriptionCard(page));
    await sub.getByRole('button', { name: /^Expire / }).click();
    const confirm = await visible(page.locator('.ant-popconfirm').getByRole('button', { name: 'Expire' }));
    await confirm.click();
    await seeToast(page, 'Subscription updated successfully!');
    await visible(sub.locator('.ant-tag', { hasText: 'Expired' }));
    // Expire stays offered, with nothing left to do; Pause and Activate are gone.
    expect(await sub.getByRole('button', { name: /^Expire / }).isDisabled()).toBe(true);
    expect(await sub.getByRole('button', { name: /^(Pause|Activate) / }).count()).toBe(0);
    expect((await adminSubscriptions()).find((s) => s.partnerId === partnerId)?.status).toBe('expired');
  });
});

describe('editing a plan', () => {
  const bronze = (page: Page) => section(page).locator('.ad-plan').filter({ has: page.locator('.ad-tier-badge', { hasText: 'Bronze' }) });

  it('saves a new description, and switches the plan off (Inactive) and on again', async () => {
    const page = adminPage;
    await openAdmin(page);
    const card = await visible(bronze(page));
    await card.getByRole('button', { name: /^Edit / }).click();
    const modal = await visible(page.getByRole('dialog'));
    await modal.getByLabel('Description').fill('Entry-level adverts on property results.');
    await modal.getByRole('button', { name: 'Save Plan' }).click();
    await seeToast(page, 'Plan Updated');
    await visible(card.getByText('Entry-level adverts on property results.'));

    await card.getByRole('button', { name: /^Deactivate / }).click();
    await seeToast(page, 'Plan Updated');
    await visible(card.locator('.ant-tag', { hasText: 'Inactive' }));
    const plans = (await callApi<AdPlanView[]>(adminPage, 'GET', '/api/ad-plans')).body;
    expect(plans.find((p) => p.tier === 'bronze')).toMatchObject({ isActive: false, description: 'Entry-level adverts on property results.' });
    // An inactive plan cannot be allocated: the plan select no longer offers it.
    await section(page).getByLabel('Plan', { exact: true }).click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await visible(options.first());
    expect((await options.allInnerTexts()).some((t) => t.startsWith('Bronze'))).toBe(false);
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: /^Activate / }).click();
    await seeToast(page, 'Plan Updated');
    await card.locator('.ant-tag', { hasText: 'Inactive' }).waitFor({ state: 'detached' });
  });
});
