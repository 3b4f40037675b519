import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { preloadApp, prerender } from './build/prerender-plugin.ts';
import { MAP_EXTENT_URL, MAP_RECENT_VALUATIONS_URL } from './src/features/map/map-urls.ts';
import { DIRECTORY_CITIES_URL, FIRST_DIRECTORY_PAGE_URL } from './src/features/directory/directory-query.ts';
import { deriveTheme, themeSeed } from './src/app/theme.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Theme colour of the app, the manifest and the icons (scripts/make-icons.mjs). */
const themeColor = '#0b5d4b';

/**
 * The build-time rendering (src/prerender) runs in Node, where there is no service worker: the
 * registration module is a no-op there (UpdatePrompt only calls it from an effect, which a
 * build-time render never runs).
 */
const noServiceWorkerInNode = {
  name: 'kainga:no-service-worker-in-node',
  resolveId: (id: string) => (id === 'virtual:pwa-register' ? '\0virtual:pwa-register' : null),
  load: (id: string) => (id === '\0virtual:pwa-register' ? 'export function registerSW() { return async () => {}; }' : null),
};

/**
 * Builds the PWA into pwa/dist, which ops/src/server.ts serves beside the API.
 *
 * Service worker (generateSW): precaches the app shell (HTML, JS, CSS, icons) and answers every
 * navigation with /index.html so the shell works offline — except /api/ paths, which always go
 * to the network (sign-in and sign-out are full-page navigations to /api/login and /api/logout).
 * `registerType: 'prompt'`: a new worker waits until the user presses Reload in the update banner.
 *
 * Runtime caching (offline use; cache names in src/offline/cache-names.ts), GET only — POSTs,
 * auth (/api/auth/*, /api/login, /api/logout), the person's valuations, profile, partner and admin
 * calls always go to the network and are never stored:
 * - public data — /api/public/*, /api/summaries/*, /api/locations, /api/roles: NetworkFirst with a
 *   3 s network timeout into 'kainga-api-public' (OK answers only, 500 entries, 14 days);
 * - owner-only property map details — /api/properties/{id}/map-details: NetworkFirst into
 *   'kainga-api-private' (OK answers only, 100 entries, 7 days), deleted by the app when the
 *   signed-in person changes or signs out (src/offline/private-cache.ts);
 * - OpenStreetMap raster tiles (https://tile.openstreetmap.org and its a/b/c subdomains):
 *   CacheFirst into 'kainga-map-tiles', at most 1,000 tiles for 14 days, purged on quota errors.
 * The urlPattern functions are copied into sw.js as source text: they must stay self-contained.
 *
 * Precompression: every emitted script, style sheet, SVG and the manifest over 1 KB also gets a
 * brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside it, which the server
 * (command-api/src/plugins/pwa-static.ts) picks by Accept-Encoding — no compression per request.
 */
export default defineConfig({
  root,
  // The theme's palettes, derived here once rather than in every browser at start (src/app/theme-derivative.ts).
  define: { __THEME_DERIVATIVE__: JSON.stringify({ seed: themeSeed(), map: deriveTheme(themeSeed()) }) },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // registered from src/chrome/UpdatePrompt.tsx via virtual:pwa-register
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Kāinga — NZ Property Valuations',
        short_name: 'Kāinga',
        description: 'Free, explainable New Zealand property valuations and local property professionals.',
        lang: 'en-NZ',
        theme_color: themeColor,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        // The prerendered screens are for first visits; the worker answers navigations with the shell.
        globIgnores: ['**/node_modules/**/*', 'prerendered/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/(public\/|summaries\/|locations$|roles$)/.test(url.pathname),
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'kainga-api-public',
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 500, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/properties\/[^/]+\/map-details$/.test(url.pathname),
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'kainga-api-private',
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
          {
            urlPattern: ({ url }) => url.protocol === 'https:' && /^([abc]\.)?tile\.openstreetmap\.org$/.test(url.hostname),
            method: 'GET',
            handler: 'CacheFirst',
            options: {
              cacheName: 'kainga-map-tiles',
              // 0: an opaque answer, when the map loads tiles without CORS.
              cacheableResponse: { statuses: [0, 200] },
              expiration: { maxEntries: 1000, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|svg|webmanifest)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
    preloadApp({ module: 'src/app/boot.tsx' }),
    // First paint without JavaScript for the public screens (command-api serves them signed out).
    prerender({
      screens: [
        { path: '/', module: 'src/features/home/HomePage.tsx', title: 'Kāinga — NZ Property Valuations' },
        { path: '/how-it-works', module: 'src/features/how-it-works/HowItWorksPage.tsx', title: 'How It Works · Kāinga' },
        { path: '/sign-in', module: 'src/features/sign-in/SignInPage.tsx', title: 'Sign In · Kāinga' },
        // The map's frame, its canvas a placeholder until OpenLayers loads in the browser; its extent and recent valuations fetched from the HTML.
        { path: '/map', module: 'src/features/map/MapPage.tsx', title: 'Property Valuation Map · Kāinga', data: [MAP_EXTENT_URL, MAP_RECENT_VALUATIONS_URL] },
        // The directory's frame and placeholder cards; its first page and cities fetched from the HTML.
        { path: '/properties', module: 'src/features/directory/DirectoryPage.tsx', title: 'Property Directory · Kāinga', data: [FIRST_DIRECTORY_PAGE_URL, DIRECTORY_CITIES_URL] },
      ],
      ssrPlugins: [react(), noServiceWorkerInNode],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph, read by scripts/initial-js-size.mjs.
    manifest: true,
    sourcemap: process.env.KAINGA_SOURCEMAP === '1',
    chunkSizeWarningLimit: 700,
  },
  server: {
    // For `npm run dev -w pwa` against a locally running API (npm start listens on 3000 by default).
    proxy: { '/api': { target: process.env.KAINGA_API ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
