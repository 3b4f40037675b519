import type { PaymentCustomerEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { paymentCustomerDecider } from './payment-customer';

const at = '2026-11-23T00:00:00.000Z';
const record = (stripeCustomerId: string) => ({ type: 'RecordPaymentCustomer', partnerId: 'p1', userId: 'u1', stripeCustomerId, at }) as const;
const created: PaymentCustomerEvent = { type: 'PaymentCustomerCreated', data: { partnerId: 'p1', userId: 'u1', stripeCustomerId: 'cus_1', at } };
const spec = deciderSpec(paymentCustomerDecider);

describe('payment customer decider', () => {
  it('records the partner’s Stripe customer once', () => {
    spec.given([]).when(record('cus_1')).then([created]);
  });

  it('keeps the first customer: a second record (a concurrent checkout) changes nothing', () => {
    spec.given([created]).when(record('cus_1')).thenNothingHappens();
    spec.given([created]).when(record('cus_2')).thenNothingHappens();
  });
});
