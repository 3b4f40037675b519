import type { LeadChargeEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { leadChargeDecider } from './lead-charge';

const at = '2026-11-23T00:00:00.000Z';
const charge = { leadId: 'lead-1', partnerId: 'p1', subscriptionId: 's1', amount: 25, currency: 'nzd', requestedAt: at };
const requested: LeadChargeEvent = { type: 'LeadChargeRequested', data: charge };
const succeeded: LeadChargeEvent = { type: 'LeadChargeSucceeded', data: { leadId: 'lead-1', partnerId: 'p1', stripePaymentIntentId: 'pi_1', chargedAt: at } };
const failed: LeadChargeEvent = { type: 'LeadChargeFailed', data: { leadId: 'lead-1', partnerId: 'p1', failureReason: 'Your card was declined.', stripePaymentIntentId: 'pi_1', failedAt: at } };
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

  it('settles a pending charge as failed with the reason for the partner', () => {
    spec.given([requested]).when(fail('Your card was declined.')).then([failed]);
    spec
      .given([requested])
      .when(fail('No payment method', null))
      .then([{ type: 'LeadChargeFailed', data: { leadId: 'lead-1', partnerId: 'p1', failureReason: 'No payment method', stripePaymentIntentId: null, failedAt: at } }]);
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
