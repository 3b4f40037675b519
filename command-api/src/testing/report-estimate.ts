import type { Estimate } from '@kainga/contracts';

/**
 * A completed valuation's estimate for the report's tests (report.api.test.ts, report.test.ts):
 * its breakdown adds up (990,000 + 34,000 − 12,000 = 1,012,000) and its second formula holds
 * markup the report must escape.
 */
export const reportEstimate = {
  estimatedValue: 1_012_000,
  conservativeValue: 900_000,
  optimisticValue: 1_100_000,
  baseValue: 990_000,
  conditionAdjustment: 34_000,
  marketAdjustment: -12_000,
  confidence: 70,
  engine: 'model',
  engineVersion: 'test',
  explanation: ['Report test: the first formula.', 'Second formula: 990,000 + 34,000 − 12,000 = 1,012,000 & <b>escaped</b>.'],
  fallbackReason: null,
} satisfies Estimate;
