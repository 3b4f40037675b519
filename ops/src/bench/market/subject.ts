import type { ConditionScores, SaleData } from '@kainga/contracts';
import type { ValuationSubject } from '@kainga/command-api';
import type { BenchSale } from './bench-market';

/** What the model is asked to value: the subject of `findComparables` plus the owner's ratings for `estimateValue`. */
export type BenchSubject = ValuationSubject & { conditionScores: ConditionScores };

/**
 * The one place a generated home becomes the model's subject: everything the owner would enter
 * in the wizard (address, suburb, town, property type, bedrooms, bathrooms, floor and land area,
 * council RV, the 34 condition ratings) and where the geocoder puts it.
 *
 * Coordinates: the home's own; `valueWithModel` then places it as the service does without an
 * address geocoder, among the known sales of its street or suburb (`locateAmongSales`), which
 * values as well as the exact point on this market (6.8 % both with `kainga-model-3`).
 */
export function subjectOf(sale: BenchSale): BenchSubject {
  const { home } = sale;
  return {
    address: home.address,
    suburb: home.suburb,
    city: home.town,
    bedrooms: home.bedrooms,
    bathrooms: home.bathrooms,
    floorArea: home.floorArea,
    landArea: home.landArea,
    propertyType: home.type,
    rateableValue: sale.rateableValue,
    latitude: home.latitude,
    longitude: home.longitude,
    conditionScores: home.conditionScores,
  };
}

/**
 * A training sale as the sales read model holds it (what `findComparables` and
 * `cityMarketFigures` read): the home's facts as `subjectOf` gives them, without the owner's
 * ratings, and the sale. A family transfer looks like any other sale, as it does in the
 * council's sales feed.
 */
export function saleDataOf(sale: BenchSale): SaleData {
  const { conditionScores: _ratings, ...facts } = subjectOf(sale);
  return { ...facts, saleId: sale.saleId, saleDate: sale.saleDate, price: sale.price, demo: false, source: 'bench-market' };
}
