import { handleCommand, SqliteEventStore, type CommandContext } from '@kainga/platform';
import { temporaryReadStore } from '@kainga/platform/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adSlotStream } from './ad-slot';
import { inReservedSlot, reserveAdSlot, type AdSlotClaim } from './ad-slot-reservation';
import { adSubscriptionDecider, adSubscriptionStream } from './ad-subscription';
import { startSubscription } from './subscription-rules';

const at = new Date().toISOString();
const ctx = (key: string): CommandContext => ({ idempotencyKey: key, metadata: { actorId: 'u', actorRoles: [], correlationId: key, causationId: null, occurredAt: at } });
const slot = { partnerId: 'p1', tier: 'gold' as const, locationId: 'auckland' };
const claimFor = (subscriptionId: string): AdSlotClaim => ({ ...slot, subscriptionId, via: 'checkout' });
const partner = { _id: 'p1', userId: 'u1', role: 'mortgage_broker' as const };

function stores() {
  return { eventStore: new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'ad-slot-')), 'e.sqlite')), readStore: temporaryReadStore('ad-slot-') };
}
const slotHistory = async (s: ReturnType<typeof stores>) => (await s.eventStore.readStream(adSlotStream(slot))).map((e) => `${e.type} ${(e.data as { subscriptionId: string }).subscriptionId}`);
const start = (s: ReturnType<typeof stores>, subscriptionId: string) =>
  startSubscription(s.eventStore, { subscriptionId, partner, planId: 'plan-gold', tier: 'gold', locationId: 'auckland', source: { via: 'admin', by: 'admin1' } }, ctx(`start-${subscriptionId}`));

describe('reserving an ad slot on its stream', () => {
  it('lets exactly one of 8 claims made at the same moment through; the others learn who holds it', async () => {
    const s = stores();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => reserveAdSlot(s, claimFor(`sub-${i}`), ctx(`checkout-${i}`))));
    const winners = answers.flatMap((holder, i) => (holder ? [] : [`sub-${i}`]));
    expect(winners).toHaveLength(1);
    // Each loser names the winner, not started yet: a checkout still being opened.
    expect(answers.filter(Boolean).map((h) => [h!.subscriptionId, h!.subscription.status])).toEqual(Array.from({ length: 7 }, () => [winners[0], 'none']));
    expect(await slotHistory(s)).toEqual([`AdSlotClaimed ${winners[0]}`]);
  });

  it('gives the slot back when the start fails, so the same checkout (or another) can claim it again', async () => {
    const s = stores();
    expect(await reserveAdSlot(s, claimFor('sub-a'), ctx('checkout-a'))).toBeNull();
    await expect(inReservedSlot(s.eventStore, claimFor('sub-a'), ctx('checkout-a'), () => Promise.reject(new Error('Stripe failed')))).rejects.toThrow('Stripe failed');
    expect(await reserveAdSlot(s, claimFor('sub-a'), ctx('checkout-a'))).toBeNull();
    expect(await slotHistory(s)).toEqual(['AdSlotClaimed sub-a', 'AdSlotReleased sub-a', 'AdSlotClaimed sub-a']);
  });

  it('keeps the slot for a subscription that started before its request failed, and frees it once that one expired', async () => {
    const s = stores();
    await reserveAdSlot(s, claimFor('sub-a'), ctx('checkout-a'));
    const failingAfterStart = async () => {
      await start(s, 'sub-a');
      throw new Error('the answer was lost');
    };
    await expect(inReservedSlot(s.eventStore, claimFor('sub-a'), ctx('checkout-a'), failingAfterStart)).rejects.toThrow('the answer was lost');
    expect(await reserveAdSlot(s, claimFor('sub-b'), ctx('checkout-b'))).toMatchObject({ subscriptionId: 'sub-a', subscription: { status: 'active' } });

    await handleCommand(s.eventStore, adSubscriptionDecider, adSubscriptionStream('sub-a'), { type: 'ChangeAdSubscriptionStatus', status: 'expired', by: 'admin1', at }, ctx('expire-a'));
    expect(await reserveAdSlot(s, claimFor('sub-b'), ctx('checkout-b'))).toBeNull();
    expect(await slotHistory(s)).toEqual(['AdSlotClaimed sub-a', 'AdSlotReleased sub-a', 'AdSlotClaimed sub-b']);
  });
});
