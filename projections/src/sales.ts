import type { SaleData, SaleEvent } from '@kainga/contracts';
import { saleEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';

/** The `sales` read model: every recorded sale, looked up by city and date for comparables. */
export const SALES = 'sales';
export type SaleDoc = SaleData & { _id: string; cityKey: string };

export const cityKey = (city: string) => city.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export const salesProjector: Projector = {
  name: 'sales',
  collections: [SALES],
  filter: { eventTypes: saleEventTypes, streamPrefixes: ['sale-'] },
  project(event: RecordedEvent): CollectionWrite[] {
    const e = { type: event.type, data: event.data } as SaleEvent;
    return match(e)
      .with({ type: 'SaleRecorded' }, ({ data }) => [
        { collection: SALES, replaceOne: { filter: { _id: data.saleId }, replacement: { _id: data.saleId, ...data, cityKey: cityKey(data.city) }, upsert: true } } satisfies CollectionWrite,
      ])
      .exhaustive();
  },
};

/** Sales in a city since a date (ISO yyyy-mm-dd), newest first. */
export function salesInCity(store: ReadStore, city: string, sinceDate: string): Promise<SaleDoc[]> {
  return store.collection<SaleDoc>(SALES).find({ cityKey: cityKey(city), saleDate: { $gte: sinceDate } }, { sort: { saleDate: -1, _id: 1 } });
}

/** City-wide figures the model falls back on: median sale/RV ratio and median price per m². */
export async function cityMarket(store: ReadStore, city: string, sinceDate: string): Promise<{ saleToRvRatio: number | null; medianPricePerM2: number | null; sales: number }> {
  const sales = await salesInCity(store, city, sinceDate);
  const median = (xs: number[]) => {
    if (xs.length === 0) return null;
    const s = [...xs].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  return {
    saleToRvRatio: median(sales.filter((s) => s.rateableValue).map((s) => s.price / s.rateableValue!)),
    medianPricePerM2: median(sales.filter((s) => s.floorArea).map((s) => s.price / s.floorArea!)),
    sales: sales.length,
  };
}

export const countSales = (store: ReadStore) => store.collection(SALES).count();
