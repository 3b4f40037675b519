import type { Comparable, ConditionScores, Estimate, PropertyDetails, Purpose, ValuationEvent } from '@kainga/contracts';
import { conflict, invalid, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

/** Stream `valuation-<id>`. */
export const valuationStream = (valuationId: string) => `valuation-${valuationId}`;

export type ValuationState =
  | { status: 'none' }
  | {
      status: 'pending' | 'completed' | 'failed';
      valuationId: string;
      propertyId: string;
      userId: string;
      purpose: Purpose;
      property: PropertyDetails;
      conditionScores: ConditionScores;
      requestedAt: string;
      comparables: Comparable[] | null;
      estimate: Estimate | null;
      failureReason: string | null;
      saved: boolean;
    };

export type ValuationCommand =
  | { type: 'RequestValuation'; valuationId: string; propertyId: string; userId: string; purpose: Purpose; property: PropertyDetails; conditionScores: ConditionScores; demo: boolean; at: string }
  | { type: 'RecordComparables'; comparables: Comparable[]; windowMonths: number; note: string | null; at: string }
  | { type: 'CompleteValuation'; estimate: Estimate; at: string }
  | { type: 'FailValuation'; reason: string; at: string }
  | { type: 'GenerateReport'; by: string; at: string }
  | { type: 'SaveValuation'; by: string; at: string };

export const valuationDecider: Decider<ValuationState, ValuationCommand, ValuationEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'ValuationRequested' }, ({ data }): ValuationState => ({
        status: 'pending',
        valuationId: data.valuationId,
        propertyId: data.propertyId,
        userId: data.userId,
        purpose: data.purpose,
        property: data.property,
        conditionScores: data.conditionScores,
        requestedAt: data.requestedAt,
        comparables: null,
        estimate: null,
        failureReason: null,
        saved: false,
      }))
      .with({ type: 'ComparablesResearched' }, ({ data }): ValuationState => (state.status === 'none' ? state : { ...state, comparables: data.comparables }))
      .with({ type: 'ValuationCompleted' }, ({ data }): ValuationState => {
        if (state.status === 'none') return state;
        const { valuationId: _v, propertyId: _p, completedAt: _c, requestedAt: _r, ...estimate } = data;
        return { ...state, status: 'completed', estimate };
      })
      .with({ type: 'ValuationFailed' }, ({ data }): ValuationState => (state.status === 'none' ? state : { ...state, status: 'failed', failureReason: data.reason }))
      .with({ type: 'ValuationReportGenerated' }, (): ValuationState => state)
      .with({ type: 'ValuationSaved' }, (): ValuationState => (state.status === 'none' ? state : { ...state, saved: true }))
      .exhaustive(),

  decide: (command, state) =>
    match(command)
      .with({ type: 'RequestValuation' }, (c): ValuationEvent[] => {
        if (state.status !== 'none') throw conflict('This valuation already exists.');
        return [
          {
            type: 'ValuationRequested',
            data: { valuationId: c.valuationId, propertyId: c.propertyId, userId: c.userId, purpose: c.purpose, property: c.property, conditionScores: c.conditionScores, demo: c.demo, requestedAt: c.at },
          },
        ];
      })
      .with({ type: 'RecordComparables' }, (c): ValuationEvent[] => {
        const s = pending(state);
        return [{ type: 'ComparablesResearched', data: { valuationId: s.valuationId, comparables: c.comparables, windowMonths: c.windowMonths, note: c.note, researchedAt: c.at } }];
      })
      .with({ type: 'CompleteValuation' }, (c): ValuationEvent[] => {
        const s = pending(state);
        return [{ type: 'ValuationCompleted', data: { ...c.estimate, valuationId: s.valuationId, propertyId: s.propertyId, completedAt: c.at, requestedAt: s.requestedAt } }];
      })
      .with({ type: 'FailValuation' }, (c): ValuationEvent[] => {
        if (state.status === 'none') throw notFound('Valuation not found.');
        if (state.status !== 'pending') return []; // already finished: a late failure changes nothing
        return [{ type: 'ValuationFailed', data: { valuationId: state.valuationId, propertyId: state.propertyId, reason: c.reason, failedAt: c.at } }];
      })
      .with({ type: 'GenerateReport' }, (c): ValuationEvent[] => {
        const s = completed(state);
        return [{ type: 'ValuationReportGenerated', data: { valuationId: s.valuationId, generatedBy: c.by, generatedAt: c.at } }];
      })
      .with({ type: 'SaveValuation' }, (c): ValuationEvent[] => {
        const s = completed(state);
        return s.saved ? [] : [{ type: 'ValuationSaved', data: { valuationId: s.valuationId, savedBy: c.by, savedAt: c.at } }];
      })
      .exhaustive(),
};

function pending(state: ValuationState) {
  if (state.status === 'none') throw notFound('Valuation not found.');
  if (state.status !== 'pending') throw conflict('This valuation is already finished.');
  return state;
}

function completed(state: ValuationState) {
  if (state.status === 'none') throw notFound('Valuation not found.');
  if (state.status === 'pending') throw invalid('The valuation is still being worked out. Please try again in a moment.');
  if (state.status === 'failed') throw invalid('This valuation could not be completed, so there is nothing to report or save. Please start a new assessment.');
  return state;
}
