/**
 * The admin's event History on /admin (issue 12), as an admin uses it: a partner application is
 * approved in Partner Management, then found in History with the admin as its actor; its
 * correlation id leads to every event the approval caused across streams (the partner enrolled,
 * its location, the applicant's new role); a stream's whole timeline opens from an event and from
 * each admin row's History link (user, application, subscription and its partner, property and its
 * latest valuation), and from its address alone; viewing is itself recorded and
 * shown; the filtered view downloads as CSV; the section fits a phone.
 *
 * The tests run in order and share the people below (one server for the file).
 */
import { readFile } from 'node:fs/promises';
import type { AdPlanView, AuditEventPage, Location, ValuationResult } from '@kainga/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, newPerson, registerAdmin, registerThroughUi, settledSelectList, startSuite, toast, visible, type Suite } from './harness';

const admin = newPerson('Mere', 'Admin');
const applicant = newPerson('Tipene', 'Broker');
const business = `Tipene Home Loans ${applicant.email.slice(15, 21)}`;
const adminLabel = `Mere Admin (${admin.email})`;
/** What approving one application appends, in order, under the approval request's correlation id. */
const APPROVAL_TYPES = ['PartnerApplicationApproved', 'PartnerEnrolled', 'PartnerLocationApproved', 'UserRolesChanged'];

let suite: Suite;
let adminPage: Page;
let applicationStream: string;
let correlationId: string;
/** The partner the approval made (PartnerEnrolled's data). */
let partnerId: string;

beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  adminPage = await suite.newPage();
  const applicantPage = await suite.newPage();
  await Promise.all([registerAdmin(suite, adminPage, admin), registerThroughUi(applicantPage, applicant)]);
  // The application is sent from the applicant's page (the form itself is partner-apply.e2e's).
  const sent = await callApi(applicantPage, 'POST', '/api/partner-applications', {
    requestedRoleId: 'mortgage_broker',
    requestedLocationId: 'wellington',
    businessName: business,
    contactEmail: applicant.email,
    businessDescription: 'Independent mortgage advice for first home buyers in Wellington.',
  });
  expect(sent.status).toBe(201);
});
afterAll(async () => {
  await suite?.close();
});

const section = (page: Page, heading: string) => page.locator('.admin-section').filter({ has: page.getByRole('heading', { name: heading, exact: true, level: 2 }) });
const history = (page: Page) => section(page, 'History');
const entry = (scope: Locator, text: string) => scope.locator('li.history-event').filter({ hasText: text });
const types = (scope: Locator) => scope.locator('.history-type').allInnerTexts();
/**
 * The event types a view lists, once its `n`th event is drawn (a page is drawn at once). Called
 * after something only the new view shows is visible, so the list read is the new view's.
 */
async function shownTypes(scope: Locator, n: number): Promise<string[]> {
  await visible(scope.locator('li.history-event').nth(n - 1));
  return types(scope);
}
const params = (page: Page) => new URL(page.url()).searchParams;
const settledOptions = (page: Page) => settledSelectList(page);

/**
 * The history is a read model that follows the log a moment behind the request that appended:
 * wait (through the API the page uses, as long as a page's wait) until the approval and
 * everything it caused are in it.
 */
async function approvalInHistory(page: Page): Promise<void> {
  let found: AuditEventPage['events'] = [];
  const approvalAndFollowOns = async () => {
    const approvals = (await callApi<AuditEventPage>(page, 'GET', `/api/admin/events?type=PartnerApplicationApproved&stream=${encodeURIComponent(applicationStream)}`)).body.events;
    const correlation = approvals[0]?.correlationId;
    found = correlation ? (await callApi<AuditEventPage>(page, 'GET', `/api/admin/events?correlationId=${encodeURIComponent(correlation)}&order=oldest`)).body.events : [];
    return found.map((e) => e.type);
  };
  await expect.poll(approvalAndFollowOns, { timeout: 15_000 }).toEqual(APPROVAL_TYPES);
  correlationId = found[0]!.correlationId!;
  partnerId = (found[1]!.data as { partnerId: string }).partnerId;
}

describe('an admin approves an application and finds it in History', () => {
  it('approves it in Partner Management', async () => {
    const page = adminPage;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const partners = section(page, 'Partner Management');
    const pending = await visible(partners.locator('li').filter({ hasText: business }));
    // Its History link names the application's stream (opened in the next test).
    const link = pending.getByRole('link', { name: `History of the application of ${business}` });
    applicationStream = new URL((await link.getAttribute('href'))!, suite.server.url).searchParams.get('history.stream')!;
    expect(applicationStream).toMatch(/^partnerApplication-.+/);
    await pending.getByRole('button', { name: `Approve ${business}` }).click();
    await visible(toast(page, 'Application Approved').first());
    await approvalInHistory(page);
  });

  it('filters the history by type and actor and finds the approval with its actor and raw JSON', async () => {
    const page = adminPage;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const h = history(page);
    await h.getByRole('button', { name: 'Open the event history' }).click();
    const filters = await visible(h.getByRole('form', { name: 'Filter the event history' }));
    await filters.getByLabel('Event types', { exact: true }).click();
    await page.keyboard.type('PartnerApplicationApproved');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await filters.getByLabel('Actor', { exact: true }).fill(admin.email);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((u) => u.searchParams.get('history.type') === 'PartnerApplicationApproved');
    expect(params(page).get('history.actor')).toBe(admin.email);

    // The unfiltered list shown before held the approval too: the count says this is the filtered one.
    await visible(h.getByText('Showing 1 event', { exact: true }));
    const approval = await visible(entry(h, `Application approved by ${adminLabel}`));
    expect(await types(h)).toEqual(['PartnerApplicationApproved']);
    const text = await approval.innerText();
    expect(text).toContain(applicationStream);
    expect(text).toContain('revision 1');
    expect(text).toContain(correlationId);
    // The raw event is one click away, collapsed until then.
    expect(await approval.locator('pre').count()).toBe(0);
    await approval.getByText('Raw JSON').click();
    const raw = JSON.parse(await (await visible(approval.locator('pre'))).innerText()) as { type: string; actor: { email: string }; data: { reviewedBy: string } };
    expect(raw.type).toBe('PartnerApplicationApproved');
    expect(raw.actor.email).toBe(admin.email);
    expect(raw.data.reviewedBy).toBeTruthy();
  });

  it('follows its correlation id to every event the approval caused, across streams', async () => {
    const page = adminPage;
    const h = history(page);
    await entry(h, `Application approved by ${adminLabel}`).getByRole('link', { name: `Events of correlation ${correlationId}` }).click();
    await page.waitForURL((u) => u.searchParams.get('history.correlationId') === correlationId);
    await visible(h.getByText('Every event of correlation'));
    expect(await shownTypes(h, APPROVAL_TYPES.length)).toEqual(APPROVAL_TYPES);
    const lines = await h.locator('.history-summary').allInnerTexts();
    expect(lines[0]).toBe(`Application approved by ${adminLabel}`);
    expect(lines[1]).toBe(`Partner enrolled: ${business} as Mortgage Broker (from an application) by ${adminLabel}`);
    expect(lines[2]).toBe(`Location approved: Wellington by ${adminLabel}`);
    expect(lines[3]).toMatch(new RegExp(`^Roles changed to .*Mortgage Broker.* by ${adminLabel.replace(/[.()+]/g, '\\$&')}$`));
    // Three aggregates: the application, the new partner and the applicant's account.
    const streams = await h.locator('li.history-event .history-meta code').allInnerTexts();
    expect(streams.filter((s) => s !== correlationId).map((s) => s.split('-')[0])).toEqual(['partnerApplication', 'partner', 'partner', 'user']);

    // A stream followed from an event: the new partner's whole timeline.
    await entry(h, 'Partner enrolled').getByRole('link', { name: /^Timeline of partner-/ }).click();
    await page.waitForURL((u) => u.searchParams.get('history') === 'stream');
    await visible(h.getByRole('heading', { name: `Timeline of partner-${partnerId}`, level: 3 }));
    expect(await shownTypes(h, 2)).toEqual(['PartnerEnrolled', 'PartnerLocationApproved']);
  });
});

describe('the admin lists link each row to its history', () => {
  it("opens a user's and an application's timeline from their rows", async () => {
    const page = adminPage;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const h = history(page);

    await section(page, 'User Management').getByRole('link', { name: 'History of Tipene Broker' }).click();
    await page.waitForURL((u) => u.searchParams.get('history.stream')?.startsWith('user-') === true);
    await visible(h.getByRole('heading', { name: /^Timeline of user-/, level: 3 }));
    await visible(entry(h, `Account registered with an email and password by Tipene Broker (${applicant.email})`));
    await visible(entry(h, `by ${adminLabel}`).filter({ hasText: 'Roles changed to' }));

    await section(page, 'Partner Management').getByRole('link', { name: `History of the application of ${business}` }).click();
    await page.waitForURL((u) => u.searchParams.get('history.stream') === applicationStream);
    await visible(h.getByRole('heading', { name: `Timeline of ${applicationStream}`, level: 3 }));
    expect(await shownTypes(h, 2)).toEqual(['PartnerApplicationSubmitted', 'PartnerApplicationApproved']);
    expect(await h.locator('.history-summary').allInnerTexts()).toEqual([
      `Application submitted: ${business} as Mortgage Broker in Wellington by Tipene Broker (${applicant.email})`,
      `Application approved by ${adminLabel}`,
    ]);
  });

  it("opens a subscription's and its partner's timeline from the subscription's card", async () => {
    const page = adminPage;
    const gold = (await callApi<AdPlanView[]>(page, 'GET', '/api/ad-plans')).body.find((p) => p.tier === 'gold')!;
    const wellington = (await callApi<Location[]>(page, 'GET', '/api/locations')).body.find((l) => l.cityName === 'Wellington')!;
    const allocated = await callApi<{ id: string }>(page, 'POST', '/api/admin/allocate-ad-plan', { partnerId, adPlanId: gold.id, locationId: wellington.id });
    expect(allocated.status).toBe(201);
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const h = history(page);
    const card = await visible(page.locator('li').filter({ hasText: business }).filter({ has: page.getByRole('link', { name: /^History of subscription / }) }));

    await card.getByRole('link', { name: /^History of subscription / }).click();
    await page.waitForURL((u) => u.searchParams.get('history.stream') === `adSubscription-${allocated.body.id}`);
    await visible(entry(h, `Subscription started: Gold plan in Wellington, allocated by an admin by ${adminLabel}`));
    expect(await types(h)).toEqual(['AdSubscriptionStarted']);

    await card.getByRole('link', { name: `Partner history of ${business}` }).click();
    await page.waitForURL((u) => u.searchParams.get('history.stream') === `partner-${partnerId}`);
    await visible(h.getByRole('heading', { name: `Timeline of partner-${partnerId}`, level: 3 }));
    expect(await shownTypes(h, 2)).toEqual(['PartnerEnrolled', 'PartnerLocationApproved']);
  });

  it("opens a property's timeline and its latest valuation's from the property's row", async () => {
    const page = adminPage;
    const made = await callApi<ValuationResult>(page, 'POST', '/api/valuations', {
      purpose: 'selling',
      address: '9 Kōwhai Lane',
      suburb: 'Karori',
      city: 'Wellington',
      propertyType: 'house',
      floorArea: 140,
      landArea: 520,
      bedrooms: 3,
      bathrooms: 1,
      rateableValue: 820_000,
      conditionScores: {},
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { id: valuationId, property } = made.body.valuation;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const h = history(page);
    const row = section(page, 'Property Overview').locator('tr').filter({ hasText: '9 Kōwhai Lane' });
    expect((await row.locator('td').nth(8).innerText()).trim()).toBe('1');

    await row.getByRole('link', { name: 'Latest valuation of 9 Kōwhai Lane' }).click();
    await page.waitForURL((u) => u.searchParams.get('history.stream') === `valuation-${valuationId}`);
    await visible(h.getByRole('heading', { name: `Timeline of valuation-${valuationId}`, level: 3 }));
    await visible(entry(h, 'Valuation completed: $'));

    await row.getByRole('link', { name: 'History of 9 Kōwhai Lane' }).click();
    await page.waitForURL((u) => u.searchParams.get('history.stream') === `property-${property.id}`);
    await visible(h.getByRole('heading', { name: `Timeline of property-${property.id}`, level: 3 }));
  });

  it("opens a stream's timeline from its address alone", async () => {
    const page = adminPage;
    await page.goto(`/admin?history=stream&history.stream=${encodeURIComponent(applicationStream)}`);
    const h = history(page);
    await visible(h.getByRole('heading', { name: `Timeline of ${applicationStream}`, level: 3 }));
    expect(await shownTypes(h, 2)).toEqual(['PartnerApplicationSubmitted', 'PartnerApplicationApproved']);
    // A stream that does not exist says so.
    await page.goto('/admin?history=stream&history.stream=partnerApplication-none');
    await visible(history(page).getByText('There is no stream named partnerApplication-none.'));
  });
});

describe('the filters an admin reaches for', () => {
  it('offers the known event types: a name typed in part picks the type it belongs to', async () => {
    const page = adminPage;
    await page.goto('/admin?history=log', { waitUntil: 'networkidle' });
    const h = history(page);
    const filters = await visible(h.getByRole('form', { name: 'Filter the event history' }));
    await filters.getByLabel('Event types', { exact: true }).click();
    await page.keyboard.type('ApplicationAppr');
    // One type has that in its name: the list offers it, and Enter picks it.
    await visible(settledOptions(page).getByTitle('PartnerApplicationApproved', { exact: true }));
    expect(await settledOptions(page).locator('.ant-select-item-option').allInnerTexts()).toEqual(['PartnerApplicationApproved']);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((u) => u.searchParams.get('history.type') === 'PartnerApplicationApproved');
    await visible(entry(h, `Application approved by ${adminLabel}`));
  });

  it('says what was searched when nothing matches, and that a part of a name is no type', async () => {
    const page = adminPage;
    await page.goto('/admin?history=log&history.type=PartnerApplication');
    await visible(history(page).getByText('No events match type PartnerApplication. “PartnerApplication” is not an event type: pick the type from the list.'));
    await page.goto(`/admin?history=log&history.type=PartnerApplicationApproved&history.stream=user-none`);
    await visible(history(page).getByText('No events match stream user-none; type PartnerApplicationApproved. Try fewer filters or a wider time range.'));
  });

  it("hides the admin's own views of the history until asked for them", async () => {
    const page = adminPage;
    // Several views, newest of all: without the filter they would head the list.
    for (let i = 0; i < 3; i++) expect((await callApi(page, 'GET', '/api/admin/events?limit=1')).status).toBe(200);
    await page.goto('/admin?history=log', { waitUntil: 'networkidle' });
    const h = history(page);
    const views = h.locator('li.history-event').filter({ has: page.locator('.history-type', { hasText: /^AuditHistoryViewed$/ }) });
    await visible(h.locator('li.history-event').first());
    expect(await views.count()).toBe(0);
    expect(await h.locator('.history-type').first().innerText()).not.toBe('AuditHistoryViewed');
    const show = h.getByRole('checkbox', { name: 'Show views of the history' });
    expect(await show.isChecked()).toBe(false);
    await show.focus();
    await page.keyboard.press('Space');
    await page.waitForURL((u) => u.searchParams.get('history.views') === 'show');
    await visible(views.first());
    await visible(entry(h, `Viewed the event history by ${adminLabel}`).first());
  });

  it("keeps New Zealand time on a device set to another zone", async () => {
    const page = await suite.newPage({ timezoneId: 'America/Los_Angeles' });
    await page.context().addCookies(await adminPage.context().cookies());
    // 8:30 pm UTC on 28 February 2026 is 9:30 am on 1 March in Auckland, 12:30 pm on 28 February in Los Angeles.
    await page.goto(`/admin?history=log&history.from=${encodeURIComponent('2026-02-28T20:30:00.000Z')}&history.type=PartnerApplicationApproved`);
    const h = history(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
    expect(await (await visible(h.getByLabel('From (NZ time)'))).inputValue()).toBe('2026-03-01T09:30');
    // An event's time, as the log recorded it, on New Zealand's clock.
    const approval = await visible(entry(h, `Application approved by ${adminLabel}`));
    const time = approval.locator('time');
    const recordedAt = (await time.getAttribute('datetime'))!;
    const nz = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Pacific/Auckland' }).format(new Date(recordedAt));
    expect(await time.innerText()).toBe(nz);
    // A time typed in the picker is read as New Zealand time.
    await h.getByLabel('From (NZ time)').fill('2026-07-06T00:30');
    await h.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((u) => u.searchParams.get('history.from') === '2026-07-05T12:30:00.000Z');
  });
});

describe('the record of viewing, the export and a phone', () => {
  it('shows who viewed which history', async () => {
    const page = adminPage;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const h = history(page);
    await h.getByRole('button', { name: 'Who viewed the history' }).click();
    await page.waitForURL((u) => u.searchParams.get('history.type') === 'AuditHistoryViewed');
    await visible(entry(h, `Viewed the timeline of ${applicationStream} by ${adminLabel}`).first());
    await visible(entry(h, `Viewed the event history filtered by type PartnerApplicationApproved; actor ${admin.email} by ${adminLabel}`).first());
  });

  it('downloads the filtered view as CSV through a plain link', async () => {
    const page = adminPage;
    await page.goto(`/admin?history=log&history.type=PartnerApplicationApproved&history.actor=${encodeURIComponent(admin.email)}`);
    const h = history(page);
    await visible(entry(h, `Application approved by ${adminLabel}`));
    const csv = h.getByRole('link', { name: 'Export CSV' });
    const href = new URL((await csv.getAttribute('href'))!, suite.server.url);
    expect(href.pathname).toBe('/api/admin/events/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({ type: 'PartnerApplicationApproved', actor: admin.email, views: 'hide', order: 'newest', format: 'csv' });
    expect(await csv.getAttribute('download')).not.toBeNull();
    expect(new URL((await h.getByRole('link', { name: 'Export NDJSON' }).getAttribute('href'))!, suite.server.url).searchParams.get('format')).toBe('ndjson');

    const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
    const file = await readFile((await download.path())!, 'utf8');
    const rows = file.trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('PartnerApplicationApproved');
    expect(rows[1]).toContain(applicationStream);
  });

  it('fits a phone', async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.context().addCookies(await adminPage.context().cookies());
    await page.goto(`/admin?history=log&history.correlationId=${encodeURIComponent(correlationId)}&history.order=oldest`);
    const h = history(page);
    expect(await shownTypes(h, APPROVAL_TYPES.length)).toEqual(APPROVAL_TYPES);
    const overflow = await h.evaluate((el) => ({ section: el.scrollWidth - el.clientWidth, right: el.getBoundingClientRect().right, viewport: window.innerWidth }));
    expect(overflow.section).toBeLessThanOrEqual(0);
    expect(overflow.right).toBeLessThanOrEqual(overflow.viewport);
    await visible(h.getByLabel('Stream', { exact: true }));
    await visible(h.getByRole('button', { name: 'Apply filters' }));
  });

  it('shows every admin list on a phone without sideways scrolling, each row a card with its actions in view', async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.context().addCookies(await adminPage.context().cookies());
    await page.goto('/admin', { waitUntil: 'networkidle' });
    await section(page, 'Sent Emails').getByRole('button', { name: /Sent Emails/ }).click();
    await visible(section(page, 'Sent Emails').getByRole('listitem').first());
    const property = await visible(section(page, 'Property Overview').getByRole('listitem').filter({ hasText: '9 Kōwhai Lane' }));
    const user = await visible(section(page, 'User Management').getByRole('listitem').filter({ hasText: applicant.email }));
    for (const action of [property.getByRole('link', { name: 'History of 9 Kōwhai Lane' }), user.getByRole('button', { name: 'Edit Roles of Tipene Broker' })]) {
      await action.scrollIntoViewIfNeeded();
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    const overflowing = await page.locator('.admin-section').evaluateAll((sections) =>
      sections.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.querySelector('h2')?.textContent),
    );
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
