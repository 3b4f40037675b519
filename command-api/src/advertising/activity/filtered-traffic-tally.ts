import { adTrafficFilteredStream, type AdTier, type AdTrafficFilterReason } from '@kainga/contracts';
import type { EventStore, NewEvent } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { byStream } from './activity-writer';

/** How often the tallies are written: a flood of junk costs one event per advert and reason per this long. */
export const FILTERED_FLUSH_MS = 5_000;

/** The advert refused (its adContentId is `id`, as adContentById names it). */
export interface FilteredAd {
  id: string;
  subscriptionId: string;
  partnerId: string;
  tier: AdTier;
}

interface Tally extends Omit<FilteredAd, 'id'> {
  adContentId: string;
  reason: AdTrafficFilterReason;
  impressions: number;
  clicks: number;
  from: string;
  to: string;
}

/**
 * Invalid ad traffic, counted apart (issue 48): each refused impression or click adds to its
 * advert's tally for its reason, in memory; every few seconds (and at close) the tallies become
 * AdTrafficFiltered events. Written apart from the impressions, they never reach a partner's
 * figures, a cap or a bill, and however fast junk arrives the log grows by at most one event per
 * advert and reason per flush. A crash loses at most the last few seconds of tallies, never a
 * counted impression.
 */
export class FilteredTrafficTally {
  private tallies = new Map<string, Tally>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly eventStore: EventStore,
    private readonly onError: (error: unknown) => void,
    flushMs = FILTERED_FLUSH_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  count(ad: FilteredAd, kind: 'impression' | 'click', reason: AdTrafficFilterReason, now: number): void {
    const key = `${ad.id}|${reason}`;
    const at = new Date(now).toISOString();
    let t = this.tallies.get(key);
    if (!t) this.tallies.set(key, (t = { adContentId: ad.id, subscriptionId: ad.subscriptionId, partnerId: ad.partnerId, tier: ad.tier, reason, impressions: 0, clicks: 0, from: at, to: at }));
    if (kind === 'impression') t.impressions++;
    else t.clicks++;
    t.to = at;
  }

  /** Writes what was tallied since the last flush (one flush at a time, in order). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.tallies.size === 0) return;
    const tallies = [...this.tallies.values()];
    this.tallies = new Map();
    const pending = tallies.map((data) => ({
      stream: adTrafficFilteredStream(data.to),
      event: { id: randomUUID(), type: 'AdTrafficFiltered', data, metadata: { actorId: null, actorRoles: [], correlationId: data.adContentId, causationId: null, occurredAt: data.to } } satisfies NewEvent,
    }));
    for (const group of byStream(pending)) {
      try {
        // A log of facts, not an aggregate: no revision to expect. Never retried (a failed flush loses
        // its few seconds of tallies, said above), so 'any' cannot store a tally twice (issue 51, risk 1).
        await this.eventStore.append(group[0]!.stream, group.map((p) => p.event), { expectedRevision: 'any' });
      } catch (error) {
        this.onError(error);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
