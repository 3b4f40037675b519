import { TestWorkflowEnvironment } from '@temporalio/testing';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Temporal's CLI as ops/scripts/temporal-cli-setup.mjs found or built it, or why it could not. */
    temporalCli: { path: string } | { error: string };
  }
}

/**
 * A Temporal server for one suite. With TEMPORAL_ADDRESS set, that server; otherwise
 * `temporal server start-dev` from the CLI the unit project's global setup built (ops/scripts/
 * ensure-temporal.mjs): in memory, headless, on a free port of 127.0.0.1, logging errors only.
 * Started by the suites that need it, so other test files never wait for it; `teardown()` stops it.
 */
export async function startTemporalTestServer(): Promise<TestWorkflowEnvironment> {
  const external = process.env.TEMPORAL_ADDRESS;
  if (external) return TestWorkflowEnvironment.createFromExistingServer({ address: external });
  const cli = inject('temporalCli');
  if (!cli) throw new Error("Temporal's CLI is unknown: run this suite through the `unit` project of vitest.config.ts (its global setup builds the CLI).");
  if ('error' in cli) throw new Error(cli.error);
  return TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: cli.path }, ip: '127.0.0.1', ui: false, log: { format: 'pretty', level: 'error' } },
  });
}
