import { AdClickRecorded, AdImpressionRecorded, AdSubscriptionStarted, adActivityStream } from '@kainga/contracts';
import { SqliteEventStore, type EventStore, type NewEvent } from '@kainga/platform';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/** A test log of ad activity, with other events between, each append at a chosen recorded time. */

const meta = (id: string, at: string) => ({ actorId: null, actorRoles: [], correlationId: id, causationId: null, occurredAt: at });

const activity = (at: string, over: Record<string, unknown>) => ({
  adContentId: 'ad-1',
  subscriptionId: 'sub-1',
  partnerId: 'partner-1',
  tier: 'gold',
  placement: 'sidebar_valuation',
  city: 'Wellington',
  suburb: 'Te Aro',
  userId: null,
  propertyId: null,
  userAgent: 'Mozilla/5.0',
  ipHash: 'ip-hash',
  sessionHash: 'session-hash',
  at,
  ...over,
});

export function impression(n: number, at: string, over: Record<string, unknown> = {}): NewEvent {
  const { type, data } = AdImpressionRecorded.parse({ type: 'AdImpressionRecorded', data: { impressionId: `impression-${n}`, ...activity(at, over) } });
  return { id: `event-impression-${n}`, type, data, metadata: meta(`impression-${n}`, at) };
}

export function click(n: number, at: string, over: Record<string, unknown> = {}): NewEvent {
  const { type, data } = AdClickRecorded.parse({ type: 'AdClickRecorded', data: { clickId: `click-${n}`, ...activity(at, over) } });
  return { id: `event-click-${n}`, type, data, metadata: meta(`click-${n}`, at) };
}

function otherEvent(n: number, at: string): NewEvent {
  const { type, data } = AdSubscriptionStarted.parse({
    type: 'AdSubscriptionStarted',
    data: {
      subscriptionId: `sub-${n}`,
      partnerId: 'partner-1',
      partnerUserId: 'user-1',
      partnerRole: 'mortgage_broker',
      adPlanId: 'plan-gold',
      tier: 'gold',
      locationId: 'wellington',
      startDate: at,
      autoRenew: true,
      source: { via: 'admin', by: 'admin-1' },
    },
  });
  return { id: `event-other-${n}`, type, data, metadata: meta(`other-${n}`, at) };
}

/** Appends with the clock set to `at`, so the event's recordedAt is `at`. */
async function appendAt(store: EventStore, at: string, stream: string, events: NewEvent[]) {
  vi.setSystemTime(new Date(at));
  await store.append(stream, events, { expectedRevision: 'any' });
}

/**
 * Appends this log (position in a fresh log: recorded time, event):
 *  1, 2: 2026-03-01T10:00Z impressions 1 and 2 (one append)
 *  3:    2026-03-01T11:00Z AdSubscriptionStarted (not ad activity)
 *  4:    2026-03-01T23:59:59.999Z click 1 (a user agent with a comma and quotes, a user, a property)
 *  5:    2026-03-02T00:00Z impression 3
 *  6:    2026-03-02T08:00Z AdSubscriptionStarted
 *  7, 8: 2026-03-02T09:00Z click 2, impression 4
 * In a log that already holds events the positions move up by as many; the order stays.
 */
export async function appendAdLog(store: EventStore): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const day1 = adActivityStream('2026-03-01');
    const day2 = adActivityStream('2026-03-02');
    await appendAt(store, '2026-03-01T10:00:00.000Z', day1, [impression(1, '2026-03-01T09:59:59.500Z'), impression(2, '2026-03-01T09:59:59.900Z', { city: null, suburb: null })]);
    await appendAt(store, '2026-03-01T11:00:00.000Z', 'adSubscription-sub-2', [otherEvent(2, '2026-03-01T11:00:00.000Z')]);
    await appendAt(store, '2026-03-01T23:59:59.999Z', day1, [
      click(1, '2026-03-01T23:59:59.990Z', { userAgent: 'Agent "X", v2', userId: 'user-9', propertyId: 'property-7', tier: 'silver', placement: 'mortgage_calculator' }),
    ]);
    await appendAt(store, '2026-03-02T00:00:00.000Z', day2, [impression(3, '2026-03-02T00:00:00.000Z')]);
    await appendAt(store, '2026-03-02T08:00:00.000Z', 'adSubscription-sub-3', [otherEvent(3, '2026-03-02T08:00:00.000Z')]);
    await appendAt(store, '2026-03-02T09:00:00.000Z', day2, [click(2, '2026-03-02T08:59:59.000Z'), impression(4, '2026-03-02T08:59:59.500Z', { tier: 'bronze' })]);
  } finally {
    vi.useRealTimers();
  }
}

/** A DATA_DIR whose embedded log is just appendAdLog's. */
export async function adLogDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'replay-'));
  const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  try {
    await appendAdLog(store);
  } finally {
    await store.close();
  }
  return dataDir;
}
