import type { Comparable, ConditionScores, ErasureEvent, Estimate, PropertyDetails, Purpose, ValuationEvent } from '@kainga/contracts';
import { confidenceBucket, valuationEventTypes, valueBand } from '@kainga/contracts';
import { byEventType, type CollectionWrite, type Projector, type ReadStore } from '@kainga/platform';
import { erasedValuesOf, withPersonErased } from './person-erased';

/** The `valuations` read model: one document per valuation, for its owner and, anonymised, for everyone. */
export const VALUATIONS = 'valuations';

export interface ValuationDoc {
  _id: string;
  userId: string;
  propertyId: string;
  purpose: Purpose;
  property: PropertyDetails;
  conditionScores: ConditionScores;
  status: 'pending' | 'completed' | 'failed';
  createdAt: string;
  completedAt: string | null;
  comparables: Comparable[];
  comparablesWindowMonths: number | null;
  comparablesNote: string | null;
  estimate: Estimate | null;
  /** The anonymised reading for public summaries (see contracts/value-band.ts). */
  band: { low: number; high: number } | null;
  bucket: number | null;
  failureReason: string | null;
  saved: boolean;
  savedAt: string | null;
  reports: number;
  demo: boolean;
  /** When its owner was erased (PersonErased): the address it was asked for reads as erased; the figures stay. */
  erasedAt?: string;
  [key: string]: unknown;
}

const set = (valuationId: string, fields: Record<string, unknown>): CollectionWrite => ({ collection: VALUATIONS, updateOne: { filter: { _id: valuationId }, update: { $set: fields } } });

export const valuationsProjector: Projector = {
  name: 'valuations',
  // 2: an erased owner's valuations (PersonErased). 3: and those requested while the erasure gathered them.
  version: 3,
  collections: [VALUATIONS],
  filter: withPersonErased({ eventTypes: valuationEventTypes, streamPrefixes: ['valuation-'] }),
  indexes: {
    [VALUATIONS]: [
      // valuationsOfUser: a user's valuations, newest first.
      { keys: { userId: 1, createdAt: -1, _id: 1 } },
      // recentCompletedValuations (GET /api/summaries/valuations) and countCompletedValuations.
      { keys: { status: 1, createdAt: -1, _id: 1 } },
    ],
  },
  project: byEventType<ValuationEvent | ErasureEvent>({
    ValuationRequested: (data) => {
      const doc: ValuationDoc = {
        _id: data.valuationId,
        userId: data.userId,
        propertyId: data.propertyId,
        purpose: data.purpose,
        property: data.property,
        conditionScores: data.conditionScores,
        status: 'pending',
        createdAt: data.requestedAt,
        completedAt: null,
        comparables: [],
        comparablesWindowMonths: null,
        comparablesNote: null,
        estimate: null,
        band: null,
        bucket: null,
        failureReason: null,
        saved: false,
        savedAt: null,
        reports: 0,
        demo: data.demo,
      };
      return [{ collection: VALUATIONS, replaceOne: { filter: { _id: data.valuationId }, replacement: doc, upsert: true } }];
    },
    ComparablesResearched: (data) => [set(data.valuationId, { comparables: data.comparables, comparablesWindowMonths: data.windowMonths, comparablesNote: data.note })],
    ValuationCompleted: (data) => {
      const { valuationId, propertyId: _p, completedAt, requestedAt: _r, ...estimate } = data;
      return [set(valuationId, { status: 'completed', completedAt, estimate, band: valueBand(estimate.estimatedValue, estimate.confidence), bucket: confidenceBucket(estimate.confidence) })];
    },
    ValuationFailed: (data) => [set(data.valuationId, { status: 'failed', failureReason: data.reason, completedAt: data.failedAt })],
    ValuationReportGenerated: (data) => [{ collection: VALUATIONS, updateOne: { filter: { _id: data.valuationId }, update: { $inc: { reports: 1 } } } }],
    ValuationSaved: (data) => [set(data.valuationId, { saved: true, savedAt: data.savedAt })],
    // The address as ValuationRequested reads once erased; the public showcase's counts and bands stay.
    // By owner, not only the ids recorded: a valuation requested while the erasure gathered them is theirs too.
    PersonErased: (data) => [
      { collection: VALUATIONS, updateMany: { filter: { userId: data.userId }, update: { $set: { 'property.address': erasedValuesOf('ValuationRequested')['property.address'], erasedAt: data.at } } } },
    ],
  }),
};

export const findValuation = (store: ReadStore, id: string) => store.collection<ValuationDoc>(VALUATIONS).findOne({ _id: id });

/** A user's valuations, newest first. */
export const valuationsOfUser = (store: ReadStore, userId: string, limit = 100) =>
  store.collection<ValuationDoc>(VALUATIONS).find({ userId }, { sort: { createdAt: -1, _id: 1 }, limit });

/** The latest completed valuations, for the public showcase (anonymised by the caller). */
export const recentCompletedValuations = (store: ReadStore, limit: number) =>
  store.collection<ValuationDoc>(VALUATIONS).find({ status: 'completed' }, { sort: { createdAt: -1, _id: 1 }, limit });

export const countCompletedValuations = (store: ReadStore) => store.collection(VALUATIONS).count({ status: 'completed' });
