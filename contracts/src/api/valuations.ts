import { z } from 'zod';
import { ADDRESS_HINT, looksLikeAddress } from '../address';
import { ConditionScores } from '../conditions-schema';
import { PropertyDetails } from '../events/properties';
import { PropertyTypeSchema } from '../property-facts';
import { Comparable, Purpose } from '../events/valuations';

/** A number field of the wizard: empty (or '') means not given; a non-number is refused. */
const optionalNumber = (label: string, min: number, max: number, unit = '') =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .number({ error: `${label} must be a number` })
      .min(min, `${label} must be at least ${min.toLocaleString('en-NZ')}${unit}`)
      .max(max, `${label} must be at most ${max.toLocaleString('en-NZ')}${unit}`)
      .nullable(),
  );
const optionalCount = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`).nullable(),
  );

/** The valuation form of consumer spec §3, validated as §5 says. */
export const ValuationRequest = z.strictObject({
  purpose: Purpose,
  address: z
    .string({ error: 'Please enter a property address first.' })
    .trim()
    .min(1, 'Please enter a property address first.')
    .max(200, 'Address is too long')
    // It is shown on the public map and in the directory: it must look like a street address (issue 11).
    .refine((a) => a.length === 0 || a.length > 200 || looksLikeAddress(a), ADDRESS_HINT),
  suburb: z.string().trim().max(100, 'Suburb is too long').optional().default(''),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(100, 'City is required'),
  /** Optional; a house when not given (issue 11). */
  propertyType: PropertyTypeSchema.optional(),
  floorArea: optionalNumber('Floor area', 10, 5000, ' m²'),
  landArea: optionalNumber('Land area', 0, 1_000_000, ' m²'),
  bedrooms: optionalCount('Bedrooms', 0, 20),
  bathrooms: optionalCount('Bathrooms', 0, 20),
  rateableValue: optionalNumber('Rateable value', 1000, 100_000_000, ' NZD'),
  conditionScores: ConditionScores.optional().default({}),
});
export type ValuationRequest = z.infer<typeof ValuationRequest>;

export const ResearchComparablesResponse = z.object({
  comparables: z.array(Comparable),
  /** How many months back the search had to look (3, widened to 6, 12, 24 when too few). */
  windowMonths: z.number(),
  /** Said when the window was widened or demo sales were used. */
  note: z.string().nullable(),
});
export type ResearchComparablesResponse = z.infer<typeof ResearchComparablesResponse>;

export const ValuationProperty = PropertyDetails.extend({ id: z.string() });

/** The user's own valuation (consumer spec §3, "User's valuation"), with what explains it. */
export const UserValuation = z.object({
  id: z.string(),
  createdAt: z.string(),
  purpose: Purpose,
  status: z.enum(['pending', 'completed', 'failed']),
  estimatedValue: z.number().nullable(),
  conservativeValue: z.number().nullable(),
  optimisticValue: z.number().nullable(),
  baseValue: z.number().nullable(),
  conditionAdjustment: z.number().nullable(),
  marketAdjustment: z.number().nullable(),
  confidence: z.number().nullable(),
  engine: z.enum(['model', 'openai']).nullable(),
  explanation: z.array(z.string()),
  failureReason: z.string().nullable(),
  rateableValue: z.number().nullable(),
  city: z.string(),
  suburb: z.string(),
  conditionScores: ConditionScores,
  comparables: z.array(Comparable),
  comparablesWindowMonths: z.number().nullable(),
  saved: z.boolean(),
  savedAt: z.string().nullable(),
  property: ValuationProperty,
});
export type UserValuation = z.infer<typeof UserValuation>;

/** POST /api/valuations: the estimate and the saved valuation (consumer spec §7). */
export const ValuationResult = z.object({
  estimatedValue: z.number(),
  conservativeValue: z.number(),
  optimisticValue: z.number(),
  conditionAdjustment: z.number(),
  marketAdjustment: z.number(),
  confidence: z.number(),
  engine: z.enum(['model', 'openai']),
  valuation: UserValuation,
});
export type ValuationResult = z.infer<typeof ValuationResult>;

export const ValuationIdParams = z.strictObject({ id: z.string().min(1).max(64) });
export const PropertyIdParams = z.strictObject({ id: z.string().min(1).max(64) });

/** The Save button's effect: the valuation is marked saved (kept in "my valuations"). */
export const SaveValuationResponse = z.object({ id: z.string(), saved: z.literal(true), savedAt: z.string() });
