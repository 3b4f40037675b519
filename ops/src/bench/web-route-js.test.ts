import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { routeChunks, routeJs, type Manifest } from './web-route-js';

const routes = `
const HomePage = lazy(() => import('../features/home/HomePage'));
const MapPage = lazy(() => import('../features/map/MapPage'));
const SignInPage = lazy(() => import('../features/sign-in/SignInPage'));
const DirectoryPage = lazy(() => import('../features/directory/DirectoryPage'));
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="map" element={<MapPage />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="properties" element={<DirectoryPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}`;

describe('routeChunks', () => {
  it("finds each route's lazy chunk, and none for a route the table does not name", () => {
    expect(routeChunks(routes, ['/', '/map', '/properties', '/sign-in', '/how-it-works'])).toEqual([
      { route: '/', chunk: 'src/features/home/HomePage.tsx', screen: 'HomePage' },
      { route: '/map', chunk: 'src/features/map/MapPage.tsx', screen: 'MapPage' },
      { route: '/properties', chunk: 'src/features/directory/DirectoryPage.tsx', screen: 'DirectoryPage' },
      { route: '/sign-in', chunk: 'src/features/sign-in/SignInPage.tsx', screen: 'SignInPage' },
      { route: '/how-it-works', chunk: null, screen: 'not found' },
    ]);
  });
});

describe('routeJs', () => {
  it('sums the gzip size of the entry and route chunks with their static imports; dynamic imports count as on demand', () => {
    const dist = mkdtempSync(join(tmpdir(), 'kainga-route-js-'));
    try {
      const files = { 'entry.js': 'a'.repeat(500), 'shared.js': 'b'.repeat(300), 'page.js': 'c'.repeat(200), 'lazy.js': 'd'.repeat(100), 'other.js': 'f'.repeat(50), 'x.css': 'e' };
      for (const [f, body] of Object.entries(files)) writeFileSync(join(dist, f), body);
      const g = (f: keyof typeof files) => gzipSync(files[f]).length;
      const manifest: Manifest = {
        // The entry lists every route as a dynamic import: none of them counts for one route.
        'index.html': { file: 'entry.js', isEntry: true, imports: ['_shared'], dynamicImports: ['src/Page.tsx', 'src/Other.tsx'] },
        'src/Other.tsx': { file: 'other.js', imports: ['index.html'] },
        _shared: { file: 'shared.js' },
        'src/Page.tsx': { file: 'page.js', imports: ['index.html', '_shared', '_css'], dynamicImports: ['src/Lazy.tsx'] },
        _css: { file: 'x.css' },
        'src/Lazy.tsx': { file: 'lazy.js', imports: ['_shared'] },
      };
      expect(routeJs(manifest, 'src/Page.tsx', dist)).toEqual({ initialGzip: g('entry.js') + g('shared.js') + g('page.js'), onDemandGzip: g('lazy.js') });
      expect(routeJs(manifest, null, dist)).toEqual({ initialGzip: g('entry.js') + g('shared.js'), onDemandGzip: 0 });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('counts the app chunk the entry starts (a dynamic import every page preloads) as initial', () => {
    const dist = mkdtempSync(join(tmpdir(), 'kainga-route-js-'));
    try {
      const files = { 'entry.js': 'a'.repeat(50), 'boot.js': 'b'.repeat(400), 'react.js': 'r'.repeat(300), 'page.js': 'c'.repeat(200), 'lazy.js': 'd'.repeat(100) };
      for (const [f, body] of Object.entries(files)) writeFileSync(join(dist, f), body);
      const g = (f: keyof typeof files) => gzipSync(files[f]).length;
      const manifest: Manifest = {
        'index.html': { file: 'entry.js', isEntry: true, dynamicImports: ['src/app/boot.tsx'] },
        'src/app/boot.tsx': { file: 'boot.js', imports: ['_react'], dynamicImports: ['src/Page.tsx'] },
        _react: { file: 'react.js' },
        'src/Page.tsx': { file: 'page.js', imports: ['_react'], dynamicImports: ['src/Lazy.tsx'] },
        'src/Lazy.tsx': { file: 'lazy.js' },
      };
      expect(routeJs(manifest, 'src/Page.tsx', dist, ['src/app/boot.tsx'])).toEqual({
        initialGzip: g('entry.js') + g('boot.js') + g('react.js') + g('page.js'),
        onDemandGzip: g('lazy.js'),
      });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
