/**
 * Coupon codes (spec 001 §1, §3 coupon_codes and coupon_redemptions, §7 couponCode): an admin
 * creates a code in /admin (the form says what is wrong first), a partner types it in the
 * checkout dialog — an expired one is refused under the field in the server's words — and a
 * free-period code opens Stripe's SetupIntent, which the browser confirms with confirmSetup
 * (nothing is charged); Stripe's $0 invoice, paid at once, activates the subscription; the admin
 * sees who redeemed the code.
 *
 * The whole service runs against the local Stripe server, the browser gets the stand-in Stripe.js
 * (stripe-js-stand-in.ts), and the test delivers Stripe's webhooks signed. The tests run in order.
 */
import type { AdPlanView, PartnerAdSubscriptionView } from '@kainga/contracts';
import { COUPON_CODE_MESSAGE, COUPON_EXPIRED_MESSAGE } from '@kainga/contracts/browser';
import { LocalStripe, postWebhook } from '@kainga/platform/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeAdmin, callApi, chooseOption, createPartnerAsAdmin, newPerson, registerThroughUi, settledSelectList, startSuite, toast, visible, type Suite } from './harness';
import { TEST_CARDS, serveStripeJsStandIn } from './stripe-js-stand-in';

const admin = newPerson('Mere', 'Admin');
const broker = newPerson('Tama', 'Broker');
const CITY = 'Nelson';
const ROLE = 'mortgage_broker';
const day = 24 * 3600 * 1000;

let stripe: LocalStripe;
let suite: Suite;
let adminPage: Page;
let page: Page;
let gold: AdPlanView;
let subscriptionId: string;

const coupons = (p: Page) => p.locator('.admin-section').filter({ has: p.getByRole('heading', { name: 'Coupon Codes' }) });
const dialog = () => page.getByRole('dialog', { name: `Subscribe to ${gold.name}` });
const mySubscriptions = async () => (await callApi<PartnerAdSubscriptionView[]>(page, 'GET', `/api/partner-ad-subscriptions?role=${ROLE}`)).body;

beforeAll(async () => {
  stripe = await LocalStripe.start({ secretKey: 'sk_test_kaingaCoupons', publishableKey: 'pk_test_kaingaCoupons', webhookSecret: 'whsec_kaingaCoupons' });
  suite = await startSuite({ ADMIN_EMAILS: admin.email, ...stripe.env() });
  adminPage = await becomeAdmin(suite, admin);
  page = await suite.newPage();
  await serveStripeJsStandIn(page.context());
  await registerThroughUi(page, broker);
  await createPartnerAsAdmin(adminPage, broker, { roleId: ROLE, city: CITY, businessName: 'Nelson Home Loans' });
  gold = (await callApi<AdPlanView[]>(adminPage, 'GET', '/api/ad-plans')).body.find((p) => p.tier === 'gold')!;
});
afterAll(async () => {
  await suite?.close();
  await stripe?.close();
});

describe('coupon codes', () => {
  it('an admin creates a free-period code in /admin, after the form says what was wrong', async () => {
    await adminPage.goto('/admin', { waitUntil: 'networkidle' });
    const section = coupons(adminPage);
    await visible(section.getByText('No coupons yet'));
    await section.getByRole('button', { name: 'Create New Coupon' }).click();
    const form = await visible(section.locator('form[id="coupon"]'));
    await form.getByLabel('Code', { exact: true }).fill('no');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await visible(form.getByText(COUPON_CODE_MESSAGE));

    await form.getByLabel('Code', { exact: true }).fill('trial30');
    await form.getByLabel('Description', { exact: true }).fill('A month free for new brokers');
    await chooseOption(adminPage, form, 'Discount', 'No discount (trial days only)');
    await form.getByLabel('Free trial days').fill('30');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await visible(toast(adminPage, 'Coupon Created').filter({ hasText: 'TRIAL30 is ready to use.' }));
    const row = await visible(section.locator('tbody tr').filter({ hasText: 'TRIAL30' }));
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('A month free for new brokers');
    expect(text).toContain('30 days');
    expect(text).toContain('0 / unlimited');
    expect(text).toContain('No end');

    // An expired code, made over the API as the form would.
    const old = await callApi(adminPage, 'POST', '/api/admin/coupons', { code: 'OLD10', discountType: 'percentage', discountValue: 10, validFrom: new Date(Date.now() - 10 * day).toISOString(), validUntil: new Date(Date.now() - day).toISOString() });
    expect(old.status).toBe(201);
  });

  it('a partner’s expired code is refused under the field; a free-period code saves the card with confirmSetup and charges nothing', async () => {
    await page.goto('/partner-dashboard');
    await page.getByRole('tab', { name: 'Advertising' }).click();
    await page.getByRole('region', { name: 'Available Plans', exact: true }).getByRole('button', { name: `Subscribe to ${gold.name}` }).click();
    await visible(dialog());
    await dialog().getByRole('combobox', { name: 'Location' }).click();
    await page.keyboard.type(CITY);
    await settledSelectList(page).locator(`.ant-select-item-option[title^="${CITY},"]`).click();
    const code = dialog().getByLabel('Coupon code');
    await code.fill('old10');
    await dialog().getByRole('button', { name: 'Continue to Payment' }).click();
    await visible(dialog().getByText(COUPON_EXPIRED_MESSAGE));
    await visible(toast(page, 'Setup Failed').filter({ hasText: COUPON_EXPIRED_MESSAGE }));
    expect(stripe.subscriptions.size).toBe(0);

    await code.fill('trial30');
    await dialog().getByRole('button', { name: 'Continue to Payment' }).click();
    const form = await visible(dialog().getByTestId('stand-in-payment-element'));
    await visible(dialog().getByText(/^Nothing is charged today: coupon TRIAL30 starts your Nelson plan with a free period\./));
    const [mine] = await mySubscriptions();
    subscriptionId = mine!.id;
    const stripeSubscription = [...stripe.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId)!;
    expect(stripeSubscription.status).toBe('trialing');

    await form.getByLabel('Card number').fill(TEST_CARDS.succeeds);
    await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await form.getByLabel('Security code').fill('123');
    await dialog().getByRole('button', { name: 'Save Card and Start Free Period' }).click();
    // confirmSetup, not confirmPayment: Stripe.js came back with the SetupIntent's parameters.
    await page.waitForURL((u) => u.pathname === '/partner-dashboard' && u.searchParams.get('subscription_id') === subscriptionId && u.searchParams.get('setup_intent') === stripeSubscription.pending_setup_intent);

    // What Stripe does on its side: the card saved by the SetupIntent; the $0 first invoice it paid at once, told by webhook.
    stripe.confirmPendingSetup(stripeSubscription.id);
    const paid = stripe.events.find((e) => e.type === 'invoice.paid' && JSON.stringify(e.data.object).includes(stripeSubscription.id))!;
    expect((await postWebhook(suite.server.url, paid, stripe.options.webhookSecret)).status).toBe(200);
    await visible(toast(page, 'Subscription Activated!'));
    expect(stripe.paymentIntents.size).toBe(0);
  });

  it('the admin sees the redemption: who, for which subscription, and the count', async () => {
    await adminPage.reload({ waitUntil: 'networkidle' });
    const section = coupons(adminPage);
    const row = await visible(section.locator('tbody tr').filter({ hasText: 'TRIAL30' }));
    await expect.poll(async () => (await row.innerText()).replace(/\s+/g, ' ')).toContain('1 / unlimited');
    await row.getByRole('button', { name: 'Redemptions of TRIAL30' }).click();
    const modal = await visible(adminPage.getByRole('dialog', { name: 'Redemptions of TRIAL30' }));
    const text = (await (await visible(modal.locator('tbody tr').first())).innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`${broker.firstName} ${broker.lastName}`);
    expect(text).toContain(broker.email);
    expect(text).toContain(subscriptionId.slice(0, 8));
  });

  it("keeps New Zealand's calendar on a device set to another zone: the default first day and the day sent", async () => {
    const phone = await suite.newPage({ timezoneId: 'America/Los_Angeles' });
    await phone.context().addCookies(await adminPage.context().cookies());
    // 10:57 am on 27 November in Auckland is still 26 November in Los Angeles.
    await phone.clock.setFixedTime(new Date('2026-11-26T21:57:56Z'));
    await phone.goto('/admin', { waitUntil: 'networkidle' });
    const section = coupons(phone);
    await section.getByRole('button', { name: 'Create New Coupon' }).click();
    const form = await visible(section.locator('form[id="coupon"]'));
    expect(await form.getByLabel('Valid from', { exact: true }).inputValue()).toBe('2026-11-27');
    await form.getByLabel('Code', { exact: true }).fill('nzday');
    await form.getByLabel('Percentage off').fill('10');
    await form.getByLabel('Valid until (last day)').fill('2026-11-30');
    const sent = phone.waitForRequest((r) => r.url().endsWith('/api/admin/coupons') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    // Whole New Zealand days: from midnight on the 27th (NZDT, UTC+13) to the end of the 30th.
    expect((await sent).postDataJSON()).toMatchObject({ validFrom: '2026-11-26T11:00:00.000Z', validUntil: '2026-11-30T11:00:00.000Z' });
    await visible(toast(phone, 'Coupon Created').filter({ hasText: 'NZDAY is ready to use.' }));
  });

  it('on a phone each coupon and redemption is a card with its actions in view, nothing scrolling sideways', async () => {
    const phone = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await phone.context().addCookies(await adminPage.context().cookies());
    await phone.goto('/admin', { waitUntil: 'networkidle' });
    const section = coupons(phone);
    const card = await visible(section.getByRole('listitem').filter({ hasText: 'TRIAL30' }));
    expect((await card.innerText()).replace(/\s+/g, ' ')).toContain('Redemptions 1 / unlimited');
    const open = card.getByRole('button', { name: 'Redemptions of TRIAL30' });
    await open.scrollIntoViewIfNeeded();
    const box = (await open.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await section.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await open.focus();
    await phone.keyboard.press('Enter');
    const modal = await visible(phone.getByRole('dialog', { name: 'Redemptions of TRIAL30' }));
    const redemption = await visible(modal.getByRole('listitem').filter({ hasText: broker.email }));
    expect(await redemption.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });
});
