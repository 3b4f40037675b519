import type { AdSlotEvent, AdSlotReleaseReason } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { ABANDONED_CLAIM_MS, AD_SLOT_HELD, adSlotDecider, adSlotStream, slotCommandKey, type AdSlotHolderFacts } from './ad-slot';

const at = '2026-11-23T00:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const slot = { partnerId: 'p1', tier: 'gold' as const, locationId: 'auckland' };
const spec = deciderSpec(adSlotDecider);

const claimed = (subscriptionId: string, via: 'admin' | 'checkout' = 'checkout', claimedAt = at): AdSlotEvent => ({ type: 'AdSlotClaimed', data: { ...slot, subscriptionId, via, claimedAt } });
const released = (subscriptionId: string, reason: AdSlotReleaseReason, releasedAt = at): AdSlotEvent => ({ type: 'AdSlotReleased', data: { ...slot, subscriptionId, reason, releasedAt } });
const claim = (subscriptionId: string, holder: AdSlotHolderFacts | null = null, when = at) => ({ type: 'ClaimAdSlot', slot, subscriptionId, via: 'checkout', holder, at: when }) as const;
const held = (subscriptionId: string, status: AdSlotHolderFacts['status']): AdSlotHolderFacts => ({ subscriptionId, status });

describe('ad slot decider (one live subscription per partner, tier and town)', () => {
  it('gives a free slot to the first claim, and records nothing for its own claim again (a retry)', () => {
    spec.given([]).when({ ...claim('s1'), via: 'admin' }).then([claimed('s1', 'admin')]);
    spec.given([claimed('s1')]).when(claim('s1')).thenNothingHappens();
  });

  it('refuses a second subscription while the holder is live, awaiting payment or still being opened', () => {
    for (const status of ['active', 'paused', 'incomplete', 'none'] as const) {
      spec.given([claimed('s1')]).when(claim('s2', held('s1', status))).thenRefuses('conflict', new RegExp(`^${AD_SLOT_HELD}$`));
    }
  });

  it('releases an expired holder and claims in the same append', () => {
    spec.given([claimed('s1')]).when(claim('s2', held('s1', 'expired'), later(1000))).then([released('s1', 'expired', later(1000)), claimed('s2', 'checkout', later(1000))]);
  });

  it('takes over a claim whose subscription never started once it is abandoned, not before', () => {
    spec.given([claimed('s1')]).when(claim('s2', held('s1', 'none'), later(ABANDONED_CLAIM_MS - 1))).thenRefuses('conflict');
    const when = later(ABANDONED_CLAIM_MS);
    spec.given([claimed('s1')]).when(claim('s2', held('s1', 'none'), when)).then([released('s1', 'abandoned', when), claimed('s2', 'checkout', when)]);
  });

  it('trusts no facts about another subscription than the holder (read before a later claim landed)', () => {
    spec.given([claimed('s1'), released('s1', 'failed'), claimed('s3')]).when(claim('s2', held('s1', 'expired'))).thenRefuses('conflict');
    spec.given([claimed('s3')]).when(claim('s2', null, later(ABANDONED_CLAIM_MS))).thenRefuses('conflict');
  });

  it('gives the slot back for a start that did not go through, but not for one that started, nor for another holder', () => {
    const release = (facts: AdSlotHolderFacts) => ({ type: 'ReleaseAdSlot', slot, holder: facts, at }) as const;
    spec.given([claimed('s1')]).when(release(held('s1', 'none'))).then([released('s1', 'failed')]);
    spec.given([claimed('s1')]).when(release(held('s1', 'incomplete'))).thenNothingHappens();
    spec.given([claimed('s3')]).when(release(held('s1', 'none'))).thenNothingHappens();
    spec.given([claimed('s1'), released('s1', 'failed')]).when(release(held('s1', 'none'))).thenNothingHappens();
  });

  it('lets anyone claim a slot given back, the same checkout too', () => {
    spec.given([claimed('s1'), released('s1', 'failed')]).when(claim('s2')).then([claimed('s2')]);
    spec.given([claimed('s1'), released('s1', 'failed')]).when(claim('s1')).then([claimed('s1')]);
  });

  it('moves the claim’s idempotency key on after each release, so a retried checkout can claim again', () => {
    const fold = (events: AdSlotEvent[]) => events.reduce(adSlotDecider.evolve, adSlotDecider.initialState());
    const first = slotCommandKey(fold([]), 'key', 's1', 'claim');
    const afterRelease = slotCommandKey(fold([claimed('s1'), released('s1', 'failed')]), 'key', 's1', 'claim');
    expect(afterRelease).not.toBe(first);
    expect(slotCommandKey(fold([claimed('s1'), released('s1', 'failed'), claimed('s1')]), 'key', 's1', 'claim')).toBe(afterRelease);
    expect(slotCommandKey(fold([claimed('s1')]), 'key', 's1', 'release')).not.toBe(first);
  });

  it('names the stream by partner, tier and town', () => {
    expect(adSlotStream(slot)).toBe('adSlot-p1-gold-auckland');
  });
});
