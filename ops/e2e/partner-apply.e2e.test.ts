import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  chooseOption,
  mailedLink,
  newPerson,
  registerAdmin,
  registerThroughUi,
  settledSelectList,
  startSuite,
  userMenuButton,
  userMenuItems,
  visible,
  type Suite,
} from './harness';

/**
 * The partner application journey of partner/admin spec §2–§8, as people do it: a general user
 * applies on /apply, an admin approves it in Partner Management, the applicant is then a partner;
 * an admin adds a partner directly, who sets a password from the mailed link; the enquiry form's
 * image uploads. The tests run in order and share the people below.
 */
const admin = newPerson('Mere', 'Admin');
const applicant = newPerson('Tipene', 'Broker');
const business = `Tipene Home Loans ${applicant.email.slice(15, 21)}`;
let suite: Suite;
let adminPage: Page;
let applicantPage: Page;

beforeAll(async () => {
  suite = await startSuite({ ADMIN_EMAILS: admin.email });
  adminPage = await suite.newPage();
  applicantPage = await suite.newPage();
  await Promise.all([registerAdmin(suite, adminPage, admin), registerThroughUi(applicantPage, applicant)]);
});
afterAll(async () => {
  await suite?.close();
});

/** A 1×1 PNG (a real image: the server reads every upload's bytes). */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The toast with this title (antd notification), once shown. */
const toast = (page: Page, title: string) => visible(page.locator('.ant-notification-notice').filter({ hasText: title }).first());

/** The admin dashboard's Partner Management card. */
const partnerManagement = (page: Page) =>
  page.locator('.admin-section').filter({ has: page.getByRole('heading', { name: 'Partner Management' }) });

/** The list item (card) under `heading` of Partner Management that names `businessName`. */
function applicationCard(section: Locator, heading: RegExp, businessName: string): Locator {
  // The list right after the heading (an empty Pending Review has a sentence there instead).
  return section.locator('h3', { hasText: heading }).locator('xpath=following-sibling::*[1][self::ul]').locator('li').filter({ hasText: businessName });
}

describe('a general user applies on /apply', () => {
  it('sees the roles, is told what is wrong, and submits an application', async () => {
    const page = applicantPage;
    await page.goto('/', { waitUntil: 'networkidle' });
    await visible(userMenuButton(page, 'Tipene Broker'));
    expect(await userMenuItems(page)).toContain('Become a Partner');
    // (The menu item's navigation is covered by roles.e2e.test.ts.)
    await page.keyboard.press('Escape');
    await page.goto('/apply');
    await visible(page.getByRole('heading', { name: 'Become a Partner', level: 1 }));
    await visible(page.getByText('You do not hold a partner role yet.'));

    // The three partner roles with their descriptions (GET /api/roles), never Admin or General.
    const roles = page.locator('section[aria-labelledby="roles-title"]');
    await visible(roles.getByRole('heading', { name: 'Mortgage Broker', level: 3 }));
    expect(await roles.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Mortgage Broker', 'Registered Valuer', 'Property Manager']);
    for (const description of await roles.locator('li p').allInnerTexts()) expect(description.trim().length).toBeGreaterThan(10);

    await page.getByRole('button', { name: 'Start Application' }).click();
    const form = await visible(page.locator('form[id="apply"]'));
    // The contact email starts as the account's.
    expect(await form.getByLabel('Contact email').inputValue()).toBe(applicant.email);

    // Bad input: the spec's messages (§5).
    await form.getByLabel('Contact email').fill('not-an-email');
    await form.getByLabel('Business description').fill('Loans');
    // Checked as they type; the rest when they submit.
    await visible(form.getByText('Valid email is required'));
    await visible(form.getByText('Please provide a business description'));
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await visible(form.getByText('Role selection is required'));
    await visible(form.getByText('Location selection is required'));
    await visible(form.getByText('Business name is required'));

    await chooseOption(page, form, 'Partner role', 'Mortgage Broker');
    await chooseOption(page, form, 'Location', 'Wellington, Wellington', 'Wellington');
    await form.getByLabel('Business name').fill(business);
    await form.getByLabel('Contact email').fill(applicant.email);
    await form.getByLabel('Years of experience (optional)').fill('7');
    await form.getByLabel('Business description').fill('Independent mortgage advice for first home buyers in Wellington.');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await toast(page, 'Application Submitted Successfully');
    // The form closes; Start Application is offered again.
    await visible(page.getByRole('button', { name: 'Start Application' }));
  });
});

describe('an admin reviews the application in Partner Management', () => {
  it('finds it pending, cannot reject without a reason, approves it', async () => {
    const page = adminPage;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const section = partnerManagement(page);
    await visible(section.getByRole('heading', { name: /^Pending Review \(\d+\)$/ }));
    const pending = await visible(applicationCard(section, /^Pending Review/, business));
    expect(await pending.innerText()).toContain('Mortgage Broker');
    expect(await pending.innerText()).toContain('Wellington');
    expect(await pending.innerText()).toContain('Tipene Broker');

    // Reject asks for a reason: Confirm Rejection is refused while it is blank; Cancel leaves it pending.
    await pending.getByRole('button', { name: `Reject ${business}` }).click();
    const modal = await visible(page.getByRole('dialog', { name: `Reject ${business}` }));
    const confirm = modal.getByRole('button', { name: 'Confirm Rejection' });
    expect(await confirm.isDisabled()).toBe(true);
    await modal.getByLabel('Reason for rejection').fill('   ');
    expect(await confirm.isDisabled()).toBe(true);
    await modal.getByLabel('Reason for rejection').blur();
    await visible(modal.getByText('Please give a reason for the rejection'));
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });

    await pending.getByRole('button', { name: `Approve ${business}` }).click();
    await toast(page, 'Application Approved');
    const processed = await visible(applicationCard(section, /^Recently Processed$/, business));
    await visible(processed.getByText('Approved', { exact: true }));
    expect(await applicationCard(section, /^Pending Review/, business).count()).toBe(0);
  });

  it('rejects another application with a reason', async () => {
    // A second applicant, whose application is sent straight from their page (the form is covered above).
    const other = newPerson('Ana', 'Valuer');
    const otherBusiness = `Ana Valuations ${other.email.slice(11, 17)}`;
    const otherPage = await suite.newPage();
    await registerThroughUi(otherPage, other);
    const status = await otherPage.evaluate(async (businessName) => {
      const res = await fetch('/api/partner-applications', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          requestedRoleId: 'registered_valuer',
          requestedLocationId: 'nelson',
          businessName,
          contactEmail: 'ana@example.nz',
          businessDescription: 'Registered valuations across Nelson and Tasman.',
        }),
      });
      return res.status;
    }, otherBusiness);
    expect(status).toBe(201);

    const page = adminPage;
    await page.reload({ waitUntil: 'networkidle' });
    const section = partnerManagement(page);
    const pending = await visible(applicationCard(section, /^Pending Review/, otherBusiness));
    await pending.getByRole('button', { name: `Reject ${otherBusiness}` }).click();
    const modal = await visible(page.getByRole('dialog', { name: `Reject ${otherBusiness}` }));
    await modal.getByLabel('Reason for rejection').fill('Please send your registration number.');
    await modal.getByRole('button', { name: 'Confirm Rejection' }).click();
    await toast(page, 'Application Rejected');
    await modal.waitFor({ state: 'hidden' });
    const processed = await visible(applicationCard(section, /^Recently Processed$/, otherBusiness));
    await visible(processed.getByText('Rejected', { exact: true }));
    await visible(processed.getByText('Reason: Please send your registration number.'));
  });
});

describe('the approved applicant is a partner', () => {
  it('sees the role in the header, the dashboard, the approved status and the partner id', async () => {
    const page = applicantPage;
    await page.reload({ waitUntil: 'networkidle' });
    await visible(page.getByRole('banner').getByText('Mortgage Broker'));
    const items = await userMenuItems(page);
    expect(items).toContain('Partner Dashboard');
    // The role is added to 'general', which keeps Become a Partner (another role may be applied for).
    expect(items).toContain('Become a Partner');
    await page.keyboard.press('Escape');
    await page.goto('/partner-dashboard');
    await visible(page.getByRole('heading', { name: 'Partner Dashboard', level: 1 }));
    expect(await page.getByText('Partner Access Required').count()).toBe(0);
    await visible(page.getByText('Total Contacts'));

    await page.goto('/apply');
    const status = await visible(page.locator('.partner-statuses li').filter({ hasText: business }));
    expect(await status.innerText()).toContain('Mortgage Broker');
    expect(await status.innerText()).toContain('Wellington');
    await visible(status.getByText('Active', { exact: true }));

    await page.goto('/profile');
    const details = await visible(page.locator('.ant-descriptions'));
    await visible(details.getByText('Partner ID'));
    expect((await details.locator('code').innerText()).trim()).toMatch(/\S{8,}/);
  });
});

describe('an admin adds a partner directly', () => {
  it('creates the partner, who sets a password from the mailed link and lands on the dashboard', async () => {
    const invited = newPerson('Hine', 'Manager');
    const page = adminPage;
    await page.goto('/admin', { waitUntil: 'networkidle' });
    const section = partnerManagement(page);
    await section.getByRole('button', { name: 'Add New Partner Directly' }).click();
    const form = await visible(section.locator('form[id="create-partner"]'));
    await form.getByLabel('First name').fill(invited.firstName);
    await form.getByLabel('Last name').fill(invited.lastName);
    await form.getByLabel('Email').fill(invited.email);
    await chooseOption(page, form, 'Partner role', 'Property Manager');
    await chooseOption(page, form, 'Location', 'Wellington, Wellington', 'Wellington');
    await form.getByLabel('Business name').fill('Hine Property Management');
    await form.getByRole('button', { name: 'Create Partner' }).click();
    const created = await toast(page, 'Partner Created');
    expect(await created.innerText()).toContain('An invitation to set a password was emailed to them.');

    const link = await mailedLink(suite.server, invited.email, /\/set-password\?token=[\w-]+/);
    const fresh = await suite.newPage();
    await fresh.goto(link);
    await visible(fresh.getByRole('heading', { name: 'Set Your Password' }));
    await visible(fresh.getByText(invited.email));
    await fresh.getByLabel('Password', { exact: true }).fill(invited.password);
    await fresh.getByLabel('Confirm password').fill(invited.password);
    await fresh.getByRole('button', { name: 'Set Password' }).click();
    await fresh.waitForURL((u) => u.pathname === '/partner-dashboard', { waitUntil: 'commit' });
    await visible(fresh.getByRole('heading', { name: 'Partner Dashboard', level: 1 }));
    await visible(userMenuButton(fresh, 'Hine Manager'));
    await visible(fresh.getByRole('banner').getByText('Property Manager'));

    // The link works once.
    const again = await suite.newPage();
    await again.goto(link);
    await visible(again.getByRole('alert').filter({ hasText: /./ }));
    expect(await again.getByRole('button', { name: 'Set Password' }).count()).toBe(0);
  });
});

describe('/partner-benefits and the enquiry form', () => {
  it('Apply Now opens the enquiry form; an image uploads, one over 200KB is refused, the enquiry is submitted', async () => {
    const person = newPerson('Rawiri', 'Valuer');
    const page = await suite.newPage();
    await registerThroughUi(page, person);
    await page.goto('/partner-benefits');
    await visible(page.getByText('Application review typically takes 1-2 business days.'));
    await page.getByRole('link', { name: 'Apply Now' }).first().click();
    await page.waitForURL((u) => u.pathname === '/partner-enquiry', { waitUntil: 'commit' });
    const form = await visible(page.locator('form[id="partner-enquiry"]'));

    await form.getByLabel('Choose a company image').setInputFiles({ name: 'company.png', mimeType: 'image/png', buffer: TINY_PNG });
    await toast(page, 'Image Uploaded');
    const preview = await visible(form.getByRole('img', { name: 'Company image' }));
    // The uploaded file is served back (the preview loads).
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1, await preview.elementHandle());

    await form.getByLabel('Choose a profile image').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(201 * 1024, 1) });
    const tooLarge = await toast(page, 'File Too Large');
    expect(await tooLarge.innerText()).toContain('Profile image must be under 200KB');
    expect(await form.getByRole('img', { name: 'Profile image' }).count()).toBe(0);

    // A short bio: the spec's message.
    await form.getByLabel('Bio').fill('Too short.');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await visible(form.getByText('Please provide at least 100 characters for your bio'));
    await visible(form.getByText('Please select at least one service location'));
    // The empty required numbers say they are required, not a range.
    await visible(form.getByText('Enter your years of experience'));
    await visible(form.getByText('Enter how many people work in your office'));
    expect(await form.getByText('Experience must be 0 or more years').count()).toBe(0);

    await form.getByLabel('Business name').fill('Rawiri Valuations');
    await form.getByLabel('Contact phone').fill('021 555 0101');
    await form.getByLabel('Years of experience').fill('12');
    await form.getByLabel('Office size (people)').fill('3');
    await form.getByLabel('Business description').fill('Registered valuations for lending, insurance and family matters across the lower North Island.');
    await form
      .getByLabel('Bio')
      .fill('Rawiri has valued homes in Wellington for twelve years and is a registered valuer with the Valuers Registration Board of New Zealand.');
    await chooseOption(page, form, 'Partner role', 'Registered Valuer');
    // Two service locations, each found by typing its name.
    const locations = form.getByLabel('Service locations');
    await locations.click();
    for (const [town, title] of [['Wellington', 'Wellington, Wellington'], ['Porirua', 'Porirua, Wellington']] as const) {
      await page.keyboard.type(town);
      await settledSelectList(page).getByTitle(title, { exact: true }).click();
    }
    await page.keyboard.press('Escape');
    expect(await form.locator('.ant-select-selection-item').allInnerTexts()).toEqual(expect.arrayContaining(['Wellington, Wellington', 'Porirua, Wellington']));
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await toast(page, 'Application submitted!');
    await visible(page.getByRole('region', { name: 'Application submitted' }).getByText('We will review your application within 1-2 business days.'));

    // The admin sees it with both locations.
    await adminPage.reload({ waitUntil: 'networkidle' });
    const pending = await visible(applicationCard(partnerManagement(adminPage), /^Pending Review/, 'Rawiri Valuations'));
    expect(await pending.innerText()).toContain('Wellington, Porirua');
  });
});
