import type { SaleData } from '@kainga/contracts';
import type { GeocodeResult, ReadStore } from '@kainga/platform';
import { cityKey, salesInCity, salesProjector, whileUnchanged } from '@kainga/projections';
import { normalisePlace } from './model';
import { streetOf } from './model/street';

export { streetOf };
import { median } from './model/statistics';
import { haversineKm } from './model/distance';

/** A point placed among this few sales of the street is said to be within this much of the home. */
const LONE_SALE_ACCURACY_KM = 0.5;
/** The least accuracy claimed (sales of one street can all share a point). */
const MIN_ACCURACY_KM = 0.1;

type Located = Pick<GeocodeResult, 'latitude' | 'longitude' | 'precision' | 'accuracyKm'>;

/**
 * Places a home among the known sales of its own street in its suburb, else of its suburb, in
 * its town: the median of their coordinates (one odd point does not move it), with the median
 * distance of those sales from it as how far the home may be (at least 100 m; 500 m with a single
 * sale of the street). Null when no sale of the suburb has coordinates. Without an address
 * geocoder this is the truest point the data holds: the embedded geocoder only knows where towns
 * are, and a suburb's point made up from its name put comparables' distances kilometres wrong.
 */
export function locateAmongSales(property: { address: string; suburb: string; city: string }, sales: readonly SaleData[]): Located | null {
  const city = normalisePlace(property.city);
  const suburb = normalisePlace(property.suburb);
  const street = streetOf(property.address);
  const inSuburb = sales.filter((s) => s.latitude !== null && s.longitude !== null && normalisePlace(s.city) === city && normalisePlace(s.suburb) === suburb);
  const onStreet = street ? inSuburb.filter((s) => streetOf(s.address) === street) : [];
  const group = onStreet.length > 0 ? onStreet : inSuburb;
  if (group.length === 0) return null;
  const point = { latitude: median(group.map((s) => s.latitude!)), longitude: median(group.map((s) => s.longitude!)) };
  const spread = median(group.map((s) => haversineKm(point, { latitude: s.latitude!, longitude: s.longitude! })));
  const accuracyKm = onStreet.length === 1 ? LONE_SALE_ACCURACY_KM : Math.max(MIN_ACCURACY_KM, spread);
  return { ...roundPoint(point), precision: onStreet.length > 0 ? 'street' : 'suburb', accuracyKm: Math.round(accuracyKm * 100) / 100 };
}

const roundPoint = (p: { latitude: number; longitude: number }) => ({ latitude: Math.round(p.latitude * 1e6) / 1e6, longitude: Math.round(p.longitude * 1e6) / 1e6 });

/**
 * The town's placed sales by suburb, read once per change of the `sales` read model's documents
 * (as cityMarketFor does), not once per valuation: a big town holds thousands of sales.
 */
async function placedSalesBySuburb(readStore: ReadStore, city: string): Promise<Map<string, SaleData[]>> {
  const key = String(await readStore.getDataVersion(salesProjector.name));
  return whileUnchanged(readStore, `placed-sales:${cityKey(city)}`, key, async () => {
    const bySuburb = new Map<string, SaleData[]>();
    for (const sale of await salesInCity(readStore, city, '0000-01-01')) {
      if (sale.latitude === null || sale.longitude === null) continue;
      const suburb = normalisePlace(sale.suburb);
      const group = bySuburb.get(suburb);
      if (group) group.push(sale);
      else bySuburb.set(suburb, [sale]);
    }
    return bySuburb;
  });
}

/** `locateAmongSales` over the sales of the home's suburb in the `sales` read model. */
export async function locateFromSales(readStore: ReadStore, property: { address: string; suburb: string; city: string }): Promise<(Located & { geocoder: string }) | null> {
  const suburbSales = (await placedSalesBySuburb(readStore, property.city)).get(normalisePlace(property.suburb)) ?? [];
  const located = locateAmongSales(property, suburbSales);
  return located ? { ...located, geocoder: 'sales' } : null;
}
