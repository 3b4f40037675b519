import type { PropertyEvent, ValuationEvent } from '@kainga/contracts';
import { confidenceBucket, propertyEventTypes, valueBand } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match, P } from 'ts-pattern';

/** The `properties` read model: details, map position and the latest completed valuation. */
export const PROPERTIES = 'properties';

export interface LatestValuation {
  valuationId: string;
  estimatedValue: number;
  conservativeValue: number;
  optimisticValue: number;
  confidence: number;
  band: { low: number; high: number };
  bucket: number;
  createdAt: string;
}

export interface PropertyDoc {
  _id: string;
  ownerId: string;
  address: string;
  suburb: string;
  city: string;
  floorArea: number | null;
  landArea: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  rateableValue: number | null;
  latitude: number | null;
  longitude: number | null;
  locationPrecision: 'address' | 'suburb' | 'city' | null;
  latestValuation: LatestValuation | null;
  valuations: number;
  demo: boolean;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const propertiesProjector: Projector = {
  name: 'properties',
  collections: [PROPERTIES],
  filter: { eventTypes: [...propertyEventTypes, 'ValuationCompleted'], streamPrefixes: ['property-', 'valuation-'] },
  // allProperties and locatedProperties: newest first.
  indexes: { [PROPERTIES]: [{ keys: { createdAt: -1, _id: 1 } }] },
  project(event: RecordedEvent): CollectionWrite[] {
    const e = { type: event.type, data: event.data } as PropertyEvent | ValuationEvent;
    const update = (id: string, fields: Record<string, unknown>, inc?: Record<string, number>): CollectionWrite => ({
      collection: PROPERTIES,
      updateOne: { filter: { _id: id }, update: { $set: fields, ...(inc ? { $inc: inc } : {}) } },
    });
    return match(e)
      .with({ type: 'PropertyRegistered' }, ({ data }) => {
        const { propertyId, ownerId, demo, registeredAt, ...details } = data;
        const doc: PropertyDoc = {
          _id: propertyId,
          ownerId,
          ...details,
          latitude: null,
          longitude: null,
          locationPrecision: null,
          latestValuation: null,
          valuations: 0,
          demo,
          createdAt: registeredAt,
          updatedAt: registeredAt,
        };
        return [{ collection: PROPERTIES, replaceOne: { filter: { _id: propertyId }, replacement: doc, upsert: true } } satisfies CollectionWrite];
      })
      .with({ type: 'PropertyDetailsChanged' }, ({ data }) => {
        const { propertyId, changedAt, ...details } = data;
        return [update(propertyId, { ...details, updatedAt: changedAt })];
      })
      .with({ type: 'PropertyLocated' }, ({ data }) => [update(data.propertyId, { latitude: data.latitude, longitude: data.longitude, locationPrecision: data.precision })])
      .with({ type: 'ValuationCompleted' }, ({ data }) => {
        const latest: LatestValuation = {
          valuationId: data.valuationId,
          estimatedValue: data.estimatedValue,
          conservativeValue: data.conservativeValue,
          optimisticValue: data.optimisticValue,
          confidence: data.confidence,
          band: valueBand(data.estimatedValue, data.confidence),
          bucket: confidenceBucket(data.confidence),
          createdAt: data.completedAt,
        };
        return [update(data.propertyId, { latestValuation: latest, updatedAt: data.completedAt }, { valuations: 1 })];
      })
      .with({ type: P.union('ValuationRequested', 'ComparablesResearched', 'ValuationFailed', 'ValuationReportGenerated', 'ValuationSaved') }, () => [])
      .exhaustive();
  },
};

export const findProperty = (store: ReadStore, id: string) => store.collection<PropertyDoc>(PROPERTIES).findOne({ _id: id });

/** Every property with coordinates, for the public map. */
export const locatedProperties = (store: ReadStore) =>
  store.collection<PropertyDoc>(PROPERTIES).find({ latitude: { $ne: null }, longitude: { $ne: null } }, { sort: { createdAt: -1, _id: 1 } });

export const allProperties = (store: ReadStore, options: { limit?: number } = {}) =>
  store.collection<PropertyDoc>(PROPERTIES).find({}, { sort: { createdAt: -1, _id: 1 }, limit: options.limit });

export const countProperties = (store: ReadStore) => store.collection(PROPERTIES).count();
