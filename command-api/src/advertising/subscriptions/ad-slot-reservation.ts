import { CommandError, handleCommand, loadAggregate, type CommandContext, type EventStore, type Stores } from '@kainga/platform';
import { subscriptionsOfPartner } from '@kainga/projections';
import { adSlotDecider, adSlotStream, lapsedHolder, slotCommandKey, type AdSlot } from './ad-slot';
import { adSubscriptionDecider, adSubscriptionStream, type AdSubscriptionState } from './ad-subscription';

/** A subscription that holds a slot, as its own stream tells it ('none': a checkout not started yet). */
export interface AdSlotHolder {
  subscriptionId: string;
  subscription: AdSubscriptionState;
}

/** The subscription to start in the slot, and how (an admin's allocation or a partner's checkout). */
export interface AdSlotClaim extends AdSlot {
  subscriptionId: string;
  via: 'admin' | 'checkout';
}

/** Tries at a claim that met another one landing first; each try decides on the slot's latest state. */
const CLAIM_ATTEMPTS = 5;

/**
 * Reserves the slot (partner, tier, town) for a subscription about to start, on the slot's own
 * stream with its expected revision: of any number of allocations and checkouts racing for it,
 * exactly one wins. Answers null when `claim.subscriptionId` holds the slot now (also for a retry
 * of the request that claimed it), else the subscription that holds it: live, or a checkout still
 * being opened; each caller answers that in its own words. Call it before anything is asked of
 * Stripe, and start the subscription through inReservedSlot, which gives the slot back if it fails.
 *
 * How a slot comes free, with no reactor and no read model in the way: the holder's expiry
 * (an admin's Expire, Stripe ending it, the billing workflow ending it, a checkout whose first
 * payment never came) is read here on the holder's own stream, and the next claim records the
 * release and itself in one append. Everything that expires a subscription already writes
 * AdSubscriptionExpired there, so none of those paths needs to know about slots, and a partner may
 * buy again the moment the expiry is recorded (a reactor would free it only once it ran).
 *
 * Subscriptions started before slots were reserved hold no claim. While a slot's stream is empty,
 * the read model names the partner's subscriptions for the tier and town, and each one's own
 * stream says whether it is still live: one is, and the slot is held. The read model only
 * nominates here, and it has long caught up with those old starts; every start since claims first.
 */
export async function reserveAdSlot(stores: Pick<Stores, 'eventStore' | 'readStore'>, claim: AdSlotClaim, ctx: CommandContext): Promise<AdSlotHolder | null> {
  const { eventStore } = stores;
  const slot = slotOf(claim);
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadAggregate(eventStore, adSlotDecider, adSlotStream(slot));
    if (state.holder?.subscriptionId === claim.subscriptionId) return null;
    let holder: AdSlotHolder | null = null;
    if (state.holder) {
      holder = await holderOf(eventStore, state.holder.subscriptionId);
      if (!lapsedHolder(state.holder, factsOf(holder), ctx.metadata.occurredAt)) return holder;
    } else if (revision < 0) {
      const earlier = await earlierHolder(stores, claim);
      if (earlier) return earlier;
    }
    try {
      await handleCommand(
        eventStore,
        adSlotDecider,
        adSlotStream(slot),
        { type: 'ClaimAdSlot', slot, subscriptionId: claim.subscriptionId, via: claim.via, holder: holder && factsOf(holder), at: ctx.metadata.occurredAt },
        { ...ctx, idempotencyKey: slotCommandKey(state, ctx.idempotencyKey, claim.subscriptionId, 'claim') },
        // One try: when another claim lands first, the holder it names must be read afresh.
        { maxAttempts: 1 },
      );
      return null;
    } catch (err) {
      if (err instanceof CommandError && err.kind === 'conflict' && attempt < CLAIM_ATTEMPTS) continue;
      throw err;
    }
  }
}

/**
 * Runs the start the slot was reserved for. If it throws before the subscription started
 * (Stripe refused, the start was not recorded), the slot is given back so the partner can try
 * again at once; a subscription that did start keeps it. The start's own error is the answer:
 * should the release fail too, the claim is taken over once abandoned (ABANDONED_CLAIM_MS), and a
 * retry of the same request holds it still.
 */
export async function inReservedSlot<T>(eventStore: EventStore, claim: AdSlotClaim, ctx: CommandContext, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    await giveBack(eventStore, claim, ctx).catch(() => undefined);
    throw err;
  }
}

async function giveBack(eventStore: EventStore, claim: AdSlotClaim, ctx: CommandContext): Promise<void> {
  const slot = slotOf(claim);
  const { state } = await loadAggregate(eventStore, adSlotDecider, adSlotStream(slot));
  const holder = factsOf(await holderOf(eventStore, claim.subscriptionId));
  await handleCommand(
    eventStore,
    adSlotDecider,
    adSlotStream(slot),
    { type: 'ReleaseAdSlot', slot, holder, at: ctx.metadata.occurredAt },
    { ...ctx, idempotencyKey: slotCommandKey(state, ctx.idempotencyKey, claim.subscriptionId, 'release') },
  );
}

const slotOf = ({ partnerId, tier, locationId }: AdSlotClaim): AdSlot => ({ partnerId, tier, locationId });

async function holderOf(eventStore: EventStore, subscriptionId: string): Promise<AdSlotHolder> {
  return { subscriptionId, subscription: (await loadAggregate(eventStore, adSubscriptionDecider, adSubscriptionStream(subscriptionId))).state };
}

const factsOf = (holder: AdSlotHolder) => ({ subscriptionId: holder.subscriptionId, status: holder.subscription.status });

/** A live subscription of the slot's that started before slots were reserved (see reserveAdSlot), other than the claimant's own. */
async function earlierHolder(stores: Pick<Stores, 'eventStore' | 'readStore'>, claim: AdSlotClaim): Promise<AdSlotHolder | null> {
  const candidates = (await subscriptionsOfPartner(stores.readStore, claim.partnerId)).filter(
    (s) => s._id !== claim.subscriptionId && s.tier === claim.tier && s.locationId === claim.locationId && s.status !== 'expired',
  );
  for (const candidate of candidates) {
    const holder = await holderOf(stores.eventStore, candidate._id);
    if (holder.subscription.status !== 'none' && holder.subscription.status !== 'expired') return holder;
  }
  return null;
}
