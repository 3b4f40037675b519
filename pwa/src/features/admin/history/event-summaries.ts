/**
 * One readable line per event of the history (issue 12): what happened, in words, then who did
 * it ("Application approved by Jane Admin (jane@example.nz)"). A function per known event type;
 * any other type reads as its name in words ("SomethingHappened" → "Something happened").
 *
 * Events are facts written over the product's life, so each function reads its data warily
 * (every field may be missing in an older event) and never throws. Personal data stays out of
 * the line (no contact details, messages or hashes): it is one click away in the raw JSON.
 */
import type {
  AccountInvitationEvent,
  AdContentEvent,
  AdminEmailEvent,
  AdPlanEvent,
  AdPlanRequestEvent,
  AdSlotEvent,
  AdSubscriptionEvent,
  AdTrafficEvent,
  AuditActor,
  AuditEventView,
  AuditViewedFilters,
  AuditViewEvent,
  CouponEvent,
  DemoSeedEvent,
  EmailReservationEvent,
  LeadChargeAllowanceEvent,
  LeadChargeEvent,
  LeadWindowEvent,
  PartnerApplicationEvent,
  PartnerEvent,
  PartnerLeadEvent,
  PaymentCustomerEvent,
  PersonalDataEvent,
  ErasureEvent,
  VisitorErasureEvent,
  PropertyEvent,
  RoleName,
  SaleEvent,
  StripeWebhookEvent,
  UserEvent,
  ValuationEvent,
} from '@kainga/contracts';
import { adTierLabels, locationById, roleLabels, serviceTypeLabels, type AdTier, type ServiceTypeName } from '@kainga/contracts/browser';
import { formatDateTimeNZ } from '../../../format/format';

type KnownEvent =
  | UserEvent
  | AdminEmailEvent
  | EmailReservationEvent
  | AccountInvitationEvent
  | PartnerApplicationEvent
  | PartnerEvent
  | PartnerLeadEvent
  | LeadChargeEvent
  | LeadChargeAllowanceEvent
  | LeadWindowEvent
  | PropertyEvent
  | SaleEvent
  | ValuationEvent
  | AdPlanEvent
  | AdPlanRequestEvent
  | AdSubscriptionEvent
  | AdSlotEvent
  | AdTrafficEvent
  | AdContentEvent
  | PaymentCustomerEvent
  | StripeWebhookEvent
  | CouponEvent
  | DemoSeedEvent
  | AuditViewEvent
  | PersonalDataEvent
  | ErasureEvent
  | VisitorErasureEvent;
export type KnownEventType = KnownEvent['type'];
/** An event's data as an old or partial event may hold it: every field possibly missing. */
type DataOf<T extends KnownEventType> = Partial<Extract<KnownEvent, { type: T }>['data']>;

/** The longest quoted free text (a reason, a title) a line carries. */
const QUOTE_MAX = 80;
const quote = (s: string | null | undefined) => {
  const t = (s ?? '').trim().replace(/\s+/g, ' ');
  return t.length > QUOTE_MAX ? `“${t.slice(0, QUOTE_MAX - 1)}…”` : `“${t}”`;
};
const role = (r: string | undefined) => (r && r in roleLabels ? roleLabels[r as RoleName] : (r ?? 'a partner role'));
const tier = (t: string | undefined) => (t && t in adTierLabels ? adTierLabels[t as AdTier] : (t ?? 'an'));
const city = (id: string | undefined) => (id ? (locationById(id)?.cityName ?? id) : 'a location');
const cities = (ids: readonly string[] | undefined) => (ids && ids.length > 0 ? ids.map(city).join(', ') : 'no location');
const nzd = (n: number | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 0 }) : 'an amount';
/** Stripe amounts are in the currency's smallest unit (cents). */
const cents = (amount: number | undefined, currency: string | undefined) =>
  typeof amount === 'number' && Number.isFinite(amount)
    ? (amount / 100).toLocaleString('en-NZ', { style: 'currency', currency: (currency || 'nzd').toUpperCase(), minimumFractionDigits: 2 })
    : 'an amount';
const count = (n: number | undefined, one: string, many: string) => `${typeof n === 'number' ? n.toLocaleString('en-NZ') : 'some'} ${n === 1 ? one : many}`;
const coupon = (code: string | undefined) => (code ? `Coupon ${code}` : 'Coupon');
/** The filters a recorded view of the history had: " filtered by type A, B; stream user-1". */
function viewedFilters(f: Partial<AuditViewedFilters> | undefined): string {
  if (!f || typeof f !== 'object') return '';
  const parts = [
    f.stream && `stream ${f.stream}`,
    Array.isArray(f.type) && f.type.length > 0 && `type ${f.type.join(', ')}`,
    f.actor && `actor ${f.actor}`,
    f.correlationId && `correlation ${f.correlationId}`,
    f.from && `from ${f.from}`,
    f.to && `to ${f.to}`,
  ].filter(Boolean);
  return parts.length > 0 ? ` filtered by ${parts.join('; ')}` : '';
}
const because = (reason: string | null | undefined) => (reason?.trim() ? `: ${quote(reason)}` : '');

const providerWords: Record<string, string> = {
  password: 'with an email and password',
  google: 'with Google',
  github: 'with GitHub',
  invitation: 'with an invitation to set a password',
};
const verifiedWords: Record<string, string> = { link: 'the mailed link', google: 'Google', github: 'GitHub' };
const slotReleaseWords: Record<string, string> = {
  expired: 'its subscription expired',
  failed: 'its checkout did not go through',
  abandoned: 'its subscription never started',
};
const leadOriginWords: Record<string, string> = {
  contact: 'contact form',
  service_request: 'service request',
  partner_dialog: "partner's contact dialog",
};

/** The "what happened" of every known event type (the actor is added by {@link summarizeEvent}). */
const summaries: { [T in KnownEventType]: (d: DataOf<T>) => string } = {
  // Accounts
  UserRegistered: (d) => ['Account registered', providerWords[d.provider ?? '']].filter(Boolean).join(' '),
  UserProfileChanged: () => 'Profile changed',
  UserRolesChanged: (d) => `Roles changed to ${(d.roles ?? []).map(role).join(', ') || 'none'}`,
  AdminEmailLinkSent: () => 'Admin verification link sent',
  AdminEmailVerified: (d) => `Admin email verified through ${verifiedWords[d.via ?? ''] ?? 'a provider'}`,
  EmailReserved: () => 'Email address reserved for an account',
  EmailReleased: () => 'Email address released',
  AccountInvitationSent: () => 'Invitation to set a password sent',
  AccountInvitationAccepted: () => 'Invitation accepted; password set',
  // Partner applications and partners
  PartnerApplicationSubmitted: (d) => `Application submitted: ${d.businessName ?? 'a business'} as ${role(d.requestedRoleId)} in ${cities(d.requestedLocationIds)}`,
  PartnerApplicationApproved: () => 'Application approved',
  PartnerApplicationRejected: (d) => `Application rejected${because(d.reason)}`,
  PartnerEnrolled: (d) =>
    `Partner enrolled: ${d.profile?.businessName ?? 'a business'} as ${role(d.role)}${d.source?.via === 'admin' ? ' (added directly)' : d.source?.via === 'application' ? ' (from an application)' : ''}`,
  PartnerLocationApproved: (d) => `Location approved: ${city(d.locationId)}`,
  PartnerProfileUpdated: (d) => `Partner profile updated${d.profile?.businessName ? ` (${d.profile.businessName})` : ''}`,
  // Leads and their charges
  PartnerLeadReceived: (d) =>
    `Lead received${d.serviceType && d.serviceType in serviceTypeLabels ? ` (${serviceTypeLabels[d.serviceType as ServiceTypeName]})` : ''} through the ${leadOriginWords[d.origin ?? ''] ?? 'site'}`,
  PartnerLeadRead: () => 'Lead read',
  PartnerLeadResponded: () => 'Lead responded to',
  LeadChargeRequested: (d) => `Lead charge requested: ${nzd(d.amount)}`,
  LeadChargeSucceeded: () => 'Lead charge paid',
  LeadChargeFailed: (d) => `Lead charge failed${because(d.failureReason)}`,
  LeadChargeDisputed: () => 'Lead charge disputed by the partner',
  LeadChargeDisputeResolved: (d) => (d.outcome === 'refund' ? 'Lead charge dispute resolved: refund' : 'Lead charge dispute resolved: charge kept'),
  LeadChargeRefunded: (d) => `Lead charge refunded: ${nzd(d.amount)}`,
  LeadChargeRefundFailed: (d) => `Lead charge refund failed${because(d.failureReason)}`,
  LeadChargeAdmitted: (d) => `Lead admitted to the partner’s charges${d.day ? ` of ${d.day}` : ''}`,
  LeadWindowOpened: () => 'Lead window opened: a new lead from this sender',
  LeadRepeatRecorded: () => 'Repeat of an earlier lead recorded (not charged)',
  // Properties, sales and valuations
  PropertyRegistered: (d) => `Property registered: ${[d.address, d.suburb, d.city].filter(Boolean).join(', ') || 'an address'}`,
  PropertyDetailsChanged: () => 'Property details changed',
  PropertyLocated: (d) => `Property placed on the map (${d.precision ?? 'unknown'} precision)`,
  PropertyHiddenFromPublic: () => 'Property hidden from the public map and directory',
  PropertyShownInPublic: () => 'Property shown on the public map and directory again',
  SaleRecorded: (d) => `Sale recorded: ${[d.address, d.suburb].filter(Boolean).join(', ') || 'a property'} for ${nzd(d.price)}${d.saleDate ? ` on ${d.saleDate}` : ''}`,
  ValuationRequested: (d) => `Valuation requested${d.purpose ? ` (${d.purpose})` : ''}`,
  ComparablesResearched: (d) => `Comparables researched: ${count(d.comparables?.length, 'sale', 'sales')} found`,
  ValuationCompleted: (d) =>
    `Valuation completed: ${nzd(d.estimatedValue)}${typeof d.confidence === 'number' ? `, ${Math.round(d.confidence)}% confidence` : ''}${d.engine ? ` (${d.engine === 'openai' ? 'AI' : 'local model'})` : ''}`,
  ValuationFailed: (d) => `Valuation failed${because(d.reason)}`,
  ValuationReportGenerated: () => 'Valuation report generated',
  ValuationSaved: () => 'Valuation saved',
  // Advertising
  AdPlanCreated: (d) => `${tier(d.tier)} plan created: ${d.plan?.name ?? 'a plan'} at ${nzd(d.plan?.monthlyPrice)} a month`,
  AdPlanRevised: (d) => `${tier(d.tier)} plan revised: ${d.plan?.name ?? 'a plan'} at ${nzd(d.plan?.monthlyPrice)} a month`,
  AdPlanDeactivated: (d) => `${tier(d.tier)} plan deactivated`,
  AdPlanReactivated: (d) => `${tier(d.tier)} plan reactivated`,
  AdPlanAllocationRequested: (d) => `Plan allocation requested by the partner in ${city(d.locationId)}`,
  AdSubscriptionStarted: (d) =>
    `Subscription started: ${tier(d.tier)} plan in ${city(d.locationId)}${d.source?.via === 'admin' ? ', allocated by an admin' : d.source?.via === 'checkout' ? ', through checkout' : ''}`,
  AdSubscriptionPaused: (d) => `Subscription paused${because(d.reason)}`,
  AdSubscriptionResumed: () => 'Subscription activated again',
  AdSubscriptionExpired: (d) => `Subscription expired${because(d.reason)}`,
  AdSubscriptionActivated: (d) => `Subscription activated: first payment of ${cents(d.amountPaid, d.currency)} received`,
  AdSubscriptionRenewed: (d) => `Subscription renewed: ${cents(d.amountPaid, d.currency)} paid`,
  AdSubscriptionPaymentFailed: (d) => `Payment failed${typeof d.attemptCount === 'number' ? ` (attempt ${d.attemptCount})` : ''}${because(d.message)}`,
  AdSubscriptionBillingUpdated: (d) => `Stripe reports the subscription ${d.stripeStatus ?? 'changed'}${d.cancelAtPeriodEnd ? ', ending at the period’s end' : ''}`,
  AdSubscriptionPaymentRetried: (d) => `Payment retried (attempt ${d.attempt ?? '?'}): ${d.outcome === 'paid' ? 'paid' : `failed${because(d.message)}`}`,
  AdSlotClaimed: (d) => `${tier(d.tier)} place in ${city(d.locationId)} held for ${d.via === 'admin' ? 'an allocation' : d.via === 'checkout' ? 'a checkout' : 'a subscription'}`,
  AdSlotReleased: (d) => `${tier(d.tier)} place in ${city(d.locationId)} given up${d.reason && slotReleaseWords[d.reason] ? `: ${slotReleaseWords[d.reason]}` : ''}`,
  AdTrafficFiltered: (d) =>
    `Invalid ad traffic filtered${d.reason ? ` (${d.reason.replace(/_/g, ' ')})` : ''}: ${count(d.impressions, 'impression', 'impressions')}, ${count(d.clicks, 'click', 'clicks')}`,
  AdImpressionsReserved: (d) => `${count(d.count, 'impression', 'impressions')} of ${typeof d.month === 'string' ? d.month : 'the month'} reserved under the cap of ${count(d.cap, 'impression', 'impressions')}`,
  AdImpressionsReturned: (d) => `${count(d.count, 'unused impression', 'unused impressions')} of ${typeof d.month === 'string' ? d.month : 'the month'} given back`,
  AdContentSubmitted: (d) => `Advert submitted for approval: ${quote(d.content?.title)}`,
  AdContentRevised: (d) => `Advert revised: ${quote(d.content?.title)}`,
  AdContentApproved: () => 'Advert approved',
  AdContentRejected: (d) => `Advert rejected${because(d.reason)}`,
  AdContentPaused: () => 'Advert paused',
  AdContentResumed: () => 'Advert resumed',
  PaymentCustomerCreated: () => 'Stripe customer created',
  StripeWebhookRejected: (d) => `Stripe event${d.stripeEventId ? ` ${d.stripeEventId}` : ''}${d.stripeEventType ? ` (${d.stripeEventType})` : ''} acknowledged but not read${because(d.reason)}`,
  CouponCreated: (d) => `${coupon(d.terms?.code)} created${d.isActive === false ? ' (inactive)' : ''}`,
  CouponDeactivated: (d) => `${coupon(d.code)} deactivated`,
  CouponReactivated: (d) => `${coupon(d.code)} reactivated`,
  CouponRedeemed: (d) => `${coupon(d.code)} redeemed${typeof d.redemptionCount === 'number' ? ` (use ${d.redemptionCount})` : ''}`,
  CouponRedemptionReleased: (d) => `${coupon(d.code)} use given back${because(d.reason)}`,
  // The history itself: who looked at what (recorded by the audit routes, visible to admins).
  AuditHistoryViewed: (d) =>
    d.viewed?.kind === 'stream'
      ? `Viewed the timeline of ${d.viewed.stream ?? 'a stream'}`
      : d.viewed?.kind === 'export'
        ? `Exported the event history${d.viewed.format ? ` as ${d.viewed.format.toUpperCase()}` : ''}${viewedFilters(d.viewed.filters)}`
        : `Viewed the event history${viewedFilters(d.viewed?.filters)}`,
  // Copies of a person's data (issue 50): the person's own download, or an admin's on their request.
  PersonErased: (d) => (d.requestedBy === 'admin' ? `Person erased by an admin on request${because(d.reason)}` : 'Account deleted by its owner; their personal information erased'),
  VisitorErased: (d) => `Signed-out visitor erased by an admin on request: ${count(d.sentLeadIds?.length, 'request', 'requests')} to partners${because(d.reason)}`,
  PersonalDataExported: (d) => (d.reason?.trim() ? `Personal data exported on request${because(d.reason)}` : 'Personal data downloaded by its owner'),
  // Operations
  DemoSeedStarted: () => 'Demo data seeding started',
  DemoSeedCompleted: (d) => `Demo data seeded: ${count(d.accounts, 'account', 'accounts')}, ${count(d.properties, 'property', 'properties')}, ${count(d.valuations, 'valuation', 'valuations')}`,
};

/** The event types with a line of their own (the filter bar offers them). */
export const knownEventTypes = Object.keys(summaries) as KnownEventType[];

const record = (data: unknown): Record<string, unknown> => (data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {});

/** "PartnerLeadReceived" → "Partner lead received". */
export function humanizeEventType(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/);
  if (words.length === 0 || !words[0]) return 'Event';
  return [words[0].charAt(0).toUpperCase() + words[0].slice(1), ...words.slice(1).map((w) => (w === w.toUpperCase() && w.length > 1 ? w : w.toLowerCase()))].join(' ');
}

/** Who did it: "Jane Admin (jane@example.nz)", or as much of it as is known; null for the service itself. */
export function actorLabel(actor: AuditActor | null | undefined): string | null {
  if (!actor) return null;
  const name = actor.name?.trim();
  const email = actor.email?.trim();
  if (name && email) return `${name} (${email})`;
  return name || email || `user ${actor.id}`;
}

/** What happened, without who: the event type's own words or, for an unknown type, its name in words. */
export function describeEvent(event: Pick<AuditEventView, 'type' | 'data'>): string {
  const summarize = (summaries as Record<string, ((d: unknown) => string) | undefined>)[event.type];
  if (summarize) {
    try {
      return summarize(record(event.data));
    } catch {
      // A shape no version of the type ever had: the type's name still says what happened.
    }
  }
  return humanizeEventType(event.type);
}

/** The event's line: what happened and, when a person did it, by whom. */
export function summarizeEvent(event: Pick<AuditEventView, 'type' | 'data' | 'actor'>): string {
  const who = actorLabel(event.actor);
  const what = describeEvent(event);
  return who ? `${what} by ${who}` : what;
}

/** When the log recorded it, to the second, on New Zealand's clock as the whole app ("26 Nov 2026, 12:02:07 pm"). */
export const formatEventTime = (iso: string | null | undefined): string => formatDateTimeNZ(iso, { seconds: true });
