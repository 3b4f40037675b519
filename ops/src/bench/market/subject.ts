import type { ConditionScores, SaleData } from '@kainga/contracts';
import type { ValuationSubject } from '@kainga/command-api';
import type { BenchSale } from './bench-market';

/** What the model is asked to value: the subject of `findComparables` plus the owner's ratings for `estimateValue`. */
export type BenchSubject = ValuationSubject & { conditionScores: ConditionScores };

/**
 * The one place a generated home becomes the model's subject: everything the owner would enter
 * in the wizard (address, suburb, town, bedrooms, bathrooms, floor and land area, council RV,
 * the 34 condition ratings) and where the geocoder puts it.
 *
 * Not passed yet, because the model's types have no field for them: the property type (house,
 * townhouse, unit, apartment: `PropertyDetails` has none, so an apartment is only told apart by
 * its land area of 0). Coordinates: the home's own; `valueWithModel` then places it as the
 * service does without an address geocoder, among the known sales of its street or suburb
 * (`locateAmongSales`), which values as well as the exact point on this market (6.8 % both).
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
 * `cityMarketFigures` read): a family transfer looks like any other sale, as it does in the
 * council's sales feed. No property type here either (SaleData has none).
 */
export function saleDataOf(sale: BenchSale): SaleData {
  const { home } = sale;
  return {
    saleId: sale.saleId,
    address: home.address,
    suburb: home.suburb,
    city: home.town,
    saleDate: sale.saleDate,
    price: sale.price,
    bedrooms: home.bedrooms,
    bathrooms: home.bathrooms,
    floorArea: home.floorArea,
    landArea: home.landArea,
    propertyType: home.type,
    rateableValue: sale.rateableValue,
    latitude: home.latitude,
    longitude: home.longitude,
    demo: false,
    source: 'bench-market',
  };
}
