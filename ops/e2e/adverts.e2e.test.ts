/**
 * The adverts owners see (consumer spec §2 "Premium Partners panel and banner", §4, §7): an admin
 * allocates gold plans to two registered valuers and a mortgage broker in Tauranga, each writes an
 * advert and the admin approves it; an owner's valuation of a Tauranga home then shows the
 * valuers in the Premium Partners sidebar and the rotating local-partner banner (time driven with
 * Playwright's clock), a click on the call to action opens it in a new tab (no opener) and is
 * counted on the subscription, and the contact-partner dialog checks its form and sends.
 *
 * The tests run in order and share the people they make (one server for the file).
 */
import type { ActiveAd, AdContentView, AdminAdSubscriptionView, AdPlanView, CreatePartnerResponse, Location, PartnerLeadView } from '@kainga/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeAdmin, callApi, newPerson, registerThroughUi, reportTrouble, startSuite, toast, visible, type Person, type Suite } from './harness';

const admin = newPerson('Wiremu', 'Admin');
const owner = newPerson('Kiri', 'Walker');
const CITY = 'Tauranga';
const ADDRESS = '7 Devonport Road';

interface Advertiser {
  person: Person;
  role: 'registered_valuer' | 'mortgage_broker';
  businessName: string;
  title: string;
  ctaText: string;
  ctaUrl: string;
  partnerId?: string;
  subscriptionId?: string;
}

const valuerA: Advertiser = {
  person: newPerson('Hana', 'Valuer'),
  role: 'registered_valuer',
  businessName: 'Bay Valuations',
  title: 'Registered valuations in the Bay',
  ctaText: 'Book a valuation',
  ctaUrl: 'https://bay-valuations.example.nz/book',
};
const valuerB: Advertiser = {
  person: newPerson('Tipene', 'Assessor'),
  role: 'registered_valuer',
  businessName: 'Harbour Property Valuers',
  title: 'Harbour valuers you can trust',
  ctaText: 'Get a quote',
  ctaUrl: 'https://harbour-valuers.example.nz/quote',
};
const broker: Advertiser = {
  person: newPerson('Mere', 'Lender'),
  role: 'mortgage_broker',
  businessName: 'Coast Home Loans',
  title: 'Home loans on the coast',
  ctaText: 'Talk to a broker',
  ctaUrl: 'https://coast-loans.example.nz/',
};
const advertisers = [valuerA, valuerB, broker];

let suite: Suite;
let adminPage: Page;
let ownerPage: Page;
let ownerContext: BrowserContext | undefined;
/** The advertiser whose call to action the owner clicked in the banner. */
let bannerClicked: Advertiser | undefined;

/**
 * The owner's page, in a context whose user agent is the desktop Chrome a person uses: headless
 * Chromium says 'HeadlessChrome', which the server rightly takes for a bot and does not count.
 */
async function ownersPage(): Promise<Page> {
  const version = suite.browser.version();
  ownerContext = await suite.browser.newContext({
    baseURL: suite.server.url,
    locale: 'en-NZ',
    viewport: { width: 1280, height: 800 },
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`,
  });
  reportTrouble(ownerContext);
  const page = await ownerContext.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await callApi<T>(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** Makes `a` a partner with a gold subscription in Tauranga and an approved advert. */
async function advertise(a: Advertiser, goldPlanId: string, locationId: string) {
  const page = await suite.newPage();
  await registerThroughUi(page, a.person);
  const { email, firstName, lastName } = a.person;
  const { partner } = await ok<CreatePartnerResponse>(adminPage, 'POST', '/api/admin/create-partner', { email, firstName, lastName, roleId: a.role, locationId, businessName: a.businessName });
  a.partnerId = partner.id;
  const subscription = await ok<AdminAdSubscriptionView>(adminPage, 'POST', '/api/admin/allocate-ad-plan', { partnerId: partner.id, adPlanId: goldPlanId, locationId });
  a.subscriptionId = subscription.id;
  const content = await ok<AdContentView>(page, 'POST', `/api/partner/ad-content?role=${a.role}`, {
    subscriptionId: subscription.id,
    title: a.title,
    description: `${a.businessName}: local experts in ${CITY}.`,
    ctaText: a.ctaText,
    ctaUrl: a.ctaUrl,
  });
  await ok(adminPage, 'POST', `/api/admin/ad-content/${content.id}/approve`);
  await page.close();
}

/** The admin's view of a subscription (impressions and clicks). */
async function subscriptionOf(a: Advertiser): Promise<AdminAdSubscriptionView | undefined> {
  const all = await ok<AdminAdSubscriptionView[]>(adminPage, 'GET', '/api/admin/partner-ad-subscriptions');
  return all.find((s) => s.id === a.subscriptionId);
}

beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  adminPage = await becomeAdmin(suite, admin);
  const locations = await ok<Location[]>(adminPage, 'GET', '/api/locations');
  const locationId = locations.find((l) => l.cityName === CITY)!.id;
  const gold = (await ok<AdPlanView[]>(adminPage, 'GET', '/api/ad-plans')).find((p) => p.tier === 'gold')!;
  for (const a of advertisers) await advertise(a, gold.id, locationId);
}, 180_000);
afterAll(async () => {
  await ownerContext?.close();
  await suite?.close();
});

const premium = (page: Page) => page.getByRole('region', { name: 'Premium Partners', exact: true });
/** The local-partner banner of the results screen (not the calculators'). */
const resultsBanner = (page: Page) => page.locator('.results-main > .ad-banner');
const bannerTitle = (page: Page) => resultsBanner(page).locator('.ad-banner-title');

describe('adverts on the valuation results', () => {
  it('shows the gold registered valuers of the property’s city in the Premium Partners panel, and counts their impressions', async () => {
    // The adverts are live for everyone once the read models have them.
    await expect
      .poll(async () => (await ok<ActiveAd[]>(adminPage, 'GET', `/api/ads/active?placement=property_results&city=${CITY}`)).length, { timeout: 15_000 })
      .toBe(3);
    ownerPage = await ownersPage();
    await registerThroughUi(ownerPage, owner);
    await ok(ownerPage, 'POST', '/api/valuations', {
      purpose: 'buying',
      address: ADDRESS,
      suburb: 'Tauranga South',
      city: CITY,
      floorArea: 140,
      landArea: 600,
      bedrooms: 3,
      bathrooms: 2,
      rateableValue: 850_000,
    });
    // Playwright's clock from here: the banner's 30 s turns can be fast-forwarded.
    await ownerPage.clock.install();
    await ownerPage.goto('/');
    await ownerPage.getByRole('region', { name: 'Recent Valuations', exact: true }).getByRole('button', { name: `View results for ${ADDRESS}` }).click();
    await visible(ownerPage.getByRole('heading', { name: 'Property Valuation Results' }));

    const panel = await visible(premium(ownerPage));
    const cards = panel.locator('.premium-card');
    await expect.poll(() => cards.count()).toBe(2);
    const texts = await cards.allInnerTexts();
    for (const a of [valuerA, valuerB]) {
      const card = texts.find((t) => t.includes(a.businessName));
      expect(card, a.businessName).toBeDefined();
      expect(card).toContain('Registered Valuer');
      expect(card).toContain(CITY);
      expect(card).toContain('Contact Partner');
    }
    // The broker advertises to mortgage seekers, not in the valuers' panel.
    expect(texts.join('\n')).not.toContain(broker.businessName);
    expect(await panel.innerText()).toContain('Featured Premium Partners • Trusted Service Providers');

    // The broker's advert shows in the mortgage calculator (mortgage_calculator, mortgage-broker).
    const mortgage = ownerPage.getByRole('region', { name: 'Mortgage Calculator', exact: true });
    await visible(mortgage.locator('.ad-banner-title', { hasText: broker.title }));

    // Each valuer's advert was shown (in the panel, and one of them in the banner too): one
    // impression each, as an advert counts once per browser session per 24 h.
    for (const a of [valuerA, valuerB]) await expect.poll(async () => (await subscriptionOf(a))?.totalImpressions, { timeout: 10_000 }).toBe(1);
  });

  it('rotates the local-partner banner every 30 seconds and remembers where it is', async () => {
    const banner = await visible(resultsBanner(ownerPage));
    expect(await banner.getByRole('button', { name: /^Show advert \d of 3$/ }).count()).toBe(3);
    // Held still while the pointer is on it (to be read and used)…
    await banner.hover();
    const first = await bannerTitle(ownerPage).innerText();
    await ownerPage.clock.fastForward(90_000);
    expect(await bannerTitle(ownerPage).innerText()).toBe(first);
    // …and a full 30 s from when it is left.
    await ownerPage.mouse.move(0, 0);
    await ownerPage.clock.fastForward(29_000);
    expect(await bannerTitle(ownerPage).innerText()).toBe(first);
    await ownerPage.clock.fastForward(1_500);
    await expect.poll(() => bannerTitle(ownerPage).innerText()).not.toBe(first);
    const second = await bannerTitle(ownerPage).innerText();
    expect([valuerA, valuerB, broker].map((a) => a.title)).toContain(second);

    // The index is kept per placement and city: a reload shows the same advert.
    const stored = await ownerPage.evaluate(() => localStorage.getItem('kainga.adRotation.property_results.tauranga'));
    expect(stored).toMatch(/^\d$/);
    await ownerPage.reload();
    await ownerPage.getByRole('region', { name: 'Recent Valuations', exact: true }).getByRole('button', { name: `View results for ${ADDRESS}` }).click();
    await expect.poll(() => bannerTitle(ownerPage).innerText()).toBe(second);
  });

  it('counts a click, then opens the call to action in a new tab without an opener', async () => {
    const context = ownerPage.context();
    // The advertisers' sites are not on the internet of a test: answer them here.
    await context.route(/https:\/\/[a-z-]+\.example\.nz\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Advertiser</title><p>Welcome</p>' }));
    const title = await bannerTitle(ownerPage).innerText();
    const a = advertisers.find((x) => x.title === title)!;
    bannerClicked = a;
    const before = (await subscriptionOf(a))!.totalClicks;

    const [popup] = await Promise.all([context.waitForEvent('page'), resultsBanner(ownerPage).getByRole('link', { name: a.ctaText }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(a.ctaUrl);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();

    await expect.poll(async () => (await subscriptionOf(a))!.totalClicks, { timeout: 10_000 }).toBe(before + 1);
  });

  it('contact-partner dialog: fills in the signed-in owner, refuses an incomplete form, then sends and thanks the owner', async () => {
    // The valuer not clicked a moment ago (the server counts two clicks on one advert within 1 s once).
    const valuer = bannerClicked === valuerA ? valuerB : valuerA;
    const card = premium(ownerPage).locator('.premium-card', { hasText: valuer.businessName });
    const clicksBefore = (await subscriptionOf(valuer))!.totalClicks;
    await card.getByRole('button', { name: /Contact Partner/ }).click();
    const dialog = await visible(ownerPage.getByRole('dialog'));
    const partnerName = `${valuer.person.firstName} ${valuer.person.lastName}`;
    expect(await dialog.locator('.ant-modal-title').innerText()).toBe(`Contact ${partnerName}`);
    expect(await dialog.innerText()).toContain(valuer.businessName);
    expect(await dialog.getByLabel('Email *').getAttribute('type')).toBe('email');
    expect(await dialog.getByLabel('Message *').getAttribute('rows')).toBe('5');

    // The signed-in owner's name and email are filled in for them.
    expect([await dialog.getByLabel('Name *').inputValue(), await dialog.getByLabel('Email *').inputValue()]).toEqual([`${owner.firstName} ${owner.lastName}`, owner.email]);

    // No message: the notice, and nothing sent (the browser makes no request at all).
    const sends: string[] = [];
    ownerPage.on('request', (r) => {
      if (r.method() === 'POST' && /^\/api\/partners\/[^/]+\/contact$/.test(new URL(r.url()).pathname)) sends.push(r.url());
    });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await visible(toast(ownerPage, 'Missing information').getByText('Please fill in all required fields.'));
    // The filled-in fields stay editable and required: the email cleared, refused again, a new
    // notice in place of the first (which leaves; under the fake clock its leave animation is not
    // something to wait for).
    await dialog.getByLabel('Name *').fill('Kiri Walker');
    await dialog.getByLabel('Email *').fill('');
    await dialog.getByLabel('Message *').fill('Could you do a registered valuation for my bank next week?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await visible(ownerPage.locator('.ant-notification-notice:not(.ant-notification-fade-leave)').filter({ hasText: 'Missing information' }));
    expect(sends).toEqual([]);
    await dialog.getByLabel('Email *').fill(owner.email);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await visible(toast(ownerPage, 'Message sent!').getByText(`Your inquiry has been sent to ${partnerName}. They will contact you shortly.`));
    expect(sends).toHaveLength(1);
    await dialog.waitFor({ state: 'hidden' });

    // The partner has the one message (the incomplete attempts sent nothing), and the Contact click counted.
    const valuerPage = await suite.newPage();
    await valuerPage.goto('/sign-in');
    await ok(valuerPage, 'POST', '/api/auth/login', { email: valuer.person.email, password: valuer.person.password });
    const leads = await ok<PartnerLeadView[]>(valuerPage, 'GET', '/api/partner-leads?role=registered_valuer');
    expect(leads.filter((l) => l.requestMessage.includes('registered valuation for my bank'))).toHaveLength(1);
    expect(leads).toHaveLength(1);
    await expect.poll(async () => (await subscriptionOf(valuer))!.totalClicks, { timeout: 10_000 }).toBe(clicksBefore + 1);
  });
});
