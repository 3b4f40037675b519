/**
 * The partner dashboard's Advertising tab, as a partner uses it: the subscription an admin
 * allocated, the plans with the Subscribe dialog (this server has no Stripe keys, the embedded
 * default: it says plainly that online payment is not available here and that an admin can
 * allocate the plan, and loads nothing of Stripe's; the card checkout itself is
 * partner-checkout.e2e.test.ts), an advert written in the tab (pending approval until an admin approves it, or
 * rejected with a reason), pause and resume, and the performance block counting the impressions,
 * the click and the lead the advert really received. The chart's code loads only with the tab.
 *
 * The tests run in order and share the people they make (one server for the file).
 */
import type { AdContentView, AdPerformanceView, AdPlanView, Location, PartnerAdSubscriptionView } from '@kainga/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeAdmin, callApi, createPartnerAsAdmin, newPerson, registerThroughUi, reportTrouble, settledSelectList, startSuite, toast, visible, type Suite } from './harness';

const admin = newPerson('Wiremu', 'Admin');
const broker = newPerson('Hemi', 'Broker');
const BUSINESS = 'Bay Home Loans';
const CITY = 'Tauranga';
const ROLE = 'mortgage_broker';
const AD_TITLE = 'Free home loan health check';
const AD_DESCRIPTION = 'A Tauranga broker who compares every major lender for you.';
const AD_URL = 'https://bayhomeloans.example.nz/check';

let suite: Suite;
let adminPage: Page;
let brokerPage: Page;
let locations: Location[];
let partnerId: string;
let gold: AdPlanView;
let subscriptionId: string;
/** Script addresses the broker's page fetched, in order (to see when the chart's code arrives). */
const scripts: string[] = [];

const locationId = (city: string) => locations.find((l) => l.cityName === city)!.id;
const advertisingTab = (page: Page) => page.getByRole('tab', { name: 'Advertising' });
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const figure = (page: Page, label: string) =>
  section(page, 'Performance').locator('.ant-card').filter({ has: page.getByText(label, { exact: true }) }).locator('.partner-stat-value');
const advertCard = (page: Page, title: string) => section(page, 'Your Adverts').getByTestId('ad-content').filter({ hasText: title });

/**
 * An owner's browser: its own context (its own advertising cookie, so its own browser session),
 * with a desktop Chrome user agent — the headless browser's own says "HeadlessChrome", which the
 * server's bot filter rightly refuses to count.
 */
async function ownerBrowser(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await suite.browser.newContext({
    baseURL: suite.server.url,
    locale: 'en-NZ',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  });
  reportTrouble(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/how-it-works');
  return { page, close: () => context.close() };
}

async function openAdvertising(page: Page) {
  await page.goto('/partner-dashboard');
  await advertisingTab(page).click();
  await visible(section(page, 'Current Subscriptions'));
}

/** The broker's figures as the API answers them, once the projection has counted `impressions`. */
async function performanceWith(impressions: number): Promise<AdPerformanceView> {
  let latest: AdPerformanceView | null = null;
  await expect
    .poll(
      async () => {
        latest = (await callApi<AdPerformanceView>(brokerPage, 'GET', `/api/partner/ad-performance?role=${ROLE}&days=30`)).body;
        return latest.totals.impressions;
      },
      { timeout: 15_000 },
    )
    .toBe(impressions);
  return latest!;
}

beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  adminPage = await becomeAdmin(suite, admin);
  locations = (await callApi<Location[]>(adminPage, 'GET', '/api/locations')).body;

  // The broker has an account; the admin makes it a mortgage broker in Tauranga and allocates it the gold plan there.
  brokerPage = await suite.newPage();
  brokerPage.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await registerThroughUi(brokerPage, broker);
  partnerId = (await createPartnerAsAdmin(adminPage, broker, { roleId: ROLE, city: CITY, businessName: BUSINESS })).id;

  const plans = await callApi<AdPlanView[]>(adminPage, 'GET', '/api/ad-plans');
  gold = plans.body.find((p) => p.tier === 'gold')!;
  const allocated = await callApi(adminPage, 'POST', '/api/admin/allocate-ad-plan', { partnerId, adPlanId: gold.id, locationId: locationId(CITY) });
  expect(allocated.status).toBe(201);
});
afterAll(async () => {
  await suite?.close();
});

describe('the partner’s Advertising tab', () => {
  it('shows the allocated subscription, and the chart’s code only arrives with the tab', async () => {
    await brokerPage.goto('/partner-dashboard');
    await visible(advertisingTab(brokerPage));
    expect(scripts.filter((s) => s.includes('PerformanceChart'))).toEqual([]);

    await advertisingTab(brokerPage).click();
    const card = await visible(section(brokerPage, 'Current Subscriptions').getByTestId('ad-subscription'));
    await visible(card.locator('.tier-badge', { hasText: /^Gold$/ }));
    await visible(card.getByText(gold.name, { exact: true }));
    await visible(card.getByText(new RegExp(`^${CITY},`)));
    await visible(card.locator('.ant-tag', { hasText: /^Active$/ }));
    await visible(card.getByText('Auto-renew'));

    const subscriptions = await callApi<PartnerAdSubscriptionView[]>(brokerPage, 'GET', `/api/partner-ad-subscriptions?role=${ROLE}`);
    expect(subscriptions.body).toHaveLength(1);
    subscriptionId = subscriptions.body[0]!.id;

    // No activity yet: an empty state rather than an empty chart.
    await visible(section(brokerPage, 'Performance').getByText(/No impressions, clicks or leads in the last 30 days/));
    expect(await figure(brokerPage, 'Impressions').innerText()).toBe('0');
    // No impression yet: click-through is not available, and says so to a screen reader.
    expect(await figure(brokerPage, 'Click-through').textContent()).toBe('—not available');
  });

  it('lists the plans gold, silver, bronze; Subscribe asks for a location, then says this server takes no card payments', async () => {
    const plans = section(brokerPage, 'Available Plans');
    await visible(plans.getByTestId('ad-plan').first());
    expect(await plans.getByTestId('ad-plan').locator('.tier-badge').allInnerTexts()).toEqual(['Gold', 'Silver', 'Bronze']);

    await plans.getByRole('button', { name: `Subscribe to ${gold.name}` }).click();
    const dialog = await visible(brokerPage.getByRole('dialog', { name: `Subscribe to ${gold.name}` }));
    const next = dialog.getByRole('button', { name: 'Continue to Payment' });
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Location' }).click();
    await brokerPage.keyboard.type(CITY);
    await settledSelectList(brokerPage).locator(`.ant-select-item-option[title^="${CITY},"]`).click();
    expect(await next.isDisabled()).toBe(false);
    await next.click();

    await visible(dialog.getByText('Online payment is not available on this server'));
    await visible(dialog.getByText(/not set up to take card payments, so .+ in Tauranga cannot be paid for online here and nothing is charged/));
    await visible(dialog.getByText(/An administrator can allocate this plan to you/));
    expect(await dialog.locator('input[autocomplete="cc-number"], iframe').count()).toBe(0);
    // No checkout was opened, and nothing of Stripe's was loaded.
    expect((await callApi<PartnerAdSubscriptionView[]>(brokerPage, 'GET', `/api/partner-ad-subscriptions?role=${ROLE}`)).body).toHaveLength(1);
    expect(scripts.filter((s) => s.includes('stripe') || s.includes('CheckoutPayment'))).toEqual([]);
    await dialog.getByRole('button', { name: 'Back to Details' }).click();
    expect(await next.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('asks the administrators for a plan from the Subscribe dialog, and they read the request', async () => {
    const silver = (await callApi<AdPlanView[]>(brokerPage, 'GET', '/api/ad-plans')).body.find((p) => p.tier === 'silver')!;
    await section(brokerPage, 'Available Plans').getByRole('button', { name: `Subscribe to ${silver.name}` }).click();
    const dialog = await visible(brokerPage.getByRole('dialog', { name: `Subscribe to ${silver.name}` }));
    await dialog.getByRole('combobox', { name: 'Location' }).click();
    await brokerPage.keyboard.type(CITY);
    await settledSelectList(brokerPage).locator(`.ant-select-item-option[title^="${CITY},"]`).click();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await dialog.getByLabel('Message for the administrators (optional)').fill('We would like to start this month.');
    await dialog.getByRole('button', { name: 'Ask an Administrator' }).click();
    await visible(dialog.getByText(`Your request for ${silver.name} in ${CITY} has gone to the administrators.`, { exact: false }));
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    await adminPage.goto('/admin');
    const request = await visible(adminPage.getByTestId('plan-requests').locator('li').filter({ hasText: BUSINESS }));
    const text = (await request.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`${BUSINESS} asks for ${silver.name} in ${CITY} Waiting`);
    expect(text).toContain('We would like to start this month.');
  });

  it('creates an advert, which waits for approval', async () => {
    const adverts = section(brokerPage, 'Your Adverts');
    await visible(adverts.getByText(/You have no adverts yet/));
    await adverts.getByRole('button', { name: 'Create Advert' }).click();
    const dialog = await visible(brokerPage.getByRole('dialog', { name: 'Create Advert' }));

    // The contract's rules, before anything is sent.
    await dialog.getByLabel('Button link').fill('bayhomeloans');
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click();
    await visible(dialog.getByText('Title is required'));
    await visible(dialog.getByText('Description is required'));
    await visible(dialog.getByText('Please enter a valid URL'));

    await dialog.getByLabel('Title').fill(AD_TITLE);
    await dialog.getByLabel('Description').fill(AD_DESCRIPTION);
    expect(await dialog.getByLabel('Button text').inputValue()).toBe('Learn More');
    await dialog.getByLabel('Button link').fill(AD_URL);
    await dialog.getByRole('button', { name: 'Submit for Approval' }).click();
    await visible(toast(brokerPage, 'Advert Submitted'));
    await dialog.waitFor({ state: 'hidden' });

    const card = await visible(advertCard(brokerPage, AD_TITLE));
    await visible(card.locator('.ad-status', { hasText: /^Pending approval$/ }));
    await visible(card.getByText(AD_URL));
    // Only an approved advert pauses.
    expect(await card.getByRole('button', { name: /^Pause/ }).count()).toBe(0);
  });

  it('shows a rejected advert with the admin’s reason', async () => {
    const second = await callApi<AdContentView>(brokerPage, 'POST', `/api/partner/ad-content?role=${ROLE}`, {
      subscriptionId,
      title: 'Cheapest loans in NZ',
      description: 'Guaranteed lowest rates.',
      ctaText: 'Apply',
      ctaUrl: 'https://bayhomeloans.example.nz/cheap',
    });
    expect(second.status).toBe(201);
    const rejected = await callApi(adminPage, 'POST', `/api/admin/ad-content/${second.body.id}/reject`, { reason: 'Claims of guaranteed rates are not allowed.' });
    expect(rejected.status).toBeLessThan(300);

    await openAdvertising(brokerPage);
    const card = await visible(advertCard(brokerPage, 'Cheapest loans in NZ'));
    await visible(card.locator('.ad-status', { hasText: /^Rejected$/ }));
    await visible(card.getByText('Reason: Claims of guaranteed rates are not allowed.'));
  });

  it('counts the approved advert’s impressions, click and lead in the performance block', async () => {
    const ad = (await callApi<AdContentView[]>(brokerPage, 'GET', `/api/partner/ad-content?role=${ROLE}`)).body.find((a) => a.title === AD_TITLE)!;
    const approved = await callApi(adminPage, 'POST', `/api/admin/ad-content/${ad.id}/approve`);
    expect(approved.status).toBeLessThan(300);

    // Two owners' browsers see the advert (an impression counts once per browser session), one clicks it.
    const event = { adContentId: ad.id, placement: 'sidebar_valuation', city: CITY };
    for (const clicks of [true, false]) {
      const owner = await ownerBrowser();
      const userAgent = await owner.page.evaluate(() => navigator.userAgent);
      // What the banner does: ask for the town's adverts (the browser gets its cookie and the advert's serve token), then record.
      const served = (await callApi<{ adContentId: string; serveToken: string }[]>(owner.page, 'GET', `/api/ads/active?placement=sidebar_valuation&city=${encodeURIComponent(CITY)}`)).body.find((a) => a.adContentId === event.adContentId)!;
      const shown = { ...event, serveToken: served.serveToken };
      expect((await callApi(owner.page, 'POST', '/api/ads/impression', { ...shown, userAgent })).body).toEqual({ recorded: true, reason: 'recorded' });
      // The same browser again within 24 h is not a second impression.
      expect((await callApi(owner.page, 'POST', '/api/ads/impression', { ...shown, userAgent })).body).toEqual({ recorded: false, reason: 'duplicate' });
      if (clicks) expect((await callApi(owner.page, 'POST', '/api/ads/click', { ...shown, userAgent })).body).toEqual({ recorded: true, reason: 'recorded' });
      await owner.close();
    }
    // The headless browser itself is a bot: nothing counted.
    const headless = await suite.newPage();
    await headless.goto('/how-it-works');
    expect((await callApi(headless, 'POST', '/api/ads/impression', event)).body).toEqual({ recorded: false, reason: 'bot' });
    // A visitor writes to the partner: a lead.
    const lead = await callApi(headless, 'POST', `/api/partners/${partnerId}/contact`, {
      name: 'Ana Visitor',
      email: 'ana.visitor@example.nz',
      message: 'Saw your advert — can you help with a first home loan?',
    });
    expect(lead.status).toBe(201);

    const figures = await performanceWith(2);
    expect(figures.totals).toMatchObject({ impressions: 2, clicks: 1, leads: 1 });

    await openAdvertising(brokerPage);
    await expect.poll(() => figure(brokerPage, 'Impressions').innerText()).toBe('2');
    expect(await figure(brokerPage, 'Click-through').innerText()).toBe('50.0%');
    expect(await figure(brokerPage, 'Leads').innerText()).toBe('1');
    // The chart (loaded now) draws them, with the same figures in its table for screen readers.
    await visible(section(brokerPage, 'Performance').getByRole('img', { name: /Impressions, clicks and leads per day over the last 30 days/ }));
    expect(scripts.filter((s) => s.includes('PerformanceChart')).length).toBeGreaterThan(0);
    const today = section(brokerPage, 'Performance').locator('table tbody tr').last();
    expect(await today.locator('td').allInnerTexts()).toEqual(['2', '1', '1']);
    // Only the day with activity is listed, the 29 quiet ones counted in a line, the totals kept.
    const table = section(brokerPage, 'Performance').locator('table');
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tfoot td').allTextContents()).toEqual(['2', '1', '1']);
    await section(brokerPage, 'Performance').getByText('29 of the 30 days had no activity and are not listed.').waitFor({ state: 'attached' });

    // The subscription's own totals count them too.
    const card = section(brokerPage, 'Current Subscriptions').getByTestId('ad-subscription');
    await expect.poll(async () => card.locator('.ad-facts').innerText()).toMatch(/Impressions\s+2\s+Clicks\s+1/);
  });

  it('pauses and resumes the approved advert', async () => {
    const card = await visible(advertCard(brokerPage, AD_TITLE));
    await visible(card.locator('.ad-status', { hasText: /^Active$/ }));
    await card.getByRole('button', { name: `Pause ${AD_TITLE}` }).click();
    await visible(toast(brokerPage, 'Advert Paused'));
    await visible(card.locator('.ad-status', { hasText: /^Paused$/ }));
    await card.getByRole('button', { name: `Resume ${AD_TITLE}` }).click();
    await visible(toast(brokerPage, 'Advert Resumed'));
    await visible(card.locator('.ad-status', { hasText: /^Active$/ }));
  });

  it('says it needs the network when offline', async () => {
    await brokerPage.context().setOffline(true);
    await visible(brokerPage.getByText('You are offline. Connect to the internet to see and manage your advertising.'));
    await brokerPage.context().setOffline(false);
    await visible(section(brokerPage, 'Current Subscriptions'));
  });
});
