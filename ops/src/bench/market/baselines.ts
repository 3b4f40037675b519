import type { BenchSale } from './bench-market';
import { monthsBefore } from './calendar';
import { median } from './metrics';

/**
 * Two naive valuers, each from the training sales of the subject's town sold before its sale date
 * (family transfers included, as nobody flags them): the bar the model must clear.
 */

/** Fewest sales a baseline's median stands on before it widens its window. */
const MIN_SALES = 10;
const WINDOWS_MONTHS = [3, 6, 12, 24] as const;

/** The sales of `earlier` in the last `months` before `date` (yyyy-mm-dd). */
const inLastMonths = (earlier: readonly BenchSale[], date: string, months: number) => {
  const from = monthsBefore(new Date(`${date}T00:00:00Z`), months).toISOString().slice(0, 10);
  return earlier.filter((s) => s.saleDate >= from);
};

/** The median over the narrowest window (3, 6, 12, 24 months) holding at least 10 figures; null when none holds any. */
function windowedMedian(earlier: readonly BenchSale[], date: string, figure: (s: BenchSale) => number | null): number | null {
  let last: number[] = [];
  for (const months of WINDOWS_MONTHS) {
    last = inLastMonths(earlier, date, months).flatMap((s) => {
      const f = figure(s);
      return f === null ? [] : [f];
    });
    if (last.length >= MIN_SALES) break;
  }
  return last.length > 0 ? median(last) : null;
}

/**
 * (a) The RV brought forward: RV × the town's median sale price ÷ RV over its recent sales (the
 * last 3 months, widened to 6, 12, 24 until 10 sales): how far the town's prices have moved
 * since the revaluation. Null without an RV or without earlier sales with one.
 */
export function rvBroughtForward(sale: BenchSale, townEarlier: readonly BenchSale[]): number | null {
  if (sale.rateableValue === null) return null;
  const ratio = windowedMedian(townEarlier, sale.saleDate, (s) => (s.rateableValue === null ? null : s.price / s.rateableValue));
  return ratio === null ? null : sale.rateableValue * ratio;
}

/**
 * (b) The suburb's median $/m² × floor area: over the suburb's earlier sales in the narrowest
 * window holding 10 (the town's when the suburb has under 10 in 24 months). No time, size or
 * type adjustment.
 */
export function suburbPricePerM2(sale: BenchSale, townEarlier: readonly BenchSale[]): number | null {
  const perM2 = (s: BenchSale) => (s.home.floorArea > 0 ? s.price / s.home.floorArea : null);
  const suburb = townEarlier.filter((s) => s.home.suburb === sale.home.suburb);
  const inSuburb = inLastMonths(suburb, sale.saleDate, 24).length >= MIN_SALES ? windowedMedian(suburb, sale.saleDate, perM2) : null;
  const rate = inSuburb ?? windowedMedian(townEarlier, sale.saleDate, perM2);
  return rate === null ? null : rate * sale.home.floorArea;
}
