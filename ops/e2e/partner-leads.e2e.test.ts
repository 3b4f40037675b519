/**
 * The partner marketplace's requests, as people use them: an owner contacts a local professional
 * from the valuation results, the partner reads and answers in the dashboard (online, then offline
 * with the answer queued on the device), the owner reads the answer under Messages and by email,
 * and a signed-out visitor writes to a partner directly (the premium partner's dialog).
 *
 * The tests run in order and share the people they make (one server for the file).
 */
import { join } from 'node:path';
import type { PartnerLeadView } from '@kainga/contracts';
import { readOutbox } from '@kainga/platform';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  becomeAdmin,
  callApi,
  chooseUserMenuItem,
  controlledPage,
  createPartnerAsAdmin,
  newPerson,
  registerThroughUi,
  savedIndicator,
  settledSelectList,
  signInThroughUi,
  startSuite,
  toast,
  userMenuButton,
  visible,
  type Suite,
} from './harness';

const admin = newPerson('Wiremu', 'Admin');
const broker = newPerson('Hemi', 'Broker');
const owner = newPerson('Kiri', 'Walker');
const BUSINESS = 'Bay Home Loans';
const ADDRESS = '12 Cameron Road';

let suite: Suite;
let adminPage: Page;
let brokerPartnerId: string;
let brokerUserId: string;


/** The admin's "Add New Partner Directly" (POST /api/admin/create-partner). */
const createPartner = (person: { email: string; firstName: string; lastName: string }, roleId: string, city: string, businessName: string) =>
  createPartnerAsAdmin(adminPage, person, { roleId, city, businessName });

const outbox = () => readOutbox(join(suite.server.dataDir, 'outbox'));

beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  adminPage = await becomeAdmin(suite, admin);

  // The broker has an account already; the admin makes it a mortgage broker in Tauranga.
  const brokerPage = await suite.newPage();
  await registerThroughUi(brokerPage, broker);
  ({ id: brokerPartnerId, userId: brokerUserId } = await createPartner(broker, 'mortgage_broker', 'Tauranga', BUSINESS));
  // A long description, as real partners write: the listing's avatar must keep its shape beside it.
  const described = await callApi(brokerPage, 'PUT', '/api/partner/profile?role=mortgage_broker', {
    role: 'mortgage_broker',
    firstName: broker.firstName,
    lastName: broker.lastName,
    businessName: BUSINESS,
    contactEmail: broker.email,
    businessDescription: 'Independent mortgage advice for first home buyers, investors and refinancing across the Bay of Plenty, with evening appointments.',
    profileImage: null,
    companyImage: null,
  });
  expect(described.status).toBe(200);
  await brokerPage.close();
  // Partners the owner's search must not list: another service in Tauranga, the same service elsewhere.
  await createPartner(newPerson('Mere', 'Manager'), 'property_manager', 'Tauranga', 'Coast Property Care');
  await createPartner(newPerson('Rangi', 'Lender'), 'mortgage_broker', 'Auckland', 'City Lending');
});
afterAll(async () => {
  await suite?.close();
});

/** Chooses an option of the antd select labelled `label` (its name goes on with the value shown). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await settledSelectList(page).locator(`.ant-select-item-option[title="${option}"]`).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

const partnerCard = (page: Page) => page.locator('.contact-card');
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const statValue = (page: Page, label: string) => page.locator('.partner-stats .ant-card').filter({ has: page.getByText(label, { exact: true }) }).locator('.partner-stat-value');

/** The broker's requests as the API answers them (from the broker's signed-in page). */
async function brokerLeads(page: Page): Promise<PartnerLeadView[]> {
  const res = await callApi<PartnerLeadView[]>(page, 'GET', '/api/partner-leads?role=mortgage_broker');
  expect(res.status).toBe(200);
  return res.body;
}

/** The keys of the personal per-user store on the device (pwa/src/offline/private-store.ts). */
function privateKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('kainga-private');
        open.onerror = () => reject(new Error('cannot open kainga-private'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('by-user')) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction('by-user').objectStore('by-user').getAllKeys();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.map(String));
          };
          all.onerror = () => reject(new Error('cannot read kainga-private'));
        };
      }),
  );
}

const CONTACT_EXTRA = 'Could we talk about refinancing next week?';
const SERVICE_REQUEST = 'I would like a pre-approval for a second home.';
const FIRST_RESPONSE = 'Kia ora Kiri, happy to help. I will call you on Tuesday.';
const OFFLINE_RESPONSE = 'Pre-approval is straightforward; send me your last three payslips.';

let ownerPage: Page;
let brokerPage: Page;

describe('an owner contacts a local professional, who answers from the partner dashboard', () => {
  it('lists the partner of the property’s city and service on the results, and sends a contact and a service request', async () => {
    ownerPage = await suite.newPage();
    await registerThroughUi(ownerPage, owner);
    const valued = await callApi(ownerPage, 'POST', '/api/valuations', {
      purpose: 'buying',
      address: ADDRESS,
      suburb: 'Tauranga South',
      city: 'Tauranga',
      floorArea: 150,
      landArea: 500,
      bedrooms: 3,
      bathrooms: 2,
      rateableValue: 900_000,
    });
    expect(valued).toMatchObject({ status: 200 });

    await ownerPage.goto('/');
    await ownerPage.getByRole('region', { name: 'Recent Valuations', exact: true }).getByRole('button', { name: `View results for ${ADDRESS}` }).click();
    await visible(ownerPage.getByRole('heading', { name: 'Property Valuation Results' }));
    // The auto-save's toast first: otherwise it can replace the contact's 'Contact Request Sent'.
    await visible(savedIndicator(ownerPage));
    const card = await visible(ownerPage.locator('.local-professionals').filter({ has: ownerPage.getByRole('heading', { name: 'Connect with Local Professionals' }) }));
    await visible(card.getByText('Select a location and service type to find local professionals.'));
    // The location starts on the property's city.
    await expect.poll(() => card.locator('label', { hasText: 'Location' }).locator('.ant-select').innerText()).toBe('Tauranga, Bay of Plenty');
    await choose(ownerPage, 'Service type', 'Mortgage Broker');
    await visible(card.getByRole('heading', { name: BUSINESS }));
    expect(await card.locator('.partner-item').count()).toBe(1);
    // The partner's avatar stays a 56 px circle beside its long description, on a phone and a desktop.
    for (const width of [390, 1280]) {
      await ownerPage.setViewportSize({ width, height: 844 });
      const box = await card.locator('.partner-item .ant-avatar').first().boundingBox();
      expect({ width, box: box && { w: Math.round(box.width), h: Math.round(box.height) } }).toEqual({ width, box: { w: 56, h: 56 } });
    }
    await ownerPage.setViewportSize({ width: 1280, height: 800 });
    expect(await card.getByText('City Lending').count()).toBe(0);
    expect(await card.getByText('Coast Property Care').count()).toBe(0);
    const inArea = ownerPage.locator('.local-professionals').filter({ has: ownerPage.getByRole('heading', { name: 'Professional Services in Your Area' }) });
    expect(await inArea.locator('.service-counts li').allInnerTexts()).toEqual(['Mortgage Broker: 1', 'Registered Valuer: 0', 'Property Manager: 1']);

    // The contact dialog opens with a greeting naming the city and region.
    await card.getByRole('button', { name: 'Contact', exact: true }).click();
    const dialog = await visible(ownerPage.getByRole('dialog', { name: `Contact ${BUSINESS}` }));
    const message = dialog.getByLabel('Message');
    const greeting = await message.inputValue();
    expect(greeting).toMatch(/^Hello Hemi,/);
    expect(greeting).toContain('Tauranga, Bay of Plenty');
    await message.fill('');
    expect(await dialog.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true);
    await message.fill(`${greeting}\n\n${CONTACT_EXTRA}`);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await visible(toast(ownerPage, 'Contact Request Sent'));
    await dialog.waitFor({ state: 'hidden' });

    // The service request, for the service the card searched for.
    await card.getByRole('button', { name: 'Request Service' }).click();
    const request = await visible(ownerPage.getByRole('dialog', { name: `Request a service from ${BUSINESS}` }));
    expect(await request.locator('.ant-select').innerText()).toBe('Mortgage Broker');
    await request.getByLabel('What do you need?').fill(SERVICE_REQUEST);
    await request.getByRole('button', { name: 'Send Request' }).click();
    await visible(toast(ownerPage, 'Service Request Sent!'));
    await request.waitFor({ state: 'hidden' });

    // Every service: both Tauranga partners; a request must then say which service.
    await choose(ownerPage, 'Service type', 'All Services');
    await visible(card.getByRole('heading', { name: 'Coast Property Care' }));
    expect(await card.locator('.partner-item').count()).toBe(2);
    await card.locator('.partner-item').filter({ hasText: BUSINESS }).getByRole('button', { name: 'Request Service' }).click();
    const unspecified = await visible(ownerPage.getByRole('dialog', { name: `Request a service from ${BUSINESS}` }));
    await unspecified.getByLabel('What do you need?').fill('Anything you offer.');
    await unspecified.getByRole('button', { name: 'Send Request' }).click();
    await visible(toast(ownerPage, 'Please select a service type'));
    await unspecified.getByRole('button', { name: 'Cancel' }).click();
    await unspecified.waitFor({ state: 'hidden' });

    // Both wait under Messages, not read yet.
    await chooseUserMenuItem(ownerPage, 'Messages', '/messages');
    const cards = ownerPage.locator('.message-list > li');
    await visible(cards.first());
    expect(await cards.count()).toBe(2);
    expect(await cards.locator('.ant-tag', { hasText: /^Sent$/ }).count()).toBe(2);
  });

  it('the partner reads the contact (it moves to Read) and responds (it moves to Responded)', async () => {
    brokerPage = await controlledPage(suite);
    await brokerPage.goto('/sign-in');
    await signInThroughUi(brokerPage, broker.email, broker.password);
    await visible(userMenuButton(brokerPage, 'Hemi Broker'));
    await brokerPage.goto('/partner-dashboard');
    await visible(brokerPage.getByRole('heading', { name: 'Partner Dashboard', level: 1 }));
    expect(await (await visible(statValue(brokerPage, 'Total Contacts'))).innerText()).toBe('2');
    expect(await statValue(brokerPage, 'New Messages').innerText()).toBe('2');
    expect(await statValue(brokerPage, 'Responded').innerText()).toBe('0');
    expect(await statValue(brokerPage, 'This Month').innerText()).toBe('2');
    await visible(tab(brokerPage, /^New \(2\)$/));

    const contact = partnerCard(brokerPage).filter({ hasText: CONTACT_EXTRA });
    await contact.click();
    const detail = await visible(brokerPage.getByRole('dialog', { name: 'Message from Kiri Walker' }));
    await visible(detail.getByText(CONTACT_EXTRA, { exact: false }));
    await visible(detail.getByText(ADDRESS));
    // The "Received" row and the "Message" heading under it keep apart (at least 16 px between them),
    // measured once the dialog has stopped zooming in (mid-animation it is drawn smaller).
    await brokerPage.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    const received = (await detail.locator('.ant-descriptions-row').filter({ hasText: 'Received' }).boundingBox())!;
    const heading = (await detail.getByRole('heading', { name: 'Message', exact: true }).boundingBox())!;
    expect(Math.round(heading.y - (received.y + received.height))).toBeGreaterThanOrEqual(16);
    // Opened: it is read, and the stat cards follow.
    await visible(tab(brokerPage, /^New \(1\)$/));
    await visible(tab(brokerPage, /^Read \(1\)$/));
    await expect.poll(() => statValue(brokerPage, 'New Messages').innerText()).toBe('1');
    // The partner was mailed each request.
    expect((await outbox()).filter((m) => m.to === broker.email && m.subject === 'New enquiry from Kiri Walker')).toHaveLength(2);

    await detail.getByLabel('Your response').fill(FIRST_RESPONSE);
    await detail.getByRole('button', { name: 'Send Response' }).click();
    await visible(toast(brokerPage, 'Response Sent'));
    await visible(tab(brokerPage, /^Responded \(1\)$/));
    await visible(detail.getByText(FIRST_RESPONSE));
    expect(await detail.getByRole('button', { name: 'Send Response' }).count()).toBe(0);
    expect(await detail.getByLabel('Your response').count()).toBe(0);
    await brokerPage.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    expect(await statValue(brokerPage, 'Responded').innerText()).toBe('1');
  });

  it('offline, the partner still reads the inbox and a response waits on the device, then is sent once', async () => {
    const responds: number[] = [];
    brokerPage.on('response', (res) => {
      if (res.request().method() === 'POST' && /\/api\/partner-leads\/[^/]+\/respond/.test(res.url())) responds.push(res.status());
    });
    await brokerPage.context().setOffline(true);
    await brokerPage.reload();
    await visible(brokerPage.getByText(/^Showing your messages as saved on this device/));
    expect(await brokerPage.getByRole('button', { name: 'Edit Profile' }).isDisabled()).toBe(true);
    await visible(tab(brokerPage, /^New \(1\)$/));
    await visible(tab(brokerPage, /^Responded \(1\)$/));

    const request = partnerCard(brokerPage).filter({ hasText: SERVICE_REQUEST });
    await request.click();
    const detail = await visible(brokerPage.getByRole('dialog', { name: 'Message from Kiri Walker' }));
    await visible(detail.getByText(SERVICE_REQUEST));
    await detail.getByLabel('Your response').fill(OFFLINE_RESPONSE);
    await detail.getByRole('button', { name: 'Send Response' }).click();
    await visible(detail.getByText('Waiting to send — you are offline'));
    await brokerPage.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await visible(request.getByText('Waiting to send — you are offline'));
    expect(responds).toEqual([]);

    await brokerPage.context().setOffline(false);
    await visible(toast(brokerPage, 'Response Sent'));
    await visible(tab(brokerPage, /^Responded \(2\)$/));
    // Back online: fresh answers, and the dashboard works as usual again.
    await brokerPage.getByText(/^Showing your messages as saved on this device/).waitFor({ state: 'detached' });
    await expect.poll(() => brokerPage.getByRole('button', { name: 'Edit Profile' }).isEnabled()).toBe(true);
    expect(await request.getByText(/Waiting to send/).count()).toBe(0);
    const lead = (await brokerLeads(brokerPage)).find((l) => l.requestMessage === SERVICE_REQUEST)!;
    expect(lead.leadStatus).toBe('responded');
    expect(lead.partnerResponse).toBe(OFFLINE_RESPONSE);

    // Nothing is left to send: a reload makes no second attempt.
    await brokerPage.reload();
    await visible(tab(brokerPage, /^Responded \(2\)$/));
    await brokerPage.waitForLoadState('networkidle');
    expect(responds).toEqual([200]);
  });

  it('the profile editor keeps a number typed beyond its limit and says the limit', async () => {
    await brokerPage.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = await visible(brokerPage.getByRole('dialog', { name: 'Edit Profile' }));
    const years = await visible(dialog.getByLabel('Years of experience'));
    await years.fill('60');
    const office = dialog.getByLabel('Office size (people)');
    await office.fill('0');
    // Leaving the field is when antd used to clamp (60 to 50, 0 to 1).
    await dialog.getByLabel('Business description').focus();
    await visible(dialog.getByText('Experience cannot exceed 50 years'));
    await visible(dialog.getByText('Office size must be at least 1 person'));
    expect([await years.inputValue(), await office.inputValue()]).toEqual(['60', '0']);
    await brokerPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('after sign-out, the next person on the device cannot read the partner’s inbox', async () => {
    expect(await privateKeys(brokerPage)).toContain(`${brokerUserId}/partner-inbox/mortgage_broker/contacts`);
    await visible(userMenuButton(brokerPage, 'Hemi Broker'));
    await chooseUserMenuItem(brokerPage, 'Sign Out', '/');
    await visible(brokerPage.getByRole('banner').getByRole('link', { name: 'Sign In' }));
    await brokerPage.goto('/sign-in');
    await signInThroughUi(brokerPage, owner.email, owner.password);
    await visible(userMenuButton(brokerPage, 'Kiri Walker'));

    expect((await privateKeys(brokerPage)).filter((key) => key.startsWith(`${brokerUserId}/`))).toEqual([]);

    // Offline too: the dashboard has nothing of the partner's to show.
    await brokerPage.context().setOffline(true);
    await brokerPage.goto('/partner-dashboard');
    await visible(brokerPage.getByRole('heading', { name: 'Partner Access Required' }));
    expect(await brokerPage.getByText(SERVICE_REQUEST).count()).toBe(0);
    await brokerPage.context().setOffline(false);
  });

  it('the owner reads the responses under Messages and once each by email', async () => {
    await ownerPage.goto('/messages');
    await visible(ownerPage.getByRole('heading', { name: 'Messages', level: 1 }));
    const cards = ownerPage.locator('.message-list > li');
    await visible(cards.first());
    expect(await cards.count()).toBe(2);
    for (const [request, response] of [
      [CONTACT_EXTRA, FIRST_RESPONSE],
      [SERVICE_REQUEST, OFFLINE_RESPONSE],
    ] as const) {
      const card = cards.filter({ hasText: request });
      await visible(card.getByText(response));
      await visible(card.getByText(BUSINESS));
      await visible(card.locator('.ant-tag', { hasText: /^Mortgage Broker$/ }));
      await visible(card.locator('.ant-tag', { hasText: /^Responded$/ }));
    }

    await expect
      .poll(async () => (await outbox()).filter((m) => m.to === owner.email && m.subject === `${BUSINESS} has responded to your enquiry`).length, { timeout: 10_000 })
      .toBe(2);
    const mails = (await outbox()).filter((m) => m.to === owner.email && m.subject === `${BUSINESS} has responded to your enquiry`);
    expect(mails.filter((m) => m.text.includes(FIRST_RESPONSE))).toHaveLength(1);
    expect(mails.filter((m) => m.text.includes(OFFLINE_RESPONSE))).toHaveLength(1);
  });

  it('a signed-out visitor writes to a partner directly (the premium partner’s dialog)', async () => {
    const page = await suite.newPage();
    await page.goto('/how-it-works');
    const res = await callApi<{ id: string }>(page, 'POST', `/api/partners/${brokerPartnerId}/contact`, {
      name: 'Ana Visitor',
      email: 'ana.visitor@example.nz',
      phone: '021 555 0101',
      message: 'Saw your advert — can you help with a first home loan?',
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toEqual(expect.any(String));
    await expect
      .poll(async () => (await outbox()).filter((m) => m.to === broker.email && m.subject === 'New enquiry from Ana Visitor').length, { timeout: 10_000 })
      .toBe(1);

    // The partner finds it in the inbox, from the name the visitor gave.
    const partnerPage = await suite.newPage();
    await partnerPage.goto('/sign-in');
    await signInThroughUi(partnerPage, broker.email, broker.password);
    await visible(userMenuButton(partnerPage, 'Hemi Broker'));
    await partnerPage.goto('/partner-dashboard');
    await visible(tab(partnerPage, /^New \(1\)$/));
    const card = await visible(partnerCard(partnerPage).filter({ hasText: 'Ana Visitor' }));
    await visible(card.locator('.ant-tag', { hasText: /^General Inquiry$/ }));
    await card.click();
    const detail = await visible(partnerPage.getByRole('dialog', { name: 'Message from Ana Visitor' }));
    await visible(detail.getByText('021 555 0101'));
    await visible(detail.getByText('ana.visitor@example.nz'));
  });
});
