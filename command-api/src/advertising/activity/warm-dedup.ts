import { AD_IMPRESSION_DEDUP_MS, adActivityStream, type AdActivityEvent } from '@kainga/contracts';
import type { EventStore } from '@kainga/platform';
import type { RecentKeys } from './recent-keys';

/**
 * Fills the impression and click windows from the log at start-up: every impression and click of
 * the last 24 h (in yesterday's and today's UTC day streams, oldest first), so a restart neither
 * lets a browser session count the same advert twice nor forgets the impression a click needs.
 * Answers how many keys it remembered.
 *
 * It reads the two day streams whole: at the bench's rate that is a few hundred MB a day, so a
 * service past millions of impressions a day wants a keyed store (Redis with TTLs) instead.
 */
export async function warmActivityKeys(eventStore: EventStore, windows: { impressions: RecentKeys; clicks: RecentKeys }, now: number): Promise<number> {
  const since = now - AD_IMPRESSION_DEDUP_MS;
  let remembered = 0;
  for (const stream of [adActivityStream(new Date(since)), adActivityStream(new Date(now))].filter((s, i, all) => all.indexOf(s) === i)) {
    for (const event of await eventStore.readStream(stream)) {
      const { type, data } = event as unknown as AdActivityEvent;
      const at = Date.parse(data.at);
      if (at <= since || at > now) continue;
      (type === 'AdImpressionRecorded' ? windows.impressions : windows.clicks).remember(`${data.adContentId}|${data.sessionHash}`, at);
      remembered++;
    }
  }
  return remembered;
}
