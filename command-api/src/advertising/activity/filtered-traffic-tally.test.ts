import { adTrafficFilteredStream } from '@kainga/contracts';
import { SqliteEventStore } from '@kainga/platform';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FilteredTrafficTally } from './filtered-traffic-tally';

const ad = { id: 'ad-1', subscriptionId: 'sub-1', partnerId: 'p1', tier: 'bronze' as const };
const now = Date.parse('2026-12-01T03:00:00Z');

describe('the filtered-traffic tally', () => {
  it('writes ten thousand refusals as one event per advert and reason, and nothing when there was none', async () => {
    const store = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'tally-')), 'e.sqlite'));
    const tally = new FilteredTrafficTally(store, (e) => {
      throw e;
    }, 60_000);
    for (let i = 0; i < 9_000; i++) tally.count(ad, 'impression', 'not_served', now + i);
    for (let i = 0; i < 1_000; i++) tally.count(ad, 'click', 'no_impression', now + i);
    tally.count({ ...ad, id: 'ad-2' }, 'impression', 'not_served', now);
    await tally.flush();
    await tally.flush();
    const events = await store.readStream(adTrafficFilteredStream(new Date(now)));
    expect(events.map((e) => e.data)).toEqual([
      { adContentId: 'ad-1', subscriptionId: 'sub-1', partnerId: 'p1', tier: 'bronze', reason: 'not_served', impressions: 9_000, clicks: 0, from: new Date(now).toISOString(), to: new Date(now + 8_999).toISOString() },
      { adContentId: 'ad-1', subscriptionId: 'sub-1', partnerId: 'p1', tier: 'bronze', reason: 'no_impression', impressions: 0, clicks: 1_000, from: new Date(now).toISOString(), to: new Date(now + 999).toISOString() },
      { adContentId: 'ad-2', subscriptionId: 'sub-1', partnerId: 'p1', tier: 'bronze', reason: 'not_served', impressions: 1, clicks: 0, from: new Date(now).toISOString(), to: new Date(now).toISOString() },
    ]);
    await tally.close();
    expect(await store.readStream(adTrafficFilteredStream(new Date(now)))).toHaveLength(3);
  });
});
