import type { ReportShareEvent } from '@kainga/contracts';
import { reportShareEventTypes } from '@kainga/contracts';
import type { CollectionWrite, Projector, ReadStore, RecordedEvent } from '@kainga/platform';
import { match } from 'ts-pattern';
import { personErasedOf, withPersonErased } from './person-erased';

/**
 * The `report_shares` read model: one document per shared report link (`_id` its share id), for
 * its owner's list (GET /api/valuations/:id/shares) with how often it was opened. Whether a link
 * opens is never read from here: the shared page reads the link's own stream, so a revocation
 * holds at once (command-api report-shares).
 */
export const REPORT_SHARES = 'report_shares';

export interface ReportShareDoc {
  _id: string;
  valuationId: string;
  propertyId: string;
  userId: string;
  /** The link's secret, for its owner to copy again (sealed in the log under the owner's key). */
  secret: string;
  showAddress: boolean;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  opens: number;
  lastOpenedAt: string | null;
  [key: string]: unknown;
}

export const reportSharesProjector: Projector = {
  name: 'report_shares',
  version: 1,
  collections: [REPORT_SHARES],
  filter: withPersonErased({ eventTypes: reportShareEventTypes, streamPrefixes: ['reportShare-', 'reportShareOpens-'] }),
  // A valuation's links, newest first; an owner's (their erasure).
  indexes: { [REPORT_SHARES]: [{ keys: { valuationId: 1, createdAt: -1 } }, { keys: { userId: 1 } }] },
  project(event: RecordedEvent): CollectionWrite[] {
    const erased = personErasedOf(event);
    // An erased owner's links are gone with them (their secrets' key is destroyed too).
    if (erased) return [{ collection: REPORT_SHARES, deleteMany: { filter: { userId: erased.userId } } }];
    const e = { type: event.type, data: event.data } as ReportShareEvent;
    return match(e)
      .with({ type: 'ReportShareCreated' }, ({ data }): CollectionWrite[] => [
        {
          collection: REPORT_SHARES,
          updateOne: {
            filter: { _id: data.shareId },
            update: {
              $set: { valuationId: data.valuationId, propertyId: data.propertyId, userId: data.userId, secret: data.secret, showAddress: data.showAddress, createdAt: data.createdAt, expiresAt: data.expiresAt },
              $setOnInsert: { revokedAt: null, opens: 0, lastOpenedAt: null },
            },
            upsert: true,
          },
        },
      ])
      .with({ type: 'ReportShareRevoked' }, ({ data }): CollectionWrite[] => [
        { collection: REPORT_SHARES, updateOne: { filter: { _id: data.shareId }, update: { $set: { revokedAt: data.revokedAt } } } },
      ])
      // Opens arrive in log order (a rebuild too): the last one set is the latest.
      .with({ type: 'ReportShareOpened' }, ({ data }): CollectionWrite[] => [
        { collection: REPORT_SHARES, updateOne: { filter: { _id: data.shareId }, update: { $inc: { opens: 1 }, $set: { lastOpenedAt: data.openedAt } } } },
      ])
      .exhaustive();
  },
};

/** Most links one valuation lists. */
export const REPORT_SHARES_LIST_LIMIT = 100;

/** A valuation's links, newest first. */
export function reportSharesOf(store: ReadStore, valuationId: string): Promise<ReportShareDoc[]> {
  return store.collection<ReportShareDoc>(REPORT_SHARES).find({ valuationId }, { sort: { createdAt: -1, _id: 1 }, limit: REPORT_SHARES_LIST_LIMIT });
}

export function findReportShare(store: ReadStore, shareId: string): Promise<ReportShareDoc | null> {
  return store.collection<ReportShareDoc>(REPORT_SHARES).findOne({ _id: shareId });
}
