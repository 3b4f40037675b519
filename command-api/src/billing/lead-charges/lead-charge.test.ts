import type { LeadChargeEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { LEAD_CHARGE_DISPUTE_WINDOW_MS, leadChargeDecider } from './lead-charge';

const at = '2026-11-23T00:00:00.000Z';
const charge = { leadId: 'lead-1', partnerId: 'p1', subscriptionId: 's1', amount: 25, currency: 'nzd', requestedAt: at };
const requested: LeadChargeEvent = { type: 'LeadChargeRequested', data: charge };
const succeeded: LeadChargeEvent = { type: 'LeadChargeSucceeded', data: { leadId: 'lead-1', partnerId: 'p1', stripePaymentIntentId: 'pi_1', chargedAt: at } };
const failed: LeadChargeEvent = { type: 'LeadChargeFailed', data: { leadId: 'lead-1', partnerId: 'p1', failureReason: 'Your card was declined.', failureCode: 'card_declined', stripePaymentIntentId: 'pi_1', failedAt: at } };
const succeed = { type: 'RecordLeadChargeSucceeded', stripePaymentIntentId: 'pi_1', at } as const;
const fail = (failureReason: string, stripePaymentIntentId: string | null = 'pi_1') => ({ type: 'RecordLeadChargeFailed', failureReason, stripePaymentIntentId, at }) as const;
const spec = deciderSpec(leadChargeDecider);

describe('lead charge decider ("charge lead")', () => {
  it('requests a charge pending, once per lead ever', () => {
    spec.given([]).when({ type: 'RequestLeadCharge', charge }).then([requested]);
    spec.given([requested]).when({ type: 'RequestLeadCharge', charge }).thenNothingHappens();
    spec.given([requested, succeeded]).when({ type: 'RequestLeadCharge', charge: { ...charge, amount: 99 } }).thenNothingHappens();
    spec.given([requested, failed]).when({ type: 'RequestLeadCharge', charge }).thenNothingHappens();
  });

  it('settles a pending charge as succeeded with its PaymentIntent', () => {
    spec.given([requested]).when(succeed).then([succeeded]);
  });

  it('settles a pending charge as failed with the reason for the partner and its kind (the Billing tab says what to do)', () => {
    spec.given([requested]).when(fail('Your card was declined.')).then([failed]);
    spec
      .given([requested])
      .when(fail('No payment method', null))
      .then([{ type: 'LeadChargeFailed', data: { leadId: 'lead-1', partnerId: 'p1', failureReason: 'No payment method', failureCode: 'no_payment_method', stripePaymentIntentId: null, failedAt: at } }]);
    spec
      .given([requested])
      .when(fail('Online payments are not configured', null))
      .then([{ type: 'LeadChargeFailed', data: { leadId: 'lead-1', partnerId: 'p1', failureReason: 'Online payments are not configured', failureCode: 'payments_not_configured', stripePaymentIntentId: null, failedAt: at } }]);
    spec
      .given([requested])
      .when(fail('Your card has insufficient funds.'))
      .then([{ type: 'LeadChargeFailed', data: { leadId: 'lead-1', partnerId: 'p1', failureReason: 'Your card has insufficient funds.', failureCode: 'card_declined', stripePaymentIntentId: 'pi_1', failedAt: at } }]);
  });

  it('keeps the first settlement: a repeated or contrary answer (a duplicate webhook, a replayed run) records nothing', () => {
    spec.given([requested, succeeded]).when(succeed).thenNothingHappens();
    spec.given([requested, succeeded]).when(fail('Your card was declined.')).thenNothingHappens();
    spec.given([requested, failed]).when(fail('Your card was declined.')).thenNothingHappens();
    spec.given([requested, failed]).when(succeed).thenNothingHappens();
  });

  it('refuses to settle a charge that was never requested', () => {
    spec.given([]).when(succeed).thenRefuses('not_found');
    spec.given([]).when(fail('Your card was declined.')).thenRefuses('not_found');
  });
});

describe('lead charge decider: disputes and refunds', () => {
  const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
  const dispute = (reason = 'The same person sent this yesterday.', partnerId = 'p1', when = later(3600_000)) => ({ type: 'DisputeLeadCharge', partnerId, reason, by: 'u1', at: when }) as const;
  const disputed: LeadChargeEvent = { type: 'LeadChargeDisputed', data: { leadId: 'lead-1', partnerId: 'p1', reason: 'The same person sent this yesterday.', disputedBy: 'u1', disputedAt: later(3600_000) } };
  const resolve = (outcome: 'refund' | 'keep', note = '') => ({ type: 'ResolveLeadChargeDispute', outcome, note, by: 'admin1', at }) as const;
  const resolved = (outcome: 'refund' | 'keep', note = ''): LeadChargeEvent => ({ type: 'LeadChargeDisputeResolved', data: { leadId: 'lead-1', partnerId: 'p1', outcome, note, resolvedBy: 'admin1', resolvedAt: at } });
  const refunded: LeadChargeEvent = { type: 'LeadChargeRefunded', data: { leadId: 'lead-1', partnerId: 'p1', stripeRefundId: 're_1', amount: 25, refundedAt: at } };
  const recordRefund = { type: 'RecordLeadChargeRefunded', stripeRefundId: 're_1', at } as const;
  const recordRefundFailed = { type: 'RecordLeadChargeRefundFailed', failureReason: 'Charge has already been refunded.', at } as const;

  it('lets the partner dispute a paid charge once, with a reason, within 30 days of it', () => {
    spec.given([requested, succeeded]).when(dispute('  The same person sent this yesterday.  ')).then([disputed]);
    spec.given([requested, succeeded]).when(dispute('   ')).thenRefuses('invalid', /^Please say why this lead was not worth paying for\.$/);
    spec.given([requested, succeeded, disputed]).when(dispute()).thenRefuses('conflict', /^This charge has already been disputed\.$/);
    spec
      .given([requested, succeeded])
      .when(dispute(undefined, 'p1', later(LEAD_CHARGE_DISPUTE_WINDOW_MS + 1)))
      .thenRefuses('invalid', /^A charge can be disputed within 30 days of it\.$/);
  });

  it('refuses a dispute of a charge not paid, and answers another partner’s charge as none at all', () => {
    spec.given([requested]).when(dispute()).thenRefuses('invalid', /^Only a paid charge can be disputed\.$/);
    spec.given([requested, failed]).when(dispute()).thenRefuses('invalid');
    spec.given([requested, succeeded]).when(dispute(undefined, 'p2')).thenRefuses('not_found', /^Lead charge not found\.$/);
    spec.given([]).when(dispute()).thenRefuses('not_found');
  });

  it('lets an admin resolve an open dispute once: refund it, or keep it with a note for the partner', () => {
    spec.given([requested, succeeded, disputed]).when(resolve('refund')).then([resolved('refund')]);
    spec.given([requested, succeeded, disputed]).when(resolve('keep', ' A real enquiry. ')).then([resolved('keep', 'A real enquiry.')]);
    spec.given([requested, succeeded, disputed]).when(resolve('keep', ' ')).thenRefuses('invalid', /^Please tell the partner why the charge stands\.$/);
    spec.given([requested, succeeded, disputed, resolved('keep', 'No.')]).when(resolve('refund')).thenRefuses('conflict', /^This dispute has already been resolved\.$/);
    spec.given([requested, succeeded]).when(resolve('refund')).thenRefuses('not_found', /^This charge has no dispute\.$/);
    spec.given([]).when(resolve('refund')).thenRefuses('not_found');
  });

  it('records Stripe’s answer to a refund once, and only for a refund that was approved', () => {
    const approved = [requested, succeeded, disputed, resolved('refund')];
    spec.given(approved).when(recordRefund).then([refunded]);
    spec.given(approved).when(recordRefundFailed).then([{ type: 'LeadChargeRefundFailed', data: { leadId: 'lead-1', partnerId: 'p1', failureReason: 'Charge has already been refunded.', failedAt: at } }]);
    spec.given([...approved, refunded]).when(recordRefund).thenNothingHappens();
    spec.given([...approved, refunded]).when(recordRefundFailed).thenNothingHappens();
    spec.given([requested, succeeded, disputed, resolved('keep', 'No.')]).when(recordRefund).thenNothingHappens();
    spec.given([requested, succeeded, disputed]).when(recordRefund).thenNothingHappens();
    spec.given([]).when(recordRefund).thenRefuses('not_found');
  });
});
