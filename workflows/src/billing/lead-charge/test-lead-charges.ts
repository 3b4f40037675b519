import { adPlanIdFor, parseAdPlansConfig, paymentsOf, seedAdPlans, type AppDeps } from '@kainga/command-api';
import { client, makePartner, registerAdmin, startTestApp } from '@kainga/command-api/testing';
import type { PartnerRoleName } from '@kainga/contracts';
import { waitForProjection, type Payments } from '@kainga/platform';
import { LOCAL_TEST_PAYMENT_METHODS, LocalStripe, signedWebhook, STRIPE_WEBHOOK_PATH, waitFor } from '@kainga/platform/testing';
import { InProcessWorkflowEngine, withRetries } from '@kainga/platform/workflow';
import { findLeadCharge, type LeadChargeDoc } from '@kainga/projections';
import { createLeadChargeActivities } from './activities';
import { LEAD_CHARGE_WORKFLOW, type LeadChargeActivities, type LeadChargeWorkflowInput } from './activity-types';
import { LEAD_CHARGES_REACTOR, leadChargesReactor } from './lead-charge-reactor';
import { leadRefundsReactor } from './lead-refunds-reactor';
import { leadChargeOrchestration } from './orchestration';
import { LEAD_CHARGE_RETRY_POLICY } from './retry-policy';

/** Plans as the start-up seed makes them: gold charges NZ$25 a lead, bronze nothing. */
export const leadChargePlans = parseAdPlansConfig(
  [
    { tier: 'gold', name: 'Gold', description: 'Top placement', monthlyPrice: 299, pricePerLead: 25, adWidth: 300, adHeight: 250, priority: 3, maxImpressions: 10000, allowedPlacements: ['sidebar_valuation'], features: [] },
    { tier: 'silver', name: 'Silver', description: 'Banner rotation', monthlyPrice: 149, pricePerLead: 15.5, adWidth: 728, adHeight: 90, priority: 2, maxImpressions: 5000, allowedPlacements: ['mortgage_calculator'], features: [] },
    { tier: 'bronze', name: 'Bronze', description: 'Entry level', monthlyPrice: 49, pricePerLead: 0, adWidth: 320, adHeight: 100, priority: 1, maxImpressions: 2000, allowedPlacements: ['property_results'], features: [] },
  ],
  'lead charge test plans',
);

/** An in-process engine running only "charge lead" over these activities, retried without waiting. */
export function leadChargeEngine(activities: LeadChargeActivities) {
  const retried = withRetries(activities, LEAD_CHARGE_RETRY_POLICY, async () => {});
  return new InProcessWorkflowEngine({ [LEAD_CHARGE_WORKFLOW]: (input: LeadChargeWorkflowInput) => leadChargeOrchestration(retried, input) });
}

export const leadChargeActivitiesOf = (deps: AppDeps, payments: Payments = paymentsOf(deps)) => createLeadChargeActivities({ eventStore: deps.stores.eventStore, readStore: deps.stores.readStore, payments });

/** The admin of the lead charge tests (ADMIN_EMAILS), who resolves disputes. */
const ADMIN_EMAIL = 'admin@charges.example.nz';

/**
 * The whole app paying through the local Stripe stand-in, with (`reactor: true`) the lead charges
 * reactor running "charge lead" on an in-process engine and the refunds reactor, as
 * ops/src/server.ts runs them.
 */
export async function startLeadChargeApp({ reactor = true, stripe: withStripe = true }: { reactor?: boolean; stripe?: boolean } = {}) {
  const stripe = await LocalStripe.start();
  let engine: InProcessWorkflowEngine | null = null;
  const reactors = (deps: AppDeps) => [
    leadChargesReactor({ engine: (engine = leadChargeEngine(leadChargeActivitiesOf(deps))) }),
    leadRefundsReactor({ eventStore: deps.stores.eventStore, payments: paymentsOf(deps) }),
  ];
  const t = await startTestApp({ ...(withStripe ? stripe.env() : {}), ADMIN_EMAILS: ADMIN_EMAIL }, {}, reactor ? { reactors } : {});
  await seedAdPlans({ stores: t.stores }, leadChargePlans);
  await waitForProjection(t.stores.readStore, 'ad_plans', await t.stores.eventStore.headPosition());
  let address = 0;
  const settled = async () => waitForProjection(t.stores.readStore, 'lead_charges', await t.stores.eventStore.headPosition());

  const deliver = (event: object) => {
    const signed = signedWebhook(event, stripe.options.webhookSecret);
    return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: signed.payload, headers: signed.headers });
  };

  /**
   * A partner in Auckland who bought `tier` through the checkout and paid with `paymentMethod`
   * (null: the saved card is then removed), its subscription active once the webhooks arrived.
   */
  async function payingPartner(email: string, { tier = 'gold', role = 'mortgage_broker', paymentMethod = LOCAL_TEST_PAYMENT_METHODS.pays }: { tier?: 'gold' | 'silver' | 'bronze'; role?: PartnerRoleName; paymentMethod?: string | null } = {}) {
    const c = client(t.app, { remoteAddress: `10.40.0.${++address}` });
    const user = await c.register(email);
    const partnerId = await makePartner(t.stores, user.id, role, ['auckland', 'wellington']);
    const res = await c.post('/api/stripe/create-checkout-session', { adPlanId: adPlanIdFor(tier), locationId: 'auckland' });
    if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
    const subscriptionId = res.json().subscriptionId as string;
    const stripeId = [...stripe.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId)!.id;
    for (const event of stripe.payLatestInvoice(stripeId, paymentMethod ?? LOCAL_TEST_PAYMENT_METHODS.pays)) await deliver(event);
    if (paymentMethod === null) stripe.setSubscriptionDefaultPaymentMethod(stripeId, null);
    await waitForProjection(t.stores.readStore, 'ad_subscriptions', await t.stores.eventStore.headPosition());
    return { client: c, partnerId, subscriptionId, stripeId };
  }

  /** The admin, signed in (once per app: the account is registered by the first call). */
  let adminClient: ReturnType<typeof client> | null = null;
  async function admin() {
    if (!adminClient) {
      adminClient = client(t.app, { remoteAddress: '10.40.1.1' });
      await registerAdmin(t, adminClient, ADMIN_EMAIL);
    }
    return adminClient;
  }

  /** A signed-in owner on an address of their own. */
  async function owner() {
    const c = client(t.app, { remoteAddress: `10.41.0.${++address}` });
    await c.register(`owner${address}@charges.example.nz`);
    return c;
  }

  /** A new owner's request to the partner (POST /api/partner-contacts): the new lead's id. */
  async function sendLead(partnerId: string, message = 'Kia ora, can you help with a loan for our first home?') {
    const res = await (await owner()).post('/api/partner-contacts', { partnerId, message });
    if (res.statusCode !== 201) throw new Error(`lead failed: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  }

  /**
   * Once the lead charges reactor has handled every lead received so far (and so run, or
   * decided not to run, each one's charge to its end), with the charges' read model caught up.
   */
  async function reacted() {
    const head = await t.stores.eventStore.headPosition({ eventTypes: ['PartnerLeadReceived'], streamPrefixes: ['partnerLead-'] });
    await waitFor(() => {
      const position = t.reactors?.statuses().find((s) => s.name === LEAD_CHARGES_REACTOR)?.position ?? null;
      return head === null || (position !== null && position >= head);
    }, 10_000);
    await settled();
  }

  /** The one-off PaymentIntents (lead charges) Stripe made for the partner. */
  const paymentIntentsOf = (partnerId: string) => stripe.oneOffPaymentIntents().filter((pi) => pi.metadata.partnerId === partnerId);

  /** The lead's charge once it is no longer pending (or once it exists, with `settledOnly: false`). */
  async function chargeOf(leadId: string, { settledOnly = true } = {}): Promise<LeadChargeDoc> {
    let doc: LeadChargeDoc | null = null;
    await waitFor(async () => {
      await settled();
      doc = await findLeadCharge(t.stores.readStore, leadId);
      return doc !== null && (!settledOnly || doc.status !== 'pending');
    }, 10_000);
    return doc!;
  }

  const history = async (leadId: string) => (await t.stores.eventStore.readStream(`leadCharge-${leadId}`)).map((e) => e.type);

  return {
    t,
    stripe,
    deliver,
    settled,
    payingPartner,
    admin,
    owner,
    sendLead,
    reacted,
    paymentIntentsOf,
    chargeOf,
    history,
    engine: () => engine,
    async close() {
      await t.close();
      await engine?.close();
      await stripe.close();
    },
  };
}

export type LeadChargeApp = Awaited<ReturnType<typeof startLeadChargeApp>>;
