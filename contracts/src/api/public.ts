import { z } from 'zod';
import { PropertyFacts, PublicFacts } from '../property-facts';

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

export const PropertyMapDetails = z.object({
  property: PropertyFacts,
  latestValuation: z
    .object({ estimatedValue: z.number(), conservativeValue: z.number(), optimisticValue: z.number(), confidence: z.number(), createdAt: z.string() })
    .nullable(),
  isOwner: z.boolean(),
});
export type PropertyMapDetails = z.infer<typeof PropertyMapDetails>;

export const SummaryQuery = z.object({ pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1, 'pageSize must be at least 1').max(50, 'pageSize must be at most 50').default(10) });
