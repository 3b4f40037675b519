import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Theme colour of the app, the manifest and the icons (scripts/make-icons.mjs). */
const themeColor = '#0b5d4b';

/**
 * Builds the PWA into pwa/dist, which ops/src/server.ts serves beside the API.
 *
 * Service worker (generateSW): precaches the app shell (HTML, JS, CSS, icons) and answers every
 * navigation with /index.html so the shell works offline — except /api/ paths, which always go
 * to the network (sign-in and sign-out are full-page navigations to /api/login and /api/logout).
 * No runtime caching is configured, so API responses are never cached by the service worker.
 * `registerType: 'prompt'`: a new worker waits until the user presses Reload in the update banner.
 */
export default defineConfig({
  root,
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
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [],
      },
      devOptions: { enabled: false },
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
