/**
 * A partner pays for an advertising plan (spec 001 §2 Advertising tab, §4 Subscribe flow, §7, §8):
 * the whole service runs with Stripe test-mode keys against the local Stripe server
 * (platform/src/payments/testing/local-stripe.ts), the browser gets a stand-in for Stripe.js from
 * the test (stripe-js-stand-in.ts), and Stripe's webhooks are delivered signed by the test, as
 * Stripe (or `stripe listen`) would deliver them. Nothing reaches the internet.
 *
 * The journey: Subscribe → a location → Continue to Payment (Stripe.js loads only now) → a
 * declined card says 'Payment Failed' with the card's words → a good card returns to the
 * dashboard, which says it is confirming and does NOT say the plan is active → Stripe's
 * invoice.paid arrives → 'Subscription Activated! Your advertising plan is now active.' and the
 * subscription is Active.
 *
 * The tests run in order and share the people they make (one server for the file).
 */
import type { AdPlanView, PartnerAdSubscriptionView } from '@kainga/contracts';
import { LocalStripe, postWebhook } from '@kainga/platform/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeAdmin, callApi, createPartnerAsAdmin, newPerson, registerThroughUi, settledSelectList, startSuite, toast, visible, type Suite } from './harness';
import { CARD_DECLINED_MESSAGE, TEST_CARDS, serveStripeJsStandIn, type StandInRecord } from './stripe-js-stand-in';

const admin = newPerson('Mere', 'Admin');
const broker = newPerson('Tama', 'Broker');
const owner = newPerson('Aroha', 'Owner');
const CITY = 'Nelson';
const ROLE = 'mortgage_broker';

let stripe: LocalStripe;
let suite: Suite;
let page: Page;
let gold: AdPlanView;
let outside: { stripeJs: string[]; refused: string[] };
/** Our subscription id, from the checkout the dialog opened. */
let subscriptionId: string;
let partnerId: string;
let adminPage: Page;
/** The lead charged in 'charges a lead…', disputed after it. */
let chargedLeadId: string;

const advertisingTab = () => page.getByRole('tab', { name: 'Advertising' });
const section = (title: string) => page.getByRole('region', { name: title, exact: true });
const dialog = () => page.getByRole('dialog', { name: `Subscribe to ${gold.name}` });
const subscriptionCard = () => section('Current Subscriptions').getByTestId('ad-subscription').filter({ hasText: gold.name });
const standIn = () => page.evaluate(() => (window as unknown as { __stripeStandIn: StandInRecord }).__stripeStandIn);
const mySubscriptions = async () => (await callApi<PartnerAdSubscriptionView[]>(page, 'GET', `/api/partner-ad-subscriptions?role=${ROLE}`)).body;
/** The Stripe subscription the checkout made, by our id in its metadata. */
const stripeSubscriptionId = () => {
  const found = [...stripe.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId);
  if (!found) throw new Error(`the local Stripe has no subscription for ${subscriptionId}`);
  return found.id;
};
/** Stripe's events delivered to the service, signed with the endpoint's secret. */
async function deliver(events: object[]) {
  for (const event of events) expect((await postWebhook(suite.server.url, event, stripe.options.webhookSecret)).status).toBe(200);
}

async function typeCard(number: string) {
  const form = await visible(dialog().getByTestId('stand-in-payment-element'));
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('Security code').fill('123');
}

beforeAll(async () => {
  // Test-mode shaped keys, as Stripe's dashboard gives them; the service talks to the local server (STRIPE_API_URL).
  stripe = await LocalStripe.start({ secretKey: 'sk_test_kaingaBrowser', publishableKey: 'pk_test_kaingaBrowser', webhookSecret: 'whsec_kaingaBrowser' });
  suite = await startSuite({ ADMIN_EMAILS: admin.email, ...stripe.env() });
  adminPage = await becomeAdmin(suite, admin);

  page = await suite.newPage();
  outside = await serveStripeJsStandIn(page.context());
  await registerThroughUi(page, broker);
  partnerId = (await createPartnerAsAdmin(adminPage, broker, { roleId: ROLE, city: CITY, businessName: 'Nelson Home Loans' })).id;
  gold = (await callApi<AdPlanView[]>(adminPage, 'GET', '/api/ad-plans')).body.find((p) => p.tier === 'gold')!;
});
afterAll(async () => {
  await suite?.close();
  await stripe?.close();
});

describe('a partner’s card checkout', () => {
  it('asks for a location first, and loads Stripe.js only when the dialog reaches the payment form', async () => {
    await page.goto('/partner-dashboard');
    await advertisingTab().click();
    await visible(section('Current Subscriptions').getByText(/You have no advertising subscriptions yet/));
    await section('Available Plans').getByRole('button', { name: `Subscribe to ${gold.name}` }).click();
    const next = (await visible(dialog())).getByRole('button', { name: 'Continue to Payment' });
    expect(await next.isDisabled()).toBe(true);
    await dialog().getByRole('combobox', { name: 'Location' }).click();
    await page.keyboard.type(CITY);
    await settledSelectList(page).locator(`.ant-select-item-option[title^="${CITY},"]`).click();
    expect(outside.stripeJs).toEqual([]);

    await next.click();
    await visible(dialog().getByTestId('stand-in-payment-element'));
    await visible(dialog().getByRole('button', { name: /^Pay .+ and Subscribe$/ }));
    // @stripe/stripe-js fetched Stripe.js from its one address, and both official wrappers drove the stand-in.
    expect(outside.stripeJs).toEqual(['https://js.stripe.com/endive/stripe.js']);
    const record = await standIn();
    expect(record.publishableKeys).toEqual(['pk_test_kaingaBrowser']);
    expect(record.wrappers.map((w) => w.name).sort()).toEqual(['react-stripe-js', 'stripe-js']);

    // The server opened a checkout: the subscription awaits its first payment and shows no advert yet.
    const [mine] = await mySubscriptions();
    expect(mine).toMatchObject({ status: 'incomplete', via: 'checkout', adPlanId: gold.id });
    subscriptionId = mine!.id;
    expect(stripe.subscriptions.get(stripeSubscriptionId())?.status).toBe('incomplete');

    // Back to Details keeps the town; Continue again opens the same checkout, not a second one.
    await dialog().getByRole('button', { name: 'Back to Details' }).click();
    expect(await next.isDisabled()).toBe(false);
    await next.click();
    await visible(dialog().getByTestId('stand-in-payment-element'));
    expect((await mySubscriptions()).map((s) => s.id)).toEqual([subscriptionId]);
    expect(stripe.subscriptions.size).toBe(1);
  });

  it('says Payment Failed with the card provider’s words when the card is declined', async () => {
    await typeCard(TEST_CARDS.declined);
    await dialog().getByRole('button', { name: /^Pay .+ and Subscribe$/ }).click();
    await visible(toast(page, 'Payment Failed').filter({ hasText: CARD_DECLINED_MESSAGE }));
    // Still on the payment form, to try another card.
    await visible(dialog().getByTestId('stand-in-payment-element'));
    expect((await standIn()).confirmations).toHaveLength(1);
    // Stripe tells the server too, as it would after a declined attempt.
    await deliver(stripe.failLatestInvoice(stripeSubscriptionId(), CARD_DECLINED_MESSAGE));
    await expect.poll(async () => (await mySubscriptions())[0]?.lastPaymentError).toBe(CARD_DECLINED_MESSAGE);
  });

  it('returns to the dashboard with a good card, and says the plan is active only once Stripe confirms it', async () => {
    await typeCard(TEST_CARDS.succeeds);
    await dialog().getByRole('button', { name: /^Pay .+ and Subscribe$/ }).click();

    // Stripe.js left for the return address: the Advertising tab with our subscription id.
    await page.waitForURL((u) => u.pathname === '/partner-dashboard' && u.searchParams.get('subscription_id') === subscriptionId && u.searchParams.get('redirect_status') === 'succeeded');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('advertising');
    const confirming = await visible(page.getByRole('status').filter({ hasText: 'Confirming your payment…' }));
    await visible(subscriptionCard().locator('.ant-tag', { hasText: /^Awaiting payment$/ }));
    // The decline before this payment is not news while Stripe confirms it.
    await visible(subscriptionCard().getByText('Payment made — waiting for Stripe to confirm it'));
    expect(await subscriptionCard().getByText(/Last payment failed/).count()).toBe(0);

    // The dashboard keeps asking while the server says "awaiting payment" — and says nothing of success.
    for (let i = 0; i < 2; i++) await page.waitForResponse((r) => r.url().includes('/api/partner-ad-subscriptions') && r.ok());
    expect(await toast(page, 'Subscription Activated!').count()).toBe(0);
    expect(await toast(page, 'Payment Failed').count()).toBe(0);
    expect(await confirming.isVisible()).toBe(true);

    // Stripe's invoice.paid, signed: the server makes the subscription active, and the dashboard says so.
    const paid = stripe.payLatestInvoice(stripeSubscriptionId()).find((e) => e.type === 'invoice.paid')!;
    await deliver([paid]);
    await visible(toast(page, 'Subscription Activated!').filter({ hasText: 'Your advertising plan is now active.' }));
    await visible(subscriptionCard().locator('.ant-tag', { hasText: /^Active$/ }));
    await visible(subscriptionCard().getByText(/^Paid; renews on \d{1,2} \S+ \d{4}$/));
    expect(await subscriptionCard().getByText(/Last payment failed/).count()).toBe(0);
    await confirming.waitFor({ state: 'hidden' });
    // The address loses the id and Stripe's parameters (its client secret included); the tab stays.
    await page.waitForURL((u) => u.search === '?tab=advertising');
  });

  it('says it once: a reload shows the active subscription without the toast', async () => {
    await page.reload();
    await visible(subscriptionCard().locator('.ant-tag', { hasText: /^Active$/ }));
    expect(await toast(page, 'Subscription Activated!').count()).toBe(0);
    expect(await page.getByText('Confirming your payment…').count()).toBe(0);
    // Nothing tried to leave this machine (Stripe.js came from the test).
    expect(outside.refused).toEqual([]);
  });

  it('charges a lead to the partner’s saved card and shows it on the Billing tab', async () => {
    // A client's request to the partner, from their own browser session.
    const ownerPage = await suite.newPage();
    await registerThroughUi(ownerPage, owner);
    const lead = await callApi<{ id: string }>(ownerPage, 'POST', '/api/partner-contacts', { partnerId, message: 'Kia ora, could you help us refinance?' });
    expect(lead.status).toBe(201);
    // "Charge lead" runs from the lead's event: one PaymentIntent, off-session on the card the checkout saved.
    await expect.poll(() => stripe.oneOffPaymentIntents().filter((pi) => pi.metadata.leadId === lead.body.id).map((pi) => pi.status), { timeout: 15_000 }).toEqual(['succeeded']);
    const [intent] = stripe.oneOffPaymentIntents().filter((pi) => pi.metadata.leadId === lead.body.id);
    chargedLeadId = lead.body.id;

    await page.goto('/partner-dashboard?tab=billing');
    const summary = await visible(page.getByTestId('billing-summary'));
    const price = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', minimumFractionDigits: 2 }).format(gold.pricePerLead);
    await expect.poll(async () => (await summary.innerText()).replace(/\s+/g, ' ')).toContain(`Total Billed ${price} This Month ${price} Failed Charges 0 Active Subscriptions 1`);
    const row = page.getByTestId('billing-history').locator('tbody tr').filter({ hasText: lead.body.id.slice(0, 8) });
    await visible(row);
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(price);
    expect(text).toContain('Succeeded');
    expect(text).toContain(intent!.id.slice(0, 12));
    expect(text).not.toContain(intent!.id.slice(0, 13));
    await ownerPage.close();
  });

  it('disputes the charge from the Billing tab; the admin refunds it through Stripe and the row says so', async () => {
    const row = () => page.getByTestId('billing-history').locator('tbody tr').filter({ hasText: chargedLeadId.slice(0, 8) });
    await row().getByRole('button', { name: /^Dispute the charge for lead / }).click();
    const disputeDialog = await visible(page.getByRole('dialog', { name: /^Dispute the charge for lead / }));
    await disputeDialog.getByLabel('Reason').fill('The same client wrote twice; this one was a test.');
    await disputeDialog.getByRole('button', { name: 'Send Dispute' }).click();
    await visible(toast(page, 'Dispute Sent'));
    await expect.poll(async () => (await row().innerText()).replace(/\s+/g, ' ')).toContain('Disputed');

    await adminPage.goto('/admin');
    const disputes = await visible(adminPage.locator('.admin-section').filter({ has: adminPage.getByRole('heading', { name: 'Lead Charge Disputes', exact: true }) }));
    await visible(disputes.getByText('The same client wrote twice; this one was a test.'));
    await disputes.getByRole('button', { name: /^Refund the charge for lead / }).click();
    const refundDialog = await visible(adminPage.getByRole('dialog', { name: /^Refund .* charged to Nelson Home Loans$/ }));
    await refundDialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await visible(toast(adminPage, 'Dispute Resolved'));

    // One refund of the whole PaymentIntent, through Stripe, from the dispute's event.
    const intent = stripe.oneOffPaymentIntents().find((pi) => pi.metadata.leadId === chargedLeadId)!;
    await expect.poll(() => [...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id).map((r) => r.amount), { timeout: 15_000 }).toEqual([intent.amount]);
    await page.reload();
    await expect.poll(async () => (await row().innerText()).replace(/\s+/g, ' '), { timeout: 15_000 }).toContain('Refunded');
    // A refunded charge is not billed: the totals are back to nothing.
    const zero = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', minimumFractionDigits: 2 }).format(0);
    await expect.poll(async () => (await page.getByTestId('billing-summary').innerText()).replace(/\s+/g, ' ')).toContain(`Total Billed ${zero}`);
  });
});

describe('a partner on a plan an admin allocated', () => {
  it('reads what the plan costs, and why its lead charge failed with what to do', async () => {
    // A partner who never paid by card: no card is saved for lead charges.
    const valuer = newPerson('Rua', 'Valuer');
    const valuerPage = await suite.newPage();
    await registerThroughUi(valuerPage, valuer);
    const valuerId = (await createPartnerAsAdmin(adminPage, valuer, { roleId: 'registered_valuer', city: CITY, businessName: 'Nelson Valuations' })).id;
    const nelson = (await callApi<{ id: string; cityName: string }[]>(adminPage, 'GET', '/api/locations')).body.find((l) => l.cityName === CITY)!;
    expect((await callApi(adminPage, 'POST', '/api/admin/allocate-ad-plan', { partnerId: valuerId, adPlanId: gold.id, locationId: nelson.id })).status).toBe(201);
    const price = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', minimumFractionDigits: 2 }).format(gold.pricePerLead);

    await valuerPage.goto('/partner-dashboard');
    await valuerPage.getByRole('tab', { name: 'Advertising' }).click();
    const card = await visible(valuerPage.getByRole('region', { name: 'Current Subscriptions', exact: true }).getByTestId('ad-subscription'));
    await visible(card.getByText(`Allocated by an administrator: no monthly fee. Each lead you receive costs ${price}, charged to your saved card (see Billing).`));

    // A signed-in client writes: the lead costs the plan's price, and without a card the charge fails.
    const client = await suite.newPage();
    await registerThroughUi(client, newPerson('Hine', 'Client'));
    const lead = await callApi<{ id: string }>(client, 'POST', '/api/partner-contacts', { partnerId: valuerId, message: 'Kia ora, we need a valuation for the bank.' });
    expect(lead.status).toBe(201);
    await client.close();

    await valuerPage.goto('/partner-dashboard?tab=billing');
    const row = valuerPage.getByTestId('billing-history').locator('tbody tr').filter({ hasText: lead.body.id.slice(0, 8) });
    await expect.poll(async () => (await row.count()) > 0 && (await row.innerText()).includes('Failed'), { timeout: 15_000 }).toBe(true);
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(price);
    // The reason is on the row itself, with what to do, not only in a tooltip.
    expect(text).toContain('No card is saved for lead charges. This lead was not charged. A card is saved when you pay for a plan under Advertising; later leads are charged to it.');
    await valuerPage.close();
  });
});
