import { normalizePlaceName, type Estimate, type SaleData } from '@kainga/contracts';
import { cityMarketFigures, estimateValue, findComparables, locateAmongSales } from '@kainga/command-api';
import { subjectOf } from './subject';
import type { BenchSale } from './bench-market';

export interface ModelValuation {
  estimate: Estimate;
  comparables: number;
  /** Comparables the model used from the subject's own suburb. */
  sameSuburb: number;
}

/**
 * The service's local model on one held-out sale, exactly as the valuation workflow calls it:
 * the town's figures and the comparables from `pool` (the town's training sales sold before the
 * sale date), valued as at the sale date. Null when the model declines (nothing to go on).
 */
export function valueWithModel(sale: BenchSale, pool: readonly SaleData[]): ModelValuation | null {
  // Placed as the service places a home without an address geocoder: among the known sales of its street, else its suburb.
  const known = subjectOf(sale);
  const placed = locateAmongSales(known, pool);
  const subject = placed ? { ...known, latitude: placed.latitude, longitude: placed.longitude } : known;
  const at = new Date(`${sale.saleDate}T00:00:00Z`);
  const city = cityMarketFigures(subject.city, pool, at);
  const { comparables } = findComparables(subject, pool, at);
  try {
    const estimate = estimateValue(subject, comparables, { ...city, now: at });
    const suburb = normalizePlaceName(subject.suburb);
    return { estimate, comparables: comparables.length, sameSuburb: comparables.filter((c) => normalizePlaceName(c.suburb) === suburb).length };
  } catch {
    return null;
  }
}
