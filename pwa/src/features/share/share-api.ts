/**
 * The shared-report calls (issue 52), typed with the contracts, and their query key. Writes go
 * through the app's client as every other call does: the session cookie, a JSON body with a JSON
 * content type, the page's own Origin (the server's cross-site check), and an ApiError carrying
 * the server's `{ message }` when refused.
 */
import type { CreateReportShareRequest, ReportShare } from '@kainga/contracts';
import { apiJson } from '../../api/client';

const sharesPath = (valuationId: string) => `/api/valuations/${encodeURIComponent(valuationId)}/shares`;

/** GET /api/valuations/{id}/shares: the valuation's links, newest first (owner only). */
export const sharesQueryKey = (valuationId: string) => ['/api/valuations', valuationId, 'shares'] as const;
export const fetchShares = (valuationId: string, signal?: AbortSignal) => apiJson<ReportShare[]>('GET', sharesPath(valuationId), undefined, signal);

/** POST /api/valuations/{id}/shares: a new link (201), its `url` the whole link to copy. */
export const createShare = (valuationId: string, request: CreateReportShareRequest) => apiJson<ReportShare>('POST', sharesPath(valuationId), request);

/** DELETE /api/report-shares/{shareId}: stop sharing, at once; answers the link, now revoked. */
export const stopSharing = (shareId: string) => apiJson<ReportShare>('DELETE', `/api/report-shares/${encodeURIComponent(shareId)}`);
