import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { stripeWebhookDecider, type StripeWebhookCommand } from './stripe-webhook-rejection';

const data = { stripeEventId: 'evt_1', stripeEventType: 'invoice.paid', reason: 'data.object.period_end: Invalid input: expected number, received undefined', at: '2026-01-01T00:00:00.000Z' };
const reject: StripeWebhookCommand = { type: 'RecordStripeWebhookRejected', ...data };

describe('stripeWebhookDecider', () => {
  it('records a rejected Stripe event with its reason', () => {
    deciderSpec(stripeWebhookDecider).given([]).when(reject).then([{ type: 'StripeWebhookRejected', data }]);
  });

  it('records it once, however often Stripe delivers it', () => {
    deciderSpec(stripeWebhookDecider).given([{ type: 'StripeWebhookRejected', data }]).when(reject).thenNothingHappens();
  });
});
