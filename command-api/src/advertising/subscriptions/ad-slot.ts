import type { AdSlotEvent, AdSlotReleaseReason, AdTier } from '@kainga/contracts';
import { conflict, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';
import type { AdSubscriptionState } from './ad-subscription';

/** A partner's place for one tier in one town: at most one live subscription holds it. */
export interface AdSlot {
  partnerId: string;
  tier: AdTier;
  locationId: string;
}

export const adSlotStream = (slot: AdSlot) => `adSlot-${slot.partnerId}-${slot.tier}-${slot.locationId}`;

/**
 * A claim whose subscription never started (the process stopped between the claim and the start,
 * and so never gave it back) is taken over after this long; a younger one may be a checkout still
 * waiting for Stripe.
 */
export const ABANDONED_CLAIM_MS = 10 * 60_000;

/** The decider's own refusal; each caller answers it in its own words, naming who holds the slot. */
export const AD_SLOT_HELD = 'Another subscription holds this tier in this town.';

export interface AdSlotState {
  holder: { subscriptionId: string; claimedAt: string } | null;
  /** How often each subscription gave the slot back: its claim after one is a new command (slotCommandKey). */
  releases: Record<string, number>;
}

/** What the caller read on the holder's own stream: its status there ('none': it has not started). */
export interface AdSlotHolderFacts {
  subscriptionId: string;
  status: AdSubscriptionState['status'];
}

export type AdSlotCommand =
  /**
   * A new subscription's claim, before it starts; its own again records nothing (a retry). A
   * holder whose facts say it lapsed (lapsedHolder) is released in the same append.
   */
  | { type: 'ClaimAdSlot'; slot: AdSlot; subscriptionId: string; via: 'admin' | 'checkout'; holder: AdSlotHolderFacts | null; at: string }
  /** The start the claim was for did not go through: given back, unless the facts say its subscription started after all. */
  | { type: 'ReleaseAdSlot'; slot: AdSlot; holder: AdSlotHolderFacts; at: string };

/**
 * Why the holder no longer holds the slot, from what its own stream says: it expired (expired is
 * final, so this never goes stale), or it never started and its claim is older than
 * ABANDONED_CLAIM_MS. Null: it still holds it. Facts about another subscription than the holder
 * (read before someone else's claim landed) say nothing about it. The claimant asks this before it
 * writes, and ClaimAdSlot asks it again on the stream's latest state, which is what holds.
 */
export function lapsedHolder(holder: NonNullable<AdSlotState['holder']>, facts: AdSlotHolderFacts | null, at: string): Extract<AdSlotReleaseReason, 'expired' | 'abandoned'> | null {
  if (facts?.subscriptionId !== holder.subscriptionId) return null;
  if (facts.status === 'expired') return 'expired';
  if (facts.status === 'none' && Date.parse(at) - Date.parse(holder.claimedAt) >= ABANDONED_CLAIM_MS) return 'abandoned';
  return null;
}

/**
 * The idempotency key of a subscription's claim or release: the request's own key would make a
 * claim after a release look already done (its event ids exist), so each release moves it on.
 */
export function slotCommandKey(state: AdSlotState, requestKey: string, subscriptionId: string, step: 'claim' | 'release'): string {
  return `${requestKey}:slot-${step}:${state.releases[subscriptionId] ?? 0}`;
}

const released = (slot: AdSlot, subscriptionId: string, reason: AdSlotReleaseReason, at: string): AdSlotEvent => ({
  type: 'AdSlotReleased',
  data: { ...slot, subscriptionId, reason, releasedAt: at },
});

export const adSlotDecider: Decider<AdSlotState, AdSlotCommand, AdSlotEvent> = {
  initialState: () => ({ holder: null, releases: {} }),

  evolve: (state, event) =>
    match(event)
      .with({ type: 'AdSlotClaimed' }, ({ data }): AdSlotState => ({ ...state, holder: { subscriptionId: data.subscriptionId, claimedAt: data.claimedAt } }))
      .with({ type: 'AdSlotReleased' }, ({ data }): AdSlotState => ({
        holder: state.holder?.subscriptionId === data.subscriptionId ? null : state.holder,
        releases: { ...state.releases, [data.subscriptionId]: (state.releases[data.subscriptionId] ?? 0) + 1 },
      }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'ClaimAdSlot' }, (c): AdSlotEvent[] => {
        if (state.holder?.subscriptionId === c.subscriptionId) return [];
        const claimed: AdSlotEvent = { type: 'AdSlotClaimed', data: { ...c.slot, subscriptionId: c.subscriptionId, via: c.via, claimedAt: c.at } };
        if (!state.holder) return [claimed];
        const lapsed = lapsedHolder(state.holder, c.holder, c.at);
        if (!lapsed) throw conflict(AD_SLOT_HELD);
        return [released(c.slot, state.holder.subscriptionId, lapsed, c.at), claimed];
      })
      .with({ type: 'ReleaseAdSlot' }, (c): AdSlotEvent[] =>
        state.holder?.subscriptionId === c.holder.subscriptionId && c.holder.status === 'none' ? [released(c.slot, c.holder.subscriptionId, 'failed', c.at)] : [],
      )
      .exhaustive(),
};
