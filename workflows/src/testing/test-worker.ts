import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkerOptions } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';

/** The workflows every worker of this package runs (workflows.ts, bundled by the worker). */
export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows.ts', import.meta.url));

export interface RunningTestWorker {
  /** Shuts the worker down and waits until it has stopped (its runs go back to the server). */
  stop(): Promise<void>;
}

/**
 * A worker in this process on a task queue of a test server (`startTemporalTestServer`), running
 * this package's workflows with the given activities and options.
 */
export async function startTestWorker(server: TestWorkflowEnvironment, options: Omit<WorkerOptions, 'connection' | 'workflowsPath'>): Promise<RunningTestWorker> {
  const worker = await Worker.create({ connection: server.nativeConnection, workflowsPath: WORKFLOWS_PATH, ...options });
  const running = worker.run();
  return {
    stop: async () => {
      worker.shutdown();
      await running;
    },
  };
}
