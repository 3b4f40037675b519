/**
 * The JavaScript a route of the web app loads, read from the Vite manifest
 * (pwa/dist/.vite/manifest.json) and pwa/src/app/routes.tsx. Used by web-bench.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteChunk {
  route: string;
  /** manifest key of the route's lazy chunk, e.g. src/features/map/MapPage.tsx; null when not found */
  chunk: string | null;
  /** what the route shows: the screen's module name ('not found' for a route with none) */
  screen: string;
}

/**
 * Reads pwa/src/app/routes.tsx: `const X = lazy(() => import('../features/a/B'))` and
 * `<Route path="map" element={<X … />}` / `<Route index element={<X />}`.
 */
export function routeChunks(routesSource: string, routes: readonly string[]): RouteChunk[] {
  const lazyModules = new Map<string, string>();
  for (const m of routesSource.matchAll(/const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    lazyModules.set(m[1]!, m[2]!);
  }
  const elementOf = new Map<string, string>();
  for (const m of routesSource.matchAll(/<Route\s+([^>]*?)element=\{<(\w+)[^}]*\}/g)) {
    const attrs = m[1]!;
    const component = m[2]!;
    if (/\bindex\b/.test(attrs)) elementOf.set('/', component);
    const path = /path="([^"]+)"/.exec(attrs)?.[1];
    if (path && !path.includes('*')) elementOf.set(path.startsWith('/') ? path : `/${path}`, component);
  }
  const toKey = (spec: string) => `src/${spec.replace(/^\.\.\//, '')}.tsx`;

  return routes.map((route) => {
    const component = elementOf.get(route);
    const spec = component ? lazyModules.get(component) : undefined;
    return { route, chunk: spec ? toKey(spec) : null, screen: component ?? 'not found' };
  });
}

function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const gzipCache = new Map<string, number>();
function gzipOf(dist: string, file: string): number {
  const path = join(dist, file);
  let n = gzipCache.get(path);
  if (n === undefined) {
    n = gzipSync(readFileSync(path)).length;
    gzipCache.set(path, n);
  }
  return n;
}
const jsGzip = (manifest: Manifest, keys: Iterable<string>, dist: string) =>
  [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipOf(dist, f), 0);

export interface RouteJs {
  initialGzip: number;
  onDemandGzip: number;
}

/**
 * The JS a route loads first — the entry chunk, the chunks every page preloads and starts with it
 * (`started`: the app chunk the entry imports dynamically, pwa/src/app/boot.tsx) and the route's
 * chunk, with their static imports — and what it may load later: the dynamic imports of the
 * route's own chunks (not the entry's or the app's, which list every route), with their static
 * imports, less what is already loaded.
 */
export function routeJs(manifest: Manifest, chunk: string | null, dist: string, started: readonly string[] = []): RouteJs {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const hasChunk = chunk !== null && manifest[chunk] !== undefined;
  const base = [entry, ...started.filter((k) => manifest[k] !== undefined)];
  const initial = closure(manifest, hasChunk ? [...base, chunk] : base);
  const entryClosure = closure(manifest, base);
  const lazyKeys = [...initial].filter((k) => !entryClosure.has(k)).flatMap((k) => manifest[k]!.dynamicImports ?? []);
  const onDemand = [...closure(manifest, lazyKeys)].filter((k) => !initial.has(k));
  return { initialGzip: jsGzip(manifest, initial, dist), onDemandGzip: jsGzip(manifest, onDemand, dist) };
}
