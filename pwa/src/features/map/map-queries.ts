/**
 * The public map's data (see map-tiles.ts for how a view becomes requests):
 * - the extent (GET /api/public/property-locations/extent): the box the map fits to first, the
 *   total and valued counts and the New Zealand-wide figures;
 * - the tiles around the view (`?bbox=…&limit=…`), merged by id;
 * - a city's properties (`?city=`) for the insights panel when a property is chosen.
 * All are TanStack queries on public paths, so they are saved for offline use like other public
 * answers (src/offline/query-persistence.ts) and cached by the service worker.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQuery, type QueryFunction } from '@tanstack/react-query';
import type { PublicPropertyExtent, PublicPropertyLocation } from '@kainga/contracts';
import { throwIfNotOk } from '../../api/client';
import { withSavedAnswerFallback } from '../../offline/query-persistence';
import { locatedPoints, type MapPoint } from './map-data';
import { MAP_EXTENT_URL } from './map-urls';
import { coveredByComplete, levelFor, tileKey, tilesCovering, tilesToLoad, tileUrl, type LonLatBox, type Tile } from './map-tiles';

export const propertyExtentKey = [MAP_EXTENT_URL] as const;

export function usePropertyExtent() {
  return useQuery<PublicPropertyExtent>({ queryKey: propertyExtentKey });
}

/**
 * One property's public location (GET /api/public/property-locations/{id}), as a map point; only
 * when an id is given; null when it has no usable coordinates. No retry (a 404 is an answer).
 */
export function usePublicLocation(id: string | null) {
  return useQuery<PublicPropertyLocation, Error, MapPoint | null>({
    queryKey: [`/api/public/property-locations/${encodeURIComponent(id ?? '')}`],
    enabled: !!id,
    retry: false,
    select: (location) => locatedPoints([location])[0] ?? null,
  });
}

/** The located properties of one city (exact name), for the insights panel; only when a city is given. */
export function useCityLocations(city: string | null) {
  return useQuery<PublicPropertyLocation[]>({
    queryKey: [`/api/public/property-locations?city=${encodeURIComponent(city ?? '')}`],
    enabled: !!city,
  });
}

/** A tile's answer: the properties it carries and how many it holds (X-Total-Count). */
export interface TileAnswer {
  locations: PublicPropertyLocation[];
  total: number;
}

const fetchTile: QueryFunction<TileAnswer> = async ({ queryKey, signal }) => {
  const res = await fetch(String(queryKey[0]), { credentials: 'include', signal });
  await throwIfNotOk(res);
  const locations = (await res.json()) as PublicPropertyLocation[];
  const header = Number(res.headers.get('x-total-count'));
  return { locations, total: Number.isFinite(header) && res.headers.has('x-total-count') ? header : locations.length };
};
/** Offline, a tile seen before is answered from the saved copy, as other public queries are. */
const tileQueryFn = withSavedAnswerFallback(fetchTile);

/** Whether a tile answer holds every property of its tile. */
const isComplete = (answer: TileAnswer) => answer.locations.length >= answer.total;

export interface TiledLocations {
  /** Every property loaded so far, by id (first seen first). */
  points: readonly MapPoint[];
  /** Whether tiles are still being asked for the view, or none was asked yet. */
  loading: boolean;
  /** Whether a tile of the view carries a sample only (zooming in shows every property). */
  sampledInView: boolean;
  error: boolean;
  retry: () => void;
  /** Tell the map's current view (debounced by the caller). */
  setView: (view: LonLatBox) => void;
}

/** Tiles asked for the views seen so far, their answers merged by id into one list of points. */
export function useTiledLocations(): TiledLocations {
  const [tiles, setTiles] = useState<readonly Tile[]>([]);
  const [view, setViewState] = useState<LonLatBox | null>(null);
  const results = useQueries({
    queries: tiles.map((t) => ({ queryKey: [tileUrl(t)], queryFn: tileQueryFn })),
  });

  // Merged again only when an answer changes (results is a new array on every render).
  const answersKey = results.map((r) => r.dataUpdatedAt).join(',');
  const { points, completeKeys } = useMemo(() => {
    const seen = new Set<string>();
    const locations: PublicPropertyLocation[] = [];
    const complete = new Set<string>();
    results.forEach((r, i) => {
      if (!r.data) return;
      if (isComplete(r.data)) complete.add(tileKey(tiles[i]!));
      for (const l of r.data.locations) {
        if (seen.has(l.id)) continue;
        seen.add(l.id);
        locations.push(l);
      }
    });
    return { points: locatedPoints(locations), completeKeys: complete as ReadonlySet<string> };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- answersKey stands for the answers
  }, [answersKey, tiles]);

  // The tiles asked are read when the view changes: no new request for a tile asked before.
  const latest = useRef({ tiles, completeKeys });
  useEffect(() => {
    latest.current = { tiles, completeKeys };
  }, [tiles, completeKeys]);
  const setView = useCallback((next: LonLatBox) => {
    setViewState(next);
    const { tiles: asked, completeKeys: complete } = latest.current;
    const wanted = tilesToLoad(next, new Set(asked.map(tileKey)), complete);
    if (wanted.length === 0) return;
    setTiles((current) => {
      const have = new Set(current.map(tileKey));
      const added = wanted.filter((t) => !have.has(tileKey(t)));
      return added.length > 0 ? [...current, ...added] : current;
    });
  }, []);

  // Some of the view is shown by a sample: a tile of the view is held in full neither by its own
  // answer nor by a larger tile's (its answer or theirs was cut to the limit).
  const loading = tiles.length === 0 || results.some((r) => r.isPending);
  const sampledInView =
    !loading && view !== null && tilesCovering(view, levelFor(view)).some((t) => !completeKeys.has(tileKey(t)) && !coveredByComplete(t, completeKeys));
  const failed = results.filter((r) => r.isError);
  return {
    points,
    loading,
    sampledInView,
    error: failed.length > 0,
    retry: () => failed.forEach((r) => void r.refetch()),
    setView,
  };
}
