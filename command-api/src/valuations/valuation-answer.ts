import type { ValuationResult } from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import type { ValuationDoc } from '@kainga/projections';
import { toUserValuation } from './user-valuation';

/**
 * The answer to POST /api/valuations, built from the recorded valuation (the read model of its
 * stream), never from a workflow's return value: the first request and any retry of it (same
 * Idempotency-Key) then answer the same figures, whichever run produced them.
 */
export function valuationAnswer(doc: ValuationDoc | null): ValuationResult {
  const estimate = doc?.status === 'completed' ? doc.estimate : null;
  if (!doc || !estimate) throw new CommandError('unavailable', 'The valuation finished but is not readable yet. It will appear under your valuations shortly.');
  return {
    estimatedValue: estimate.estimatedValue,
    conservativeValue: estimate.conservativeValue,
    optimisticValue: estimate.optimisticValue,
    conditionAdjustment: estimate.conditionAdjustment,
    marketAdjustment: estimate.marketAdjustment,
    confidence: estimate.confidence,
    engine: estimate.engine,
    valuation: toUserValuation(doc),
  };
}
