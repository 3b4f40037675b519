import type { AdSubscriptionEvent, AdSubscriptionStarted, AdSubscriptionStatus } from '@kainga/contracts';
import { conflict, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';
import type { z } from 'zod';

export const adSubscriptionStream = (subscriptionId: string) => `adSubscription-${subscriptionId}`;

export const AD_SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
export const AD_SUBSCRIPTION_EXPIRED = 'This subscription has expired and cannot be changed.';

type Started = z.infer<typeof AdSubscriptionStarted>['data'];

export type AdSubscriptionState = { status: 'none' } | { status: AdSubscriptionStatus; subscriptionId: string };

export type AdSubscriptionCommand =
  /** Admin allocation now; billing's paid checkout later starts one the same way, with its own source. */
  | { type: 'StartAdSubscription'; subscription: Started }
  /**
   * The admin's PATCH {status}: active ↔ paused, anything → expired, expired is final. Asking for
   * the status it already has records nothing (a repeated click or retry is not an error).
   */
  | { type: 'ChangeAdSubscriptionStatus'; status: AdSubscriptionStatus; by: string; at: string };

export const adSubscriptionDecider: Decider<AdSubscriptionState, AdSubscriptionCommand, AdSubscriptionEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'AdSubscriptionStarted' }, ({ data }): AdSubscriptionState => ({ status: 'active', subscriptionId: data.subscriptionId }))
      .with({ type: 'AdSubscriptionPaused' }, (): AdSubscriptionState => (state.status === 'none' ? state : { ...state, status: 'paused' }))
      .with({ type: 'AdSubscriptionResumed' }, (): AdSubscriptionState => (state.status === 'none' ? state : { ...state, status: 'active' }))
      .with({ type: 'AdSubscriptionExpired' }, (): AdSubscriptionState => (state.status === 'none' ? state : { ...state, status: 'expired' }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'StartAdSubscription' }, (c): AdSubscriptionEvent[] => {
        if (state.status !== 'none') throw conflict('This subscription already exists.');
        return [{ type: 'AdSubscriptionStarted', data: c.subscription }];
      })
      .with({ type: 'ChangeAdSubscriptionStatus' }, (c): AdSubscriptionEvent[] => {
        if (state.status === 'none') throw notFound(AD_SUBSCRIPTION_NOT_FOUND);
        if (state.status === c.status) return [];
        if (state.status === 'expired') throw conflict(AD_SUBSCRIPTION_EXPIRED);
        const data = { subscriptionId: state.subscriptionId, by: c.by, at: c.at };
        return match(c.status)
          .with('paused', (): AdSubscriptionEvent[] => [{ type: 'AdSubscriptionPaused', data }])
          .with('active', (): AdSubscriptionEvent[] => [{ type: 'AdSubscriptionResumed', data }])
          .with('expired', (): AdSubscriptionEvent[] => [{ type: 'AdSubscriptionExpired', data }])
          .exhaustive();
      })
      .exhaustive(),
};
