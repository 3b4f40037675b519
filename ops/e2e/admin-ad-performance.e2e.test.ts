/**
 * Ad Performance on /admin (issue 12, "Analysts"): an advert's impressions and click, recorded
 * through the public ad routes by two owners' browsers, and a visitor's lead, appear in the
 * admin's charts per day by tier and by placement, with the totals; an empty range shows an
 * empty state and a backwards range says why it is not asked for.
 *
 * The tests run in order and share the people they make (one server for the file).
 */
import type { AdContentView, AdminAdPerformanceView, AdPlanView, FilteredTrafficView, Location } from '@kainga/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeAdmin, callApi, createPartnerAsAdmin, newPerson, registerThroughUi, reportTrouble, startSuite, visible, type Suite } from './harness';

const admin = newPerson('Tama', 'Admin');
const broker = newPerson('Kiri', 'Broker');
const CITY = 'Napier';
const ROLE = 'mortgage_broker';

let suite: Suite;
let adminPage: Page;
let partnerId: string;

/** The Ad Performance card of /admin. */
const adPerformance = (page: Page) => page.locator('.admin-section').filter({ has: page.getByRole('heading', { name: 'Ad Performance', exact: true }) });
const total = (section: Locator, label: string) => section.getByTestId('admin-ad-performance-totals').locator('.ant-card').filter({ hasText: label }).locator('.admin-stat-value');
/** A chart's accessible table: its header cells and its last day's cells. */
async function lastDay(section: Locator, caption: string): Promise<Record<string, string>> {
  const table = section.locator('table').filter({ has: section.page().locator('caption', { hasText: caption }) });
  const heads = (await table.locator('thead th').allTextContents()).slice(1);
  const cells = await table.locator('tbody tr').last().locator('td').allTextContents();
  return Object.fromEntries(heads.map((h, i) => [h, cells[i]!]));
}

/** An owner's browser with a desktop Chrome user agent (the headless one's is refused as a bot). */
async function ownerBrowser() {
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

beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  adminPage = await becomeAdmin(suite, admin);
  const brokerPage = await suite.newPage();
  await registerThroughUi(brokerPage, broker);
  partnerId = (await createPartnerAsAdmin(adminPage, broker, { roleId: ROLE, city: CITY, businessName: 'Bay View Loans' })).id;
  const locations = (await callApi<Location[]>(adminPage, 'GET', '/api/locations')).body;
  const gold = (await callApi<AdPlanView[]>(adminPage, 'GET', '/api/ad-plans')).body.find((p) => p.tier === 'gold')!;
  const allocated = await callApi<{ id: string }>(adminPage, 'POST', '/api/admin/allocate-ad-plan', { partnerId, adPlanId: gold.id, locationId: locations.find((l) => l.cityName === CITY)!.id });
  expect(allocated.status).toBe(201);
  const ad = await callApi<AdContentView>(brokerPage, 'POST', `/api/partner/ad-content?role=${ROLE}`, {
    subscriptionId: allocated.body.id,
    title: 'Napier home loans',
    description: 'Local brokers, every lender.',
    ctaText: 'Learn More',
    ctaUrl: 'https://bayviewloans.example.nz',
  });
  expect(ad.status).toBe(201);
  expect((await callApi(adminPage, 'POST', `/api/admin/ad-content/${ad.body.id}/approve`)).status).toBeLessThan(300);

  // Two owners see the advert on the mortgage calculator; the first clicks it.
  const event = { adContentId: ad.body.id, placement: 'mortgage_calculator', city: CITY };
  for (const clicks of [true, false]) {
    const owner = await ownerBrowser();
    const userAgent = await owner.page.evaluate(() => navigator.userAgent);
    // What the banner does: ask for the town's adverts (the browser gets its cookie and the advert's serve token), then record.
    const served = (await callApi<{ adContentId: string; serveToken: string }[]>(owner.page, 'GET', `/api/ads/active?placement=mortgage_calculator&city=${encodeURIComponent(CITY)}`)).body.find((a) => a.adContentId === event.adContentId)!;
    const shown = { ...event, serveToken: served.serveToken };
    expect((await callApi(owner.page, 'POST', '/api/ads/impression', { ...shown, userAgent })).body).toEqual({ recorded: true, reason: 'recorded' });
    // The same impression without its serve token is invalid traffic: filtered, not counted.
    if (clicks) expect((await callApi(owner.page, 'POST', '/api/ads/impression', { ...event, userAgent })).body).toEqual({ recorded: false, reason: 'filtered' });
    if (clicks) expect((await callApi(owner.page, 'POST', '/api/ads/click', { ...shown, userAgent })).body).toEqual({ recorded: true, reason: 'recorded' });
    await owner.close();
  }
  // A visitor writes to the partner: a lead, which names no advert.
  const visitor = await suite.newPage();
  await visitor.goto('/how-it-works');
  expect((await callApi(visitor, 'POST', `/api/partners/${partnerId}/contact`, { name: 'Ana Visitor', email: 'ana.visitor@example.nz', message: 'Saw your advert.' })).status).toBe(201);
});
afterAll(async () => {
  await suite?.close();
});

describe('Ad Performance on /admin', () => {
  it('shows the recorded impressions, click and lead in its totals and its charts by tier', async () => {
    // The live analytic model has counted them.
    await expect.poll(async () => (await callApi<AdminAdPerformanceView>(adminPage, 'GET', '/api/admin/ad-performance')).body.totals, { timeout: 15_000 }).toEqual({ impressions: 2, clicks: 1, leads: 1, clickThroughRate: 0.5 });
    await adminPage.goto('/admin');
    const section = await visible(adPerformance(adminPage));
    await expect.poll(() => total(section, 'Impressions').innerText()).toBe('2');
    expect(await total(section, 'Clicks').innerText()).toBe('1');
    expect(await total(section, 'Click-through').innerText()).toBe('50.0%');
    expect(await total(section, 'Leads').innerText()).toBe('1');

    for (const name of ['Impressions per day by tier', 'Clicks per day by tier', 'Click-through rate per day by tier', 'Leads per day by tier']) await visible(section.getByRole('img', { name: new RegExp(`^${name}`) }));
    expect(await lastDay(section, 'Impressions per day by tier')).toEqual({ Gold: '2', Silver: '0', Bronze: '0' });
    // No impression counted for silver or bronze: their click-through is not available, not "0%" (the text read out).
    expect(await lastDay(section, 'Click-through rate per day by tier')).toEqual({ Gold: '50%', Silver: '—not available', Bronze: '—not available' });
    await visible(section.getByText(/It shows “—” \(not available\) where clicks were counted without their impressions/));
    expect(await lastDay(section, 'Leads per day by tier')).toEqual({ Gold: '0', Silver: '0', Bronze: '0', 'Not from an advert': '1' });
  });

  it('shows the invalid traffic filtered apart from the figures, by reason and by partner', async () => {
    await expect.poll(async () => (await callApi<FilteredTrafficView>(adminPage, 'GET', '/api/admin/ad-traffic-filtered')).body.totals, { timeout: 15_000 }).toEqual({ impressions: 1, clicks: 0 });
    await adminPage.reload();
    const panel = await visible(adPerformance(adminPage).getByTestId('admin-filtered-traffic'));
    await visible(panel.getByRole('heading', { name: 'Invalid traffic filtered' }));
    const reasons = panel.getByRole('table', { name: /^By reason: 1 impression and 0 clicks filtered/ });
    await visible(reasons.getByRole('row', { name: /Not served to that browser .* 1 0/ }));
    await visible(panel.getByRole('table', { name: 'Partners whose adverts met the most' }).getByRole('rowheader'));
    // The figures above still count only the two served impressions.
    expect(await total(adPerformance(adminPage), 'Impressions').innerText()).toBe('2');
  });

  it('breaks the same figures down by placement', async () => {
    const section = adPerformance(adminPage);
    await section.getByText('By placement', { exact: true }).click();
    await visible(section.getByRole('img', { name: /^Clicks per day by placement/ }));
    expect(await lastDay(section, 'Impressions per day by placement')).toEqual({ 'Valuation sidebar': '0', 'Mortgage calculator': '2', 'Rental assessment': '0', 'Property results': '0' });
    expect(await lastDay(section, 'Clicks per day by placement')).toMatchObject({ 'Mortgage calculator': '1' });
    expect(await lastDay(section, 'Click-through rate per day by placement')).toMatchObject({ 'Mortgage calculator': '50%', 'Valuation sidebar': '—not available' });
  });

  it('shows an empty state for a range without activity, and refuses a backwards range', async () => {
    const section = adPerformance(adminPage);
    await section.getByLabel('First day').fill('2020-01-01');
    await section.getByLabel('Last day').fill('2020-01-31');
    await visible(section.getByText('No impressions, clicks or leads from 2020-01-01 to 2020-01-31.'));
    expect(await total(section, 'Impressions').innerText()).toBe('0');
    expect(await section.getByRole('img', { name: / per day by / }).count()).toBe(0);

    await section.getByLabel('First day').fill('2020-02-15');
    await visible(section.getByText('The first day must not be after the last.'));
  });
});
