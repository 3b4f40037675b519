import { z } from 'zod';
import { ConditionScores } from '../conditions-schema';
import { PropertyDetails } from './properties';
import { SaleRecorded } from './sales';

export const Purpose = z.enum(['buying', 'selling', 'testing'], { error: 'Please choose a purpose: buying, selling or testing' });
export type Purpose = z.infer<typeof Purpose>;

/** A comparable sale as the valuation saw it (consumer spec §3, plus its sale id and demo flag). */
export const Comparable = SaleRecorded.shape.data
  .omit({ latitude: true, longitude: true, source: true })
  .extend({
    matchPercentage: z.number(),
    /** Kilometres from the property; null when either has no coordinates. */
    distance: z.number().nullable(),
  });
export type Comparable = z.infer<typeof Comparable>;

/** The result of an estimate, whichever engine produced it. */
export const Estimate = z.object({
  estimatedValue: z.number(),
  conservativeValue: z.number(),
  optimisticValue: z.number(),
  /** The value before adjustments (comparables and rateable value blended). */
  baseValue: z.number(),
  conditionAdjustment: z.number(),
  marketAdjustment: z.number(),
  /** Percent, 0–100. */
  confidence: z.number(),
  engine: z.enum(['model', 'openai']),
  /** Model name for openai, model version for the local model. */
  engineVersion: z.string(),
  /** Plain-language reasoning, one line per factor. */
  explanation: z.array(z.string()),
  /** Why the AI answer was not used, when the engine fell back to the model. */
  fallbackReason: z.string().nullable(),
});
export type Estimate = z.infer<typeof Estimate>;

/** Stream `valuation-<id>`. */
export const ValuationRequested = z.object({
  type: z.literal('ValuationRequested'),
  data: z.object({
    valuationId: z.string(),
    propertyId: z.string(),
    userId: z.string(),
    purpose: Purpose,
    property: PropertyDetails,
    conditionScores: ConditionScores,
    demo: z.boolean(),
    requestedAt: z.string(),
  }),
});
export const ComparablesResearched = z.object({
  type: z.literal('ComparablesResearched'),
  data: z.object({ valuationId: z.string(), comparables: z.array(Comparable), windowMonths: z.number(), note: z.string().nullable(), researchedAt: z.string() }),
});
export const ValuationCompleted = z.object({
  type: z.literal('ValuationCompleted'),
  data: Estimate.extend({
    valuationId: z.string(),
    propertyId: z.string(),
    completedAt: z.string(),
    /**
     * When the valuation was asked for (its ValuationRequested's requestedAt), carried so that a
     * read model kept from this event alone (a property's latest valuation) dates it as every list
     * of valuations does. Absent on events recorded before it was added.
     */
    requestedAt: z.string().optional(),
  }),
});
export const ValuationFailed = z.object({
  type: z.literal('ValuationFailed'),
  data: z.object({ valuationId: z.string(), propertyId: z.string(), reason: z.string(), failedAt: z.string() }),
});
export const ValuationReportGenerated = z.object({
  type: z.literal('ValuationReportGenerated'),
  data: z.object({ valuationId: z.string(), generatedBy: z.string(), generatedAt: z.string() }),
});
export const ValuationSaved = z.object({
  type: z.literal('ValuationSaved'),
  data: z.object({ valuationId: z.string(), savedBy: z.string(), savedAt: z.string() }),
});
export const ValuationEvent = z.discriminatedUnion('type', [ValuationRequested, ComparablesResearched, ValuationCompleted, ValuationFailed, ValuationReportGenerated, ValuationSaved]);
export type ValuationEvent = z.infer<typeof ValuationEvent>;
export const valuationEventTypes = ['ValuationRequested', 'ComparablesResearched', 'ValuationCompleted', 'ValuationFailed', 'ValuationReportGenerated', 'ValuationSaved'] as const;
