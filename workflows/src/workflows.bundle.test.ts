import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';

describe('the Temporal workflow bundle', () => {
  it('builds offline from workflows.ts, with the valuation workflow and no server-side code', { timeout: 120_000 }, async () => {
    const { code } = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('./workflows.ts', import.meta.url)),
      logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} },
    });
    expect(code).toContain('valuationWorkflow');
    expect(code).toContain('The valuation could not be completed. Please try again.');
    // The sandbox must not pull in the platform's stores or any activity implementation.
    expect(code).not.toMatch(/better-sqlite3|mongodb|@eventstore/);
  });
});
