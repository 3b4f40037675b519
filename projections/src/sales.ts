import type { SaleData, SaleEvent } from '@kainga/contracts';
import { normalizePlaceName, saleEventTypes } from '@kainga/contracts';
import { byEventType, type Projector, type ReadStore } from '@kainga/platform';

/** The `sales` read model: every recorded sale, looked up by city and date for comparables. */
export const SALES = 'sales';
export type SaleDoc = SaleData & { _id: string; cityKey: string };

/**
 * How a sale's town is looked up: the place name as every place is compared (lower case, without
 * macrons or other marks, trimmed, runs of spaces as one), so "New  Plymouth" finds New Plymouth's
 * sales and "Taupō" Taupo's.
 */
export const cityKey = (city: string) => normalizePlaceName(city);

export const salesProjector: Projector = {
  name: 'sales',
  collections: [SALES],
  filter: { eventTypes: saleEventTypes, streamPrefixes: ['sale-'] },
  // 2: cityKey collapses runs of spaces (a town typed with two spaces found no sales).
  version: 2,
  // salesInCity: one town's recent sales, newest first, without reading the country's.
  indexes: { [SALES]: [{ keys: { cityKey: 1, saleDate: -1, _id: 1 } }] },
  project: byEventType<SaleEvent>({
    SaleRecorded: (data) => [{ collection: SALES, replaceOne: { filter: { _id: data.saleId }, replacement: { _id: data.saleId, ...data, cityKey: cityKey(data.city) }, upsert: true } }],
  }),
};

/** Sales in a city since a date (ISO yyyy-mm-dd), newest first. */
export function salesInCity(store: ReadStore, city: string, sinceDate: string): Promise<SaleDoc[]> {
  return store.collection<SaleDoc>(SALES).find({ cityKey: cityKey(city), saleDate: { $gte: sinceDate } }, { sort: { saleDate: -1, _id: 1 } });
}

export const countSales = (store: ReadStore) => store.collection(SALES).count();
