import type { AdSubscriptionEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { adSubscriptionDecider } from './ad-subscription';

const at = '2026-11-23T00:00:00.000Z';
const subscription = {
  subscriptionId: 's1',
  partnerId: 'p1',
  partnerUserId: 'u1',
  partnerRole: 'registered_valuer' as const,
  adPlanId: 'plan-gold',
  tier: 'gold' as const,
  locationId: 'auckland',
  startDate: at,
  autoRenew: true,
  source: { via: 'admin' as const, by: 'admin1' },
  demo: false,
};
const started: AdSubscriptionEvent = { type: 'AdSubscriptionStarted', data: subscription };
const data = { subscriptionId: 's1', by: 'admin1', at };
const paused: AdSubscriptionEvent = { type: 'AdSubscriptionPaused', data };
const resumed: AdSubscriptionEvent = { type: 'AdSubscriptionResumed', data };
const expired: AdSubscriptionEvent = { type: 'AdSubscriptionExpired', data };
const status = (s: 'active' | 'paused' | 'expired') => ({ type: 'ChangeAdSubscriptionStatus', status: s, by: 'admin1', at }) as const;
const spec = deciderSpec(adSubscriptionDecider);

describe('ad subscription decider', () => {
  it('starts a subscription (active) once', () => {
    spec.given([]).when({ type: 'StartAdSubscription', subscription }).then([started]);
    spec.given([started]).when({ type: 'StartAdSubscription', subscription }).thenRefuses('conflict');
  });

  it('pauses an active subscription and activates a paused one', () => {
    spec.given([started]).when(status('paused')).then([paused]);
    spec.given([started, paused]).when(status('active')).then([resumed]);
  });

  it('expires from active and from paused', () => {
    spec.given([started]).when(status('expired')).then([expired]);
    spec.given([started, paused]).when(status('expired')).then([expired]);
  });

  it('records nothing when the status asked for is the one it has (expired included)', () => {
    spec.given([started]).when(status('active')).thenNothingHappens();
    spec.given([started, paused]).when(status('paused')).thenNothingHappens();
    spec.given([started, expired]).when(status('expired')).thenNothingHappens();
  });

  it('never brings an expired subscription back', () => {
    spec.given([started, expired]).when(status('active')).thenRefuses('conflict');
    spec.given([started, paused, expired]).when(status('paused')).thenRefuses('conflict');
  });

  it('refuses to change a subscription that does not exist', () => spec.given([]).when(status('paused')).thenRefuses('not_found'));
});
