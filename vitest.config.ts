import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (deciders, contract suites, API tests through app.inject, component
 * logic) and `browser` (Playwright driving Debian's Chromium against the built app). The unit
 * project's global setup builds Temporal's CLI and FerretDB once per machine for the Temporal and
 * MongoDB suites, each of which starts its own server. Both put every temporary directory of a run under one that is
 * removed when the run ends (`ops/scripts/test-tmpdir.mjs`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contracts,platform,projections,command-api,workflows,ops,pwa}/src/**/*.test.ts', 'pwa/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
          globalSetup: ['ops/scripts/test-tmpdir.mjs', 'ops/scripts/temporal-cli-setup.mjs', 'ops/scripts/ferretdb-setup.mjs'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['ops/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['ops/scripts/test-tmpdir.mjs'],
          fileParallelism: false,
        },
      },
    ],
  },
});
