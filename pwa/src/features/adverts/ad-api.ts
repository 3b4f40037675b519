import type { ActiveAd, AdEventRequest } from '@kainga/contracts';
import type { AdPlacement } from '@kainga/contracts/browser';
import { apiJson, apiRequest } from '../../api/client';
import { firstAlone } from './first-ask';

/** Where an advert is asked for (consumer spec §3, §7). */
export interface AdQuery {
  placement: AdPlacement;
  city?: string | null;
  suburb?: string | null;
  targetRole?: string | null;
}

/** GET /api/ads/active?placement&city&suburb&targetRole — empty parameters left out. */
export function activeAdsUrl(query: AdQuery): string {
  const params = new URLSearchParams({ placement: query.placement });
  for (const key of ['city', 'suburb', 'targetRole'] as const) {
    const value = query[key]?.trim();
    if (value) params.set(key, value);
  }
  return `/api/ads/active?${params.toString()}`;
}

/** The first ask of a page goes alone, so the browser has one advertising session (first-ask.ts). */
export const fetchActiveAds = firstAlone((query: AdQuery, signal?: AbortSignal): Promise<ActiveAd[]> => apiJson<ActiveAd[]>('GET', activeAdsUrl(query), undefined, signal));

/**
 * The ad event payload (consumer spec §3): the advert, where it showed, the browser, the place,
 * and the serve token the server gave with the advert (without it nothing is counted).
 */
export function adEventBody(ad: Pick<ActiveAd, 'adContentId' | 'serveToken'>, query: AdQuery, userAgent: string, propertyId?: string | null): AdEventRequest {
  return {
    adContentId: ad.adContentId,
    serveToken: ad.serveToken,
    placement: query.placement,
    userAgent,
    city: query.city?.trim() || null,
    suburb: query.suburb?.trim() || null,
    propertyId: propertyId ?? null,
  };
}

/**
 * POST /api/ads/impression or /api/ads/click (consumer spec §7): the answer is not read and a
 * failure is only logged — an advert's bookkeeping never troubles the owner. Resolves whether it
 * worked, for the impression de-duplication to forget a failed one.
 */
export async function recordAdEvent(kind: 'impression' | 'click', body: AdEventRequest): Promise<boolean> {
  try {
    await apiRequest('POST', `/api/ads/${kind}`, body);
    return true;
  } catch (error) {
    console.warn(`Failed to record ad ${kind}`, error);
    return false;
  }
}
