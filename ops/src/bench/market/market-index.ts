import { DAY_MS, DAYS_PER_MONTH, isoDay, monthsBetween } from './calendar';
import type { Random } from './random';

/**
 * A town's market index over time: prices rise at `risePerMonth` up to `peak`, then fall at
 * `fallPerMonth` (both relative changes a month, compounded). 1 at the peak, so a home's value
 * is in peak dollars times the index at the date.
 */
export interface MarketIndex {
  /** yyyy-mm-dd of the turn. */
  peak: string;
  risePerMonth: number;
  fallPerMonth: number;
}

/** The index at a date: e^(−rise × months before the peak) before it, e^(−fall × months after) after. */
export function indexAt(index: MarketIndex, date: string): number {
  const m = monthsBetween(index.peak, date);
  return Math.exp(m <= 0 ? index.risePerMonth * m : -index.fallPerMonth * m);
}

/**
 * A town's index: rising 0.5–1.1 % a month until a turn 5–13 months before `now`, falling
 * 0.5–1.2 % a month after it, so the last year of sales holds both sides of the turn.
 */
export function drawMarketIndex(random: Random, now: Date): MarketIndex {
  const monthsAgo = random.between(5, 13);
  return {
    peak: isoDay(now.getTime() - Math.round(monthsAgo * DAYS_PER_MONTH) * DAY_MS),
    risePerMonth: random.between(0.005, 0.011),
    fallPerMonth: random.between(0.005, 0.012),
  };
}
