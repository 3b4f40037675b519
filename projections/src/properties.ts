import type { ErasureEvent, PropertyEvent, PropertyType, ValuationEvent } from '@kainga/contracts';
import { confidenceBucket, placedPrecision, propertyEventTypes, valueBand } from '@kainga/contracts';
import { byEventType, type CollectionWrite, type Projector, type ReadStore } from '@kainga/platform';
import { pageOf, pageOfMatches, type Page, type PageWindow } from './paged-read';
import { searchKey, startsWith } from './search-key';
import { searchKeysOf, streetOf, type SearchKeys } from './directory-keys';
import { erasedValuesOf, withPersonErased } from './person-erased';

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
  /** Absent on properties registered before types existed: a house (`propertyTypeOf`). */
  propertyType?: PropertyType;
  bedrooms: number | null;
  bathrooms: number | null;
  rateableValue: number | null;
  latitude: number | null;
  longitude: number | null;
  /** How exactly it was placed (`PropertyLocated`); the embedded geocoder's points are 'city' (it knows only towns). */
  locationPrecision: 'address' | 'street' | 'suburb' | 'city' | null;
  /** How far the home may be from its point (km), when known; absent before version 4. */
  locationAccuracyKm?: number | null;
  /** What placed it: 'sales' (its street's or suburb's known sales), a geocoder's name; absent before version 4. */
  locatedBy?: string | null;
  latestValuation: LatestValuation | null;
  valuations: number;
  demo: boolean;
  /**
   * Its owner took it off the public map, directory and summaries (issue 11); every public read
   * asks for `hidden: false` ({@link PUBLIC_ONLY}), the owner's and admins' reads do not.
   */
  hidden: boolean;
  /** When its owner was erased (PersonErased): its address reads as erased and it is off every public read. */
  erasedAt?: string;
  createdAt: string;
  updatedAt: string;
  /** Normalised address, street, suburb and city that the directory searches (property-directory.ts). */
  search: SearchKeys;
  [key: string]: unknown;
}

const update = (id: string, fields: Record<string, unknown>, inc?: Record<string, number>): CollectionWrite => ({
  collection: PROPERTIES,
  updateOne: { filter: { _id: id }, update: { $set: fields, ...(inc ? { $inc: inc } : {}) } },
});

export const propertiesProjector: Projector = {
  name: 'properties',
  // 2: the search keys of the directory and the admin's list. 3: `hidden`, and the public reads'
  // city index leads with it. 4: how far off its point may be and what placed it, for the owner's
  // map panel (issue 11), the embedded geocoder's old 'suburb' points read as the 'city' they are.
  // 5: an erased owner's properties (PersonErased). 6: and those registered while the erasure gathered them.
  version: 6,
  collections: [PROPERTIES],
  filter: withPersonErased({ eventTypes: [...propertyEventTypes, 'ValuationCompleted'], streamPrefixes: ['property-', 'valuation-'] }),
  indexes: {
    [PROPERTIES]: [
      // allProperties, locatedProperties, pageProperties and the directory: newest first.
      { keys: { createdAt: -1, _id: 1 } },
      // The public reads of one city (the directory, its list of cities, the map), newest first,
      // and how many are hidden (`hidden: true`, a range of the hidden ones only).
      { keys: { hidden: 1, city: 1, createdAt: -1, _id: 1 } },
      // The directory's search across all cities and the admin's search: a prefix of each (property-directory.ts).
      { keys: { 'search.city': 1, createdAt: -1, _id: 1 } },
      { keys: { 'search.suburb': 1, createdAt: -1, _id: 1 } },
      { keys: { 'search.street': 1, createdAt: -1, _id: 1 } },
      { keys: { 'search.address': 1, createdAt: -1, _id: 1 } },
      // An owner's properties, newest first (their data export: command-api/src/profile).
      { keys: { ownerId: 1, createdAt: -1, _id: 1 } },
    ],
  },
  project: byEventType<PropertyEvent | ValuationEvent | ErasureEvent>({
    PropertyRegistered: (data) => {
      const { propertyId, ownerId, demo, registeredAt, ...details } = data;
      const doc: PropertyDoc = {
        _id: propertyId,
        ownerId,
        ...details,
        latitude: null,
        longitude: null,
        locationPrecision: null,
        locationAccuracyKm: null,
        locatedBy: null,
        latestValuation: null,
        valuations: 0,
        demo,
        hidden: false,
        createdAt: registeredAt,
        updatedAt: registeredAt,
        search: searchKeysOf(details),
      };
      return [{ collection: PROPERTIES, replaceOne: { filter: { _id: propertyId }, replacement: doc, upsert: true } }];
    },
    PropertyDetailsChanged: (data) => {
      const { propertyId, changedAt, ...details } = data;
      return [update(propertyId, { ...details, search: searchKeysOf(details), updatedAt: changedAt })];
    },
    PropertyLocated: (data) => [
      update(data.propertyId, {
        latitude: data.latitude,
        longitude: data.longitude,
        locationPrecision: placedPrecision(data),
        locationAccuracyKm: data.accuracyKm ?? null,
        locatedBy: data.geocoder,
      }),
    ],
    PropertyHiddenFromPublic: (data) => [update(data.propertyId, { hidden: true, updatedAt: data.at })],
    PropertyShownInPublic: (data) => [update(data.propertyId, { hidden: false, updatedAt: data.at })],
    ValuationCompleted: (data) => {
      const latest: LatestValuation = {
        valuationId: data.valuationId,
        estimatedValue: data.estimatedValue,
        conservativeValue: data.conservativeValue,
        optimisticValue: data.optimisticValue,
        confidence: data.confidence,
        band: valueBand(data.estimatedValue, data.confidence),
        bucket: confidenceBucket(data.confidence),
        // Dated as every list of valuations dates it: when it was asked for (older events: when it finished).
        createdAt: data.requestedAt ?? data.completedAt,
      };
      return [update(data.propertyId, { latestValuation: latest, updatedAt: data.completedAt }, { valuations: 1 })];
    },
    // The rest of a valuation's events say nothing about its property.
    ValuationRequested: () => [],
    ComparablesResearched: () => [],
    ValuationFailed: () => [],
    ValuationReportGenerated: () => [],
    ValuationSaved: () => [],
    // By owner, not only the ids recorded: a property registered while the erasure gathered them is theirs too.
    PersonErased: (data) => [{ collection: PROPERTIES, updateMany: { filter: { ownerId: data.userId }, update: { $set: erasedProperty(data.at) } } }],
  }),
};

/**
 * An erased owner's property: the counts and its valuation figures stay (suburb and town are not
 * personal), the street address reads as erased, and it leaves the map (no point) and every
 * public read (hidden). The search keys are set whole from the erased address, whatever they were
 * made from, so a rebuild (which reads the address erased already) writes the same; `text`, the
 * directory's, is only searched among public properties.
 */
function erasedProperty(at: string): Record<string, unknown> {
  const { address } = erasedValuesOf('PropertyRegistered') as { address: string };
  const key = searchKey(address);
  return { address, latitude: null, longitude: null, hidden: true, erasedAt: at, 'search.address': key, 'search.street': streetOf(key), 'search.text': '' };
}

/** Any property, hidden or not: for its owner's and admins' views. */
export const findProperty = (store: ReadStore, id: string) => store.collection<PropertyDoc>(PROPERTIES).findOne({ _id: id });

/** The filter every public read of the properties adds: its owner has not hidden it. */
export const PUBLIC_ONLY = { hidden: false } as const;

/** A property as the public may see it: null when there is none or its owner hid it. */
export const findPublicProperty = (store: ReadStore, id: string) => store.collection<PropertyDoc>(PROPERTIES).findOne({ _id: id, ...PUBLIC_ONLY });

/**
 * How many properties the public sees: all of them less the hidden ones, which the index
 * `{hidden, city, …}` counts by walking only theirs (a count of `hidden: false` would walk all).
 */
export async function countPublicProperties(store: ReadStore): Promise<number> {
  const properties = store.collection<PropertyDoc>(PROPERTIES);
  const [all, hidden] = await Promise.all([properties.count(), properties.count({ hidden: true })]);
  return all - hidden;
}

/** A box of the map in degrees; minLon > maxLon is a box across the antimeridian. */
export interface LonLatBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** The fields of a property that the public map shows. */
export type LocatedProperty = Pick<PropertyDoc, '_id' | 'address' | 'suburb' | 'city' | 'bedrooms' | 'bathrooms' | 'floorArea' | 'landArea' | 'demo'> & {
  latitude: number;
  longitude: number;
  latestValuation?: { band: { low: number; high: number } } | null;
};

/**
 * Properties with coordinates for the public map, newest first: all of them, or those inside a
 * box and/or of a city; never those their owners hid. Plain range and equality filters, so an
 * index on `{ latitude: 1, longitude: 1 }` (and `{ hidden: 1, city: 1 }`) serves them; only the
 * public fields are read.
 */
export const locatedProperties = (store: ReadStore, area: { bbox?: LonLatBox; city?: string } = {}) => {
  const { bbox, city } = area;
  const filter: Record<string, unknown> = bbox
    ? {
        latitude: { $ne: null, $gte: bbox.minLat, $lte: bbox.maxLat },
        ...(bbox.minLon <= bbox.maxLon
          ? { longitude: { $ne: null, $gte: bbox.minLon, $lte: bbox.maxLon } }
          : { longitude: { $ne: null }, $or: [{ longitude: { $gte: bbox.minLon } }, { longitude: { $lte: bbox.maxLon } }] }),
      }
    : { latitude: { $ne: null }, longitude: { $ne: null } };
  Object.assign(filter, PUBLIC_ONLY);
  if (city !== undefined) filter.city = city;
  return store.collection<PropertyDoc>(PROPERTIES).find(filter, {
    sort: { createdAt: -1, _id: 1 },
    projection: { address: 1, suburb: 1, city: 1, latitude: 1, longitude: 1, bedrooms: 1, bathrooms: 1, floorArea: 1, landArea: 1, demo: 1, 'latestValuation.band': 1, createdAt: 1 },
  }) as unknown as Promise<LocatedProperty[]>;
};

export const allProperties = (store: ReadStore, options: { limit?: number } = {}) =>
  store.collection<PropertyDoc>(PROPERTIES).find({}, { sort: { createdAt: -1, _id: 1 }, limit: options.limit });

export const countProperties = (store: ReadStore) => store.collection(PROPERTIES).count();

/** Newest first; `_id` orders properties registered in the same millisecond. */
const NEWEST_FIRST = { createdAt: -1, _id: 1 } as const;

/**
 * A page of the admin's property overview, newest first, and how many properties there are. With
 * `search`, only those whose address, street, suburb or city starts with it, ignoring case and
 * accents; each is a range of its own index (see pageOfMatches for the cost).
 */
export function pageProperties(store: ReadStore, window: PageWindow, search?: string): Promise<Page<PropertyDoc>> {
  const properties = store.collection<PropertyDoc>(PROPERTIES);
  if (search === undefined) return pageOf(properties, NEWEST_FIRST, window);
  const key = searchKey(search);
  const ranges = key ? (['search.address', 'search.street', 'search.suburb', 'search.city'] as const).map((field) => ({ [field]: startsWith(key) })) : [];
  return pageOfMatches(properties, ranges, NEWEST_FIRST, window);
}
