import { reportShareStatus, type ReportShare } from '@kainga/contracts';
import type { ReportShareDoc } from '@kainga/projections';
import { sharedLinkPath } from './shared-link';

/** A link as its owner sees it, with its whole URL on the service's public origin. */
export function toReportShare(doc: ReportShareDoc, origin: string, now: Date): ReportShare {
  return {
    id: doc._id,
    valuationId: doc.valuationId,
    url: `${origin}${sharedLinkPath(doc._id, doc.secret)}`,
    showAddress: doc.showAddress,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    revokedAt: doc.revokedAt,
    status: reportShareStatus(doc, now),
    opens: doc.opens,
    lastOpenedAt: doc.lastOpenedAt,
  };
}
