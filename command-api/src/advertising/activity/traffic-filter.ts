import { AD_IMPRESSION_DEDUP_MS, type AdTrafficFilterReason } from '@kainga/contracts';
import type { AdContentRecord } from '@kainga/projections';
import { FixedWindowCounter } from '../../plugins/fixed-window-counter';
import type { AllowanceHolder } from './allowance-holder';
import { RecentKeys } from './recent-keys';
import type { ServedAd, ServeTokens } from './serve-token';

/** Most keys each in-memory window holds (see RecentKeys): about 150 MB at the impression cap. */
export const AD_DEDUP_MAX_KEYS = 1_000_000;
/**
 * Counted impressions of one advert from one address (IPv4, or an IPv6 /64) an hour. A household,
 * an office or a mobile carrier's shared address shows one advert to a handful of people an
 * hour; more from one address is a script (IAB/MRC: activity from one source beyond what people do).
 */
export const AD_ADDRESS_IMPRESSIONS_PER_HOUR = 20;
/** Counted clicks of one advert from one address an hour. */
export const AD_ADDRESS_CLICKS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

export interface AdEventToJudge {
  kind: 'impression' | 'click';
  ad: Pick<AdContentRecord, 'id' | 'subscriptionId'>;
  placement: string;
  serveToken: string | null;
  sessionHash: string;
  /** The session's hash under yesterday's key (ad-visitor.ts): what it was served or shown before midnight is still its own. */
  earlierSessionHash: string | null;
  /** The address as the limits count it (security.ts rateLimitKey). */
  addressKey: string;
  /** NZ calendar month, YYYY-MM: the cap's period. */
  month: string;
  now: number;
}

/** Counted (with what was served, and how to undo it should the write fail), or filtered with its reason. */
export type Judgement = { count: true; served: ServedAd; undo: () => void } | { count: false; reason: AdTrafficFilterReason };

/**
 * Invalid-traffic filtering before anything counts (issue 48, IAB/MRC Invalid Traffic Detection
 * and Filtration): an impression counts only for an advert the server served to this browser
 * session for this placement within the hour (serve-token.ts), once per session per 24 h, within
 * the per-address limit, and while the subscription's month has impressions left (the allowance,
 * held on the log). A click counts only after a counted impression of that advert in that
 * session, once, within its own per-address limit.
 *
 * What is remembered lives in this process (RecentKeys, FixedWindowCounter: bounded maps); behind a
 * balancer, the ad routes want sticky sessions on the `kainga.ad` cookie, or a session's click may
 * reach a process that did not count its impression (the click is then filtered, never overcounted).
 * The cap holds across processes whatever the balancer does: it is reserved on the log.
 */
export class TrafficFilter {
  readonly impressions = new RecentKeys(AD_IMPRESSION_DEDUP_MS, AD_DEDUP_MAX_KEYS);
  readonly clicks = new RecentKeys(AD_IMPRESSION_DEDUP_MS, AD_DEDUP_MAX_KEYS);
  private readonly byAddress = { impression: new FixedWindowCounter(AD_ADDRESS_IMPRESSIONS_PER_HOUR, HOUR_MS), click: new FixedWindowCounter(AD_ADDRESS_CLICKS_PER_HOUR, HOUR_MS) };

  constructor(
    private readonly tokens: ServeTokens,
    private readonly allowance: AllowanceHolder,
  ) {}

  async judge(e: AdEventToJudge): Promise<Judgement> {
    const checked = this.tokens.check(e.serveToken, e.now);
    if (!checked.ok) return { count: false, reason: checked.reason };
    const served = checked.served;
    if (served.adContentId !== e.ad.id || served.subscriptionId !== e.ad.subscriptionId || served.placement !== e.placement) return { count: false, reason: 'not_served' };
    if (served.sessionHash !== e.sessionHash && served.sessionHash !== e.earlierSessionHash) return { count: false, reason: 'other_session' };

    const key = `${e.ad.id}|${e.sessionHash}`;
    const earlierKey = e.earlierSessionHash === null ? null : `${e.ad.id}|${e.earlierSessionHash}`;
    const seenEither = (keys: RecentKeys) => keys.has(key, e.now) || (earlierKey !== null && keys.has(earlierKey, e.now));
    if (e.kind === 'click' && !seenEither(this.impressions)) return { count: false, reason: 'no_impression' };
    const seen = e.kind === 'impression' ? this.impressions : this.clicks;
    if ((earlierKey !== null && seen.has(earlierKey, e.now)) || !seen.claim(key, e.now)) return { count: false, reason: 'duplicate' };
    const release = () => seen.release(key, e.now);
    if (this.byAddress[e.kind].hit(`${e.ad.id}|${e.addressKey}`) > 0) {
      release();
      return { count: false, reason: 'address_limit' };
    }
    if (e.kind === 'click') return { count: true, served, undo: release };

    let taken: boolean;
    try {
      taken = await this.allowance.take(served.subscriptionId, e.month, served.cap, e.now);
    } catch (error) {
      release();
      throw error;
    }
    if (!taken) {
      release();
      return { count: false, reason: 'over_cap' };
    }
    return {
      count: true,
      served,
      undo: () => {
        release();
        this.allowance.giveBack(served.subscriptionId, e.month);
      },
    };
  }

  /**
   * Forgets what no longer counts: addresses whose hour has ended, browser sessions past their
   * 24 h (without it a quiet service would hold an address it saw once until it restarts; the
   * retention schedule runs this). Answers how many keys went.
   */
  sweep(now: number): number {
    return this.impressions.expire(now) + this.clicks.expire(now) + this.byAddress.impression.sweep(now) + this.byAddress.click.sweep(now);
  }

  close(): Promise<void> {
    return this.allowance.close();
  }
}
