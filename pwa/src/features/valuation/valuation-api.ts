/**
 * The valuation calls of consumer spec §7, typed with the contracts, and their query keys.
 */
import { VALUATION_TIMEOUT_MS } from '@kainga/contracts/browser';
import type {
  ResearchComparablesResponse,
  ValuationRequest,
  ValuationResult,
} from '@kainga/contracts';
import { apiErrorMessage, apiErrorStatus, apiJson, apiRequest } from '../../api/client';

/** GET /api/valuations: the signed-in user's valuations, newest first. */
export const myValuationsQueryKey = ['/api/valuations'] as const;
/** GET /api/summaries/valuations?pageSize=10 (the showcase shows the first 6). */
export const SHOWCASE_PAGE_SIZE = 10;
export const SHOWCASE_SHOWN = 6;
export const showcaseQueryKey = [`/api/summaries/valuations?pageSize=${SHOWCASE_PAGE_SIZE}`] as const;
export const publicStatsQueryKey = ['/api/public/stats'] as const;
export const locationsQueryKey = ['/api/locations'] as const;
/** The user's recent valuations on the home page. */
export const RECENT_VALUATIONS_SHOWN = 3;

export const researchComparables = (request: ValuationRequest) =>
  apiJson<ResearchComparablesResponse>('POST', '/api/research-comparables', request);

/** Thrown when the client stops waiting for a valuation (VALUATION_TIMEOUT_MS). */
export class ValuationClientTimeout extends Error {
  constructor() {
    super('Property valuation is taking longer than expected. Please try again later or contact support if this persists.');
    this.name = 'ValuationClientTimeout';
  }
}

/**
 * POST /api/valuations; the client gives up after VALUATION_TIMEOUT_MS (300000 ms) with
 * {@link ValuationClientTimeout}.
 */
export async function createValuation(request: ValuationRequest, timeoutMs: number = VALUATION_TIMEOUT_MS): Promise<ValuationResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    return await apiJson<ValuationResult>('POST', '/api/valuations', request, controller.signal);
  } catch (error) {
    if (timedOut) throw new ValuationClientTimeout();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** POST /api/valuations/{id}/generate-report: the report as an HTML document. */
export async function generateReport(valuationId: string): Promise<string> {
  const res = await apiRequest('POST', `/api/valuations/${encodeURIComponent(valuationId)}/generate-report`);
  return res.text();
}

/** GET /api/valuations/{id}/report: the same document, read again (the report page); owner only. */
export const reportQueryKey = (valuationId: string) => ['/api/valuations', valuationId, 'report'] as const;
export async function fetchReport(valuationId: string, signal?: AbortSignal): Promise<string> {
  const res = await apiRequest('GET', `/api/valuations/${encodeURIComponent(valuationId)}/report`, undefined, signal);
  return res.text();
}

/** The answer of POST /api/valuations/{id}/save (contracts' SaveValuationResponse). */
export interface SavedValuation {
  id: string;
  saved: true;
  savedAt: string;
}

/** POST /api/valuations/{id}/save: marks the valuation saved. */
export const saveValuation = (valuationId: string) =>
  apiJson<SavedValuation>('POST', `/api/valuations/${encodeURIComponent(valuationId)}/save`);

/** The spec's words when the server gives up (504) without a message of its own (consumer spec §8). */
export const SERVER_TIMEOUT_TEXT = 'The valuation is taking longer than expected. This might be due to complex market research. Please try again.';

/**
 * The 'Valuation Failed' toast's text (consumer spec §8): the client time-out text; on a 504 the
 * server's message; otherwise the server's message or 'Failed to create valuation. Please try again.'
 */
export function valuationFailureMessage(error: unknown): string {
  if (error instanceof ValuationClientTimeout) return error.message;
  if (apiErrorStatus(error) === 504) return apiErrorMessage(error, SERVER_TIMEOUT_TEXT);
  return apiErrorMessage(error, 'Failed to create valuation. Please try again.');
}

/** The 'Research Failed' toast's text: the error's message, default 'Failed to research comparable properties'. */
export const researchFailureMessage = (error: unknown) => apiErrorMessage(error, 'Failed to research comparable properties');
