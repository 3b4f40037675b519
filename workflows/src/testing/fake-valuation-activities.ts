import type { Estimate } from '@kainga/contracts';
import type { ValuationActivities } from '../valuation/activity-types';

export const sampleEstimate: Estimate = {
  estimatedValue: 850_000,
  conservativeValue: 800_000,
  optimisticValue: 900_000,
  baseValue: 830_000,
  conditionAdjustment: 15_000,
  marketAdjustment: 5_000,
  confidence: 72,
  engine: 'model',
  engineVersion: 'test',
  explanation: ['Three comparable sales within 2 km.'],
  fallbackReason: null,
};

export type ActivityName = keyof ValuationActivities;

/**
 * Activities for tests: each call is recorded as `[name, input]`; `failures[name]` lists errors
 * that step throws on its next calls, in turn, before it starts to succeed.
 */
export function fakeValuationActivities(failures: Partial<Record<ActivityName, unknown[]>> = {}) {
  const calls: [ActivityName, unknown][] = [];
  const step = <R>(name: ActivityName, answer: R) => async (input: unknown): Promise<R> => {
    calls.push([name, input]);
    const error = failures[name]?.shift();
    if (error !== undefined) throw error;
    return answer;
  };
  const activities: ValuationActivities = {
    locateProperty: step('locateProperty', { latitude: -36.85, longitude: 174.76 }),
    researchComparables: step('researchComparables', { count: 3, windowMonths: 12 }),
    estimate: step('estimate', sampleEstimate),
    recordEstimate: step('recordEstimate', undefined),
    failValuation: step('failValuation', undefined),
  };
  return { activities, calls, names: () => calls.map(([name]) => name) };
}
