/**
 * Share Report (issue 52): `<ShareReportDialog open onClose valuationId />`, opened from the
 * results screen's Quick Actions. The calls are in share-api.ts; the sentences of a link's
 * status in share-status-text.ts.
 */
export { ShareReportDialog } from './ShareReportDialog';
