import type { SaleData, SaleEvent } from '@kainga/contracts';
import { saleEventTypes } from '@kainga/contracts';
import { byEventType, type Projector, type ReadStore } from '@kainga/platform';

/** The `sales` read model: every recorded sale, looked up by city and date for comparables. */
export const SALES = 'sales';
export type SaleDoc = SaleData & { _id: string; cityKey: string };

export const cityKey = (city: string) => city.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export const salesProjector: Projector = {
  name: 'sales',
  collections: [SALES],
  filter: { eventTypes: saleEventTypes, streamPrefixes: ['sale-'] },
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
