import type { Estimate, PropertyDetails, ValuationEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, it } from 'vitest';
import { valuationDecider } from './valuation';

const at = '2026-11-22T00:00:00.000Z';
const property: PropertyDetails = { address: '5 Rātā Road', suburb: 'Karori', city: 'Wellington', floorArea: 140, landArea: 600, bedrooms: 3, bathrooms: 1, rateableValue: 900_000 };
const requested: ValuationEvent = {
  type: 'ValuationRequested',
  data: { valuationId: 'v1', propertyId: 'p1', userId: 'u1', purpose: 'selling', property, conditionScores: { kitchen: 4 }, demo: false, requestedAt: at },
};
const estimate: Estimate = {
  estimatedValue: 950_000,
  conservativeValue: 880_000,
  optimisticValue: 1_020_000,
  baseValue: 930_000,
  conditionAdjustment: 20_000,
  marketAdjustment: 0,
  confidence: 72,
  engine: 'model',
  engineVersion: 'kainga-model-1',
  explanation: ['x'],
  fallbackReason: null,
};
const completed: ValuationEvent = { type: 'ValuationCompleted', data: { ...estimate, valuationId: 'v1', propertyId: 'p1', completedAt: at, requestedAt: at } };
const spec = deciderSpec(valuationDecider);

describe('valuation decider', () => {
  it('requests a valuation', () =>
    spec
      .given([])
      .when({ type: 'RequestValuation', valuationId: 'v1', propertyId: 'p1', userId: 'u1', purpose: 'selling', property, conditionScores: { kitchen: 4 }, demo: false, at })
      .then([requested]));
  it('records comparables and the result while pending', () => {
    spec
      .given([requested])
      .when({ type: 'RecordComparables', comparables: [], windowMonths: 6, note: 'widened', at })
      .then([{ type: 'ComparablesResearched', data: { valuationId: 'v1', comparables: [], windowMonths: 6, note: 'widened', researchedAt: at } }]);
    spec.given([requested]).when({ type: 'CompleteValuation', estimate, at }).then([completed]);
  });
  it('carries when it was asked for into its result, for read models kept from the result alone', () => {
    const earlier = '2026-11-20T08:00:00.000Z';
    spec
      .given([{ ...requested, data: { ...requested.data, requestedAt: earlier } } as ValuationEvent])
      .when({ type: 'CompleteValuation', estimate, at })
      .then([{ type: 'ValuationCompleted', data: { ...estimate, valuationId: 'v1', propertyId: 'p1', completedAt: at, requestedAt: earlier } }]);
  });
  it('refuses a second result', () => spec.given([requested, completed]).when({ type: 'CompleteValuation', estimate, at }).thenRefuses('conflict'));
  it('fails a pending valuation, and ignores a late failure after completion', () => {
    spec
      .given([requested])
      .when({ type: 'FailValuation', reason: 'No data', at })
      .then([{ type: 'ValuationFailed', data: { valuationId: 'v1', propertyId: 'p1', reason: 'No data', failedAt: at } }]);
    spec.given([requested, completed]).when({ type: 'FailValuation', reason: 'late', at }).thenNothingHappens();
  });
  it('reports and saves only a completed valuation, saving once', () => {
    spec.given([requested]).when({ type: 'GenerateReport', by: 'u1', at }).thenRefuses('invalid', /still being worked out/);
    spec.given([requested, completed]).when({ type: 'GenerateReport', by: 'u1', at }).then([{ type: 'ValuationReportGenerated', data: { valuationId: 'v1', generatedBy: 'u1', generatedAt: at } }]);
    const saved: ValuationEvent = { type: 'ValuationSaved', data: { valuationId: 'v1', savedBy: 'u1', savedAt: at } };
    spec.given([requested, completed]).when({ type: 'SaveValuation', by: 'u1', at }).then([saved]);
    spec.given([requested, completed, saved]).when({ type: 'SaveValuation', by: 'u1', at }).thenNothingHappens();
  });
  it('knows no unknown valuation', () => spec.given([]).when({ type: 'SaveValuation', by: 'u1', at }).thenRefuses('not_found'));
});
