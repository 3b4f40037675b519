import { VALUATION_TASK_QUEUE } from '@kainga/contracts';
import { loadConfig } from '@kainga/platform';
import { Connection } from '@temporalio/client';
import { hostname } from 'node:os';
import { pollingFrom } from './worker-health';
import { runWhenMain } from '../cli-main';

/** Two long polls: a worker that polled less recently than this is stuck or gone. */
const MAX_POLL_AGE_MS = 150_000;
/** Temporal's enums (temporal.api.enums.v1): TASK_QUEUE_KIND_NORMAL, TASK_QUEUE_TYPE_WORKFLOW. */
const TASK_QUEUE_KIND_NORMAL = 1;
const TASK_QUEUE_TYPE_WORKFLOW = 1;

/**
 * The `worker` container's healthcheck (the Temporal worker serves no HTTP): healthy when Temporal
 * has seen this container's worker (identity `pid@hostname`, the SDK's default) poll the valuation
 * task queue recently. It runs in the worker's container, so `hostname()` is the worker's.
 */
export async function main(env: Record<string, string | undefined>): Promise<number> {
  const config = loadConfig(env);
  if (!config.TEMPORAL_ADDRESS) {
    console.error('The worker healthcheck needs TEMPORAL_ADDRESS, as the worker does.');
    return 1;
  }
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: 5000 });
  try {
    const { pollers } = await connection.workflowService.describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: VALUATION_TASK_QUEUE, kind: TASK_QUEUE_KIND_NORMAL },
      taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
    });
    if (pollingFrom(pollers ?? [], hostname(), Date.now(), MAX_POLL_AGE_MS)) return 0;
    console.error(`No worker on ${hostname()} has polled task queue ${VALUATION_TASK_QUEUE} in the last ${MAX_POLL_AGE_MS / 1000} s.`);
    return 1;
  } finally {
    await connection.close();
  }
}

runWhenMain(import.meta.url, () => main(process.env));
