import { z } from 'zod';
import { PropertyFacts, PublicFacts } from '../property-facts';
import { LocationPrecision } from '../events/properties';

export const ValueBand = z.object({ low: z.number(), high: z.number() });
export type ValueBand = z.infer<typeof ValueBand>;
export const ConfidenceBucket = z.number().int().min(1).max(5);

/** Anonymised: a value band and a confidence bucket, never the exact value or the owner. */
export const PublicValuationSummary = PublicFacts.extend({
  valuationId: z.string(),
  createdAt: z.string(),
  estimatedValueBand: ValueBand,
  confidenceBucket: ConfidenceBucket,
  demo: z.boolean(),
});
export type PublicValuationSummary = z.infer<typeof PublicValuationSummary>;

export const PropertySummary = PublicFacts.extend({
  propertyId: z.string(),
  landArea: z.number().nullable(),
  demo: z.boolean(),
  latestValuation: z.object({ estimatedValueBand: ValueBand, confidenceBucket: ConfidenceBucket, createdAt: z.string() }).nullable(),
});
export type PropertySummary = z.infer<typeof PropertySummary>;

export const PublicStats = z.object({
  totalValuations: z.number(),
  totalProperties: z.number(),
  totalPartners: z.number(),
  recentValuationsCount: z.number(),
});
export type PublicStats = z.infer<typeof PublicStats>;

/** Coordinates are strings, as the spec's map reads them ("strings parsed as numbers"). */
export const PublicPropertyLocation = PropertyFacts.extend({
  id: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  hasValuation: z.boolean(),
  valuationLow: z.number().nullable(),
  valuationHigh: z.number().nullable(),
  /** Generated demo data, labelled as such on every screen. */
  demo: z.boolean(),
});
export type PublicPropertyLocation = z.infer<typeof PublicPropertyLocation>;

/**
 * A box of the map in degrees, as GeoJSON orders a bbox: [minLon, minLat, maxLon, maxLat].
 * minLon above maxLon is a box across the antimeridian (e.g. the mainland with the Chatham Islands).
 */
export const LonLatBbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type LonLatBbox = z.infer<typeof LonLatBbox>;

/**
 * GET /api/public/property-locations/extent: what the public map needs before it knows its view —
 * the box that holds every located property (null when there is none), how many there are, and the
 * New Zealand-wide figures of the market insights (the published value bands of the valued ones).
 */
export const PublicPropertyExtent = z.object({
  count: z.number().int().min(0),
  valued: z.number().int().min(0),
  bbox: LonLatBbox.nullable(),
  /** Lowest band low and highest band high of the valued properties (null when none). */
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Median of the bands' midpoints (null when none). */
  medianMidpoint: z.number().nullable(),
});
export type PublicPropertyExtent = z.infer<typeof PublicPropertyExtent>;

export const PropertyMapDetails = z.object({
  property: PropertyFacts,
  latestValuation: z
    .object({ estimatedValue: z.number(), conservativeValue: z.number(), optimisticValue: z.number(), confidence: z.number(), createdAt: z.string() })
    .nullable(),
  isOwner: z.boolean(),
  /**
   * How exactly its map point says where the home is (issue 11): its precision, how far off it may
   * be (km, when known) and what placed it ('sales': its street's or suburb's known sales). Null
   * while it is not on the map.
   */
  placement: z.object({ precision: LocationPrecision, accuracyKm: z.number().nullable(), by: z.string().nullable() }).nullable().optional(),
});
export type PropertyMapDetails = z.infer<typeof PropertyMapDetails>;

export const SummaryQuery = z.object({ pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1, 'pageSize must be at least 1').max(50, 'pageSize must be at most 50').default(10) });
