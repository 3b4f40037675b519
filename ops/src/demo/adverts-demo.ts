import type { AdTier, EventMetadata, User } from '@kainga/contracts';
import { AdContentRequest } from '@kainga/contracts';
import { adPlanDecider, adPlanIdFor, adPlanStream, allocateAdPlan, loadUser, onAdContent, submitAdContent, type AppDeps } from '@kainga/command-api';
import { handleCommand, loadAggregate, waitForProjection, type EventStore } from '@kainga/platform';
import { allPartners } from '@kainga/projections';
import { demoSeedDecider, type DemoSeedCommand } from './demo-seed-marker';
import { demoPartners } from './partners-demo';

/**
 * The adverts' part of the demo seed has its own marker, as the marketplace's has: a data dir
 * seeded before advertising existed gets the adverts (once) at its next start, and a start
 * killed part way through them finishes them.
 */
export const DEMO_ADVERTS_STREAM = 'demoSeed-adverts';

/** One demo partner's subscription in one town and the advert it shows there. */
interface DemoAdvert {
  /** The demo partner's account (partners-demo.ts). */
  partner: string;
  tier: AdTier;
  location: string;
  title: string;
  description: string;
  /** null: the form's default, 'Learn More'. */
  ctaText: string | null;
  /** The path of its CTA on example.com (RFC 2606: reserved, so a click reaches no real business). */
  ctaPath: string;
}

const a = (partner: string, tier: AdTier, location: string, title: string, description: string, ctaText: string | null, ctaPath: string): DemoAdvert => ({
  partner: `${partner}@demo.kainga.nz`,
  tier,
  location,
  title,
  description,
  ctaText,
  ctaPath,
});

/**
 * Adverts where the demo partners work (partners-demo.ts): a gold registered valuer in every town
 * with a demo valuer (the valuation sidebar), brokers in the mortgage calculator and property
 * managers in the rental calculator of Auckland, Wellington and Christchurch as far as the demo
 * partners serve them, and silver and bronze on property results. Christchurch has no demo valuer
 * and Wellington no demo property manager, so those two places stay empty there.
 */
export const demoAdverts: readonly DemoAdvert[] = [
  a('valuer', 'gold', 'auckland', 'Bank-accepted registered valuations in Auckland', 'Buying, refinancing or settling an estate? Our registered valuers inspect within days and deliver a bank-accepted report within five working days, every figure explained.', 'Book a valuation', 'tamaki-valuations/auckland'),
  a('valuer', 'gold', 'wellington', 'Registered valuers for Wellington homes', 'From Karori villas to Johnsonville townhouses: independent valuations for lending, sale, insurance and family matters, with an inspection this week.', 'Get a quote', 'tamaki-valuations/wellington'),
  a('valuer2', 'gold', 'hamilton', 'Hamilton valuations, inspected this week', 'Waikato & Bay Valuers have valued homes across Hamilton for over twenty years. Bank-accepted reports for lending, sale and insurance rebuild.', 'Book an inspection', 'waikato-bay-valuers/hamilton'),
  a('valuer3', 'gold', 'dunedin', 'Independent valuations in Dunedin', 'Southern Valuation Partners value homes from Mosgiel to the Peninsula: registered valuers, plain-English reports and a fixed fee agreed before the inspection.', 'Request a valuation', 'southern-valuation/dunedin'),
  a('broker', 'gold', 'auckland', 'Compare Auckland home loans in one conversation', 'Harbour Mortgage Co compares the main banks and non-bank lenders for you: first homes, refinancing and investment property, explained in plain words.', 'Talk to a broker', 'harbour-mortgage/auckland'),
  a('broker3', 'gold', 'christchurch', 'First home in Christchurch? Start with your deposit', 'Ōtautahi Mortgage Advice shows you what you can borrow, which KiwiSaver and First Home options apply, and stays with you until settlement.', 'Check what I can borrow', 'otautahi-mortgage/christchurch'),
  a('manager', 'silver', 'auckland', 'Auckland property management from 8% + GST', 'Kauri Property Management checks tenants carefully, pays your rent weekly and keeps your rental Healthy Homes compliant.', 'Get a rental appraisal', 'kauri-property/auckland'),
  a('broker2', 'silver', 'wellington', 'Refixing soon? Wellington mortgage advice', 'Capital Home Loans reviews your rates before your fixed term ends and negotiates with your bank, or a better one.', 'Book a rate review', 'capital-home-loans/wellington'),
  a('manager3', 'silver', 'christchurch', 'Christchurch rentals managed end to end', 'Garden City Property Managers look after your rental from the first viewing to the final inspection: tenant checks, weekly rent and Healthy Homes.', 'Free rental appraisal', 'garden-city-property/christchurch'),
  a('manager2', 'silver', 'tauranga', 'Tauranga and Mount Maunganui rentals', 'Bay Rentals & Management find good tenants quickly and keep your property compliant with regular inspections and clear monthly statements.', 'Talk to a property manager', 'bay-rentals/tauranga'),
  a('broker', 'bronze', 'hamilton', 'Hamilton home loans, compared for you', 'Pre-approval, refinancing and top-ups from the main banks and non-bank lenders, with a broker who knows the Waikato.', null, 'harbour-mortgage/hamilton'),
  a('valuer2', 'bronze', 'tauranga', 'Registered valuations in Tauranga', 'Bank-accepted reports within five working days of the inspection, from valuers who know the Bay of Plenty.', 'Get a quote', 'waikato-bay-valuers/tauranga'),
];

export interface DemoAdvertCounts {
  /** Subscriptions allocated and adverts approved, per tier. */
  adverts: Record<AdTier, number>;
  /** Adverts left out because their tier's plan is missing or inactive (a plans file without it). */
  skipped: number;
}

export interface DemoAdvertsInput {
  now: Date;
  /** The demo accounts by email (the demo admin allocates and approves). */
  ids: Readonly<Record<string, string>>;
  onProgress?: (phase: string, done: number, total: number) => void;
}

/** The adverts marker's state. */
export async function demoAdvertsState(eventStore: EventStore) {
  return (await loadAggregate(eventStore, demoSeedDecider, DEMO_ADVERTS_STREAM)).state;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The advertising demo: the demo admin allocates plans to demo partners in their towns, each
 * partner submits an advert for it and the admin approves it — through the commands the routes
 * run, all flagged demo. It runs after the partners (partners-demo.ts) and after the start-up
 * has seeded the plans.
 *
 * Every step is keyed `demo-seed:adverts:…` (subscription and advert ids derive from the keys),
 * so a run interrupted part way appends nothing twice when it runs again, and the first run's
 * "today" is kept in its marker.
 */
export async function seedDemoAdverts(deps: AppDeps, input: DemoAdvertsInput): Promise<DemoAdvertCounts> {
  const { eventStore, readStore } = deps.stores;
  const meta = (at: Date, actor: User | null): EventMetadata => ({ actorId: actor?.id ?? null, actorRoles: actor?.roles ?? [], correlationId: 'demo-seed', causationId: null, occurredAt: at.toISOString() });
  const mark = (command: DemoSeedCommand) => handleCommand(eventStore, demoSeedDecider, DEMO_ADVERTS_STREAM, command, { idempotencyKey: `demo-seed:adverts:${command.type}`, metadata: meta(new Date(command.at), null) });
  const key = (step: string) => `demo-seed:adverts:${step}`;

  const started = await mark({ type: 'StartDemoSeed', now: input.now.toISOString(), at: new Date().toISOString() });
  const now = new Date(started.state.status === 'none' ? input.now : started.state.now).getTime();
  const ago = (days: number, hours = 0) => new Date(now - days * DAY + hours * HOUR);

  const user = async (userId: string) => {
    const found = await loadUser(deps, userId);
    if (!found) throw new Error(`demo account ${userId} is missing`);
    return found;
  };
  const admin = await user(input.ids['admin@demo.kainga.nz']!);

  // Allocation reads the partners, their towns and their users' roles from the read models.
  await waitForProjection(readStore, 'users', await eventStore.headPosition({ streamPrefixes: ['user-'] }), 120_000);
  await waitForProjection(readStore, 'partners', await eventStore.headPosition({ streamPrefixes: ['partner-'] }), 120_000);
  const partners = await allPartners(readStore);
  const partnerOf = (email: string) => {
    const role = demoPartners.find((d) => d.email === email)?.role;
    const found = partners.find((p) => p.demo && p.contactEmail === email && p.role === role);
    if (!found) throw new Error(`demo partner ${email} is missing`);
    return found;
  };

  // Only tiers whose plan exists and takes subscribers: AD_PLANS_FILE may name fewer tiers.
  const open = new Set<AdTier>();
  for (const tier of new Set(demoAdverts.map((d) => d.tier))) {
    const plan = (await loadAggregate(eventStore, adPlanDecider, adPlanStream(tier))).state;
    if (plan.status === 'created' && plan.isActive) open.add(tier);
  }

  const counts: DemoAdvertCounts = { adverts: { gold: 0, silver: 0, bronze: 0 }, skipped: 0 };
  for (const [i, advert] of demoAdverts.entries()) {
    if (!open.has(advert.tier)) {
      counts.skipped++;
      input.onProgress?.('adverts', i + 1, demoAdverts.length);
      continue;
    }
    const partner = partnerOf(advert.partner);
    const step = `${advert.partner}:${advert.tier}:${advert.location}`;
    const allocatedAt = ago(30 - i, 1);
    const subscription = await allocateAdPlan(deps, { partnerId: partner._id, adPlanId: adPlanIdFor(advert.tier), locationId: advert.location }, admin.id, { idempotencyKey: key(`allocate:${step}`), metadata: meta(allocatedAt, admin) }, { demo: true });

    // The partner's form, validated by the route's own schema.
    const body = AdContentRequest.parse({ subscriptionId: subscription.id, title: advert.title, description: advert.description, ctaText: advert.ctaText, ctaUrl: `https://example.com/kainga-demo/${advert.ctaPath}`, imageUrl: null, targetRoles: [partner.role] });
    const me = await user(partner.userId);
    const submittedAt = ago(30 - i, 5);
    const record = await submitAdContent(
      deps,
      {
        partnerId: partner._id,
        subscription: { subscriptionId: subscription.id, status: subscription.status },
        content: { title: body.title, description: body.description, imageUrl: body.imageUrl, ctaText: body.ctaText, ctaUrl: body.ctaUrl, targetRoles: body.targetRoles },
        by: me.id,
        demo: true,
      },
      { idempotencyKey: key(`advert:${step}`), keyed: true, metadata: meta(submittedAt, me) },
    );
    const approvedAt = ago(30 - i, 22);
    await onAdContent(deps, record._id, { type: 'ApproveAdContent', by: admin.id, at: approvedAt.toISOString() }, { idempotencyKey: key(`approve:${step}`), metadata: meta(approvedAt, admin) });
    counts.adverts[advert.tier]++;
    input.onProgress?.('adverts', i + 1, demoAdverts.length);
  }

  await mark({ type: 'CompleteDemoSeed', counts: { accounts: 0, sales: 0, properties: 0, valuations: 0 }, at: new Date().toISOString() });
  return counts;
}

