import type { AdPlanRequestEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { adPlanRequestDecider } from './ad-plan-request';

const at = '2026-11-23T00:00:00.000Z';
const ask = { type: 'RequestAdPlanAllocation', partnerId: 'p1', adPlanId: 'plan-gold', locationId: 'nelson', message: '  Could we start next month?  ', by: 'u1', at } as const;
const requested: AdPlanRequestEvent = { type: 'AdPlanAllocationRequested', data: { partnerId: 'p1', adPlanId: 'plan-gold', locationId: 'nelson', message: 'Could we start next month?', requestedBy: 'u1', requestedAt: at } };
const spec = deciderSpec(adPlanRequestDecider);

describe('a partner’s request for a plan allocation', () => {
  it('is recorded once, with the partner’s words trimmed', () => {
    spec.given([]).when(ask).then([requested]);
  });
  it('asked again while it waits, records nothing (no second note to the admins)', () => {
    spec.given([requested]).when({ ...ask, message: 'Again', at: '2026-11-24T00:00:00.000Z' }).thenNothingHappens();
  });
});
