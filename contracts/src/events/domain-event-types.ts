import { AccountInvitationEvent, AdminEmailEvent, EmailReservationEvent, UserEvent } from './accounts';
import { AdPlanRequestEvent } from './ad-plan-requests';
import { AdSlotEvent } from './ad-slots';
import { AdActivityEvent, AdContentEvent, AdPlanEvent, AdSubscriptionEvent } from './advertising';
import { AdTrafficEvent } from './ad-traffic';
import { AuditViewEvent } from './audit';
import { PaymentCustomerEvent, StripeWebhookEvent } from './billing';
import { CouponEvent } from './coupons';
import { DemoSeedEvent } from './demo-seed';
import { ErasureEvent, VisitorErasureEvent } from './erasure';
import { LeadChargeAllowanceEvent, LeadChargeEvent } from './lead-charges';
import { PartnerApplicationEvent } from './partner-applications';
import { LeadWindowEvent, PartnerLeadEvent } from './partner-leads';
import { PartnerEvent } from './partners';
import { PersonalDataEvent } from './personal-data';
import { PropertyEvent } from './properties';
import { SaleEvent } from './sales';
import { ValuationEvent } from './valuations';

/** Every event union of the domain (ops/src/architecture/domain-event-types.test.ts checks none is missing). */
export const domainEventUnions = [
  UserEvent,
  ErasureEvent,
  VisitorErasureEvent,
  AdminEmailEvent,
  EmailReservationEvent,
  AccountInvitationEvent,
  DemoSeedEvent,
  ValuationEvent,
  PartnerApplicationEvent,
  SaleEvent,
  PropertyEvent,
  AdPlanEvent,
  AdSubscriptionEvent,
  AdSlotEvent,
  AdPlanRequestEvent,
  AdContentEvent,
  AdActivityEvent,
  AdTrafficEvent,
  PartnerEvent,
  PaymentCustomerEvent,
  StripeWebhookEvent,
  AuditViewEvent,
  LeadChargeEvent,
  LeadChargeAllowanceEvent,
  CouponEvent,
  PartnerLeadEvent,
  LeadWindowEvent,
  PersonalDataEvent,
] as const;

/**
 * The type of every event the domain writes, from its zod unions. A read model that wants "every
 * event but…" (the audit history) subscribes to this list, not to the whole log: a filter that
 * names types lets the store read by type, so the advert impressions (thousands a second) and
 * anything that is not a domain event (a benchmark's synthetic stream) are never read at all.
 */
export const domainEventTypes: readonly string[] = [...new Set(domainEventUnions.flatMap((union) => union.options.map((option) => option.shape.type.value)))];
