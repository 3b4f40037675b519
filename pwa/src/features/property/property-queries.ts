/**
 * The property reads of the map, the property page and the directory (consumer spec §7), through
 * the default query function (GET on the key's segments joined with slashes; no retries).
 */
import { useQuery } from '@tanstack/react-query';
import type { PropertyMapDetails, PropertySummary, PublicPropertyLocation, PublicValuationSummary, UserValuation } from '@kainga/contracts';
import { apiErrorStatus } from '../../api/client';
import { latestValuationOf } from '../valuation/prefill';
import { myValuationsQueryKey } from '../valuation/valuation-api';

/** GET /api/public/property-locations: every located property (public). */
export const propertyLocationsKey = ['/api/public/property-locations'] as const;
export function usePropertyLocations() {
  return useQuery<PublicPropertyLocation[]>({ queryKey: propertyLocationsKey });
}

/** GET /api/summaries/properties/{id}: only when an id is given; no retry. A 404 reads as "no summary". */
export function usePropertySummary(id: string | null | undefined) {
  return useQuery<PropertySummary>({
    queryKey: ['/api/summaries/properties', encodeURIComponent(id ?? '')],
    enabled: !!id,
    retry: false,
  });
}

/**
 * GET /api/properties/{id}/map-details: only when signed in and an id is selected; no retry.
 * A failure means "not the owner" (403), except a 404, which means there is no such property.
 */
export function usePropertyMapDetails(id: string | null | undefined, signedIn: boolean) {
  return useQuery<PropertyMapDetails>({
    queryKey: ['/api/properties', encodeURIComponent(id ?? ''), 'map-details'],
    enabled: signedIn && !!id,
    retry: false,
  });
}

/** The map page's 'Recently Valued Properties': GET /api/summaries/valuations?pageSize=6. */
export const MAP_RECENT_VALUATIONS = 6;
export function useRecentValuationSummaries(pageSize: number) {
  return useQuery<PublicValuationSummary[]>({ queryKey: [`/api/summaries/valuations?pageSize=${pageSize}`] });
}

export const isNotFound = (error: unknown) => apiErrorStatus(error) === 404;

/**
 * The signed-in person's latest valuation of a property, from their own valuations (GET
 * /api/valuations, the query the home page shares): only when signed in and an id is given. The
 * list holds only the person's own valuations, and a property's id is derived from its owner, so
 * someone else's property is never found (null).
 */
export function useOwnLatestValuationOf(id: string | null | undefined, signedIn: boolean) {
  return useQuery<UserValuation[], Error, UserValuation | null>({
    queryKey: myValuationsQueryKey,
    enabled: signedIn && !!id,
    select: (valuations) => latestValuationOf(valuations, id),
  });
}
