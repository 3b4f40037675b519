/** A poller as Temporal's DescribeTaskQueue lists it (identity `pid@host` by the TypeScript SDK's default). */
export interface Poller {
  identity?: string | null;
  lastAccessTime?: { seconds?: number | { toNumber(): number } | null } | null;
}

/**
 * Whether a worker on `host` has polled the task queue within `maxAgeMs`. Temporal keeps a poller in
 * the list for minutes after it stops, so the time matters; an idle worker's long poll is renewed
 * about once a minute.
 */
export function pollingFrom(pollers: readonly Poller[], host: string, now: number, maxAgeMs: number): boolean {
  return pollers.some((p) => {
    if (!p.identity?.endsWith(`@${host}`)) return false;
    const seconds = p.lastAccessTime?.seconds;
    const at = (typeof seconds === 'number' ? seconds : (seconds?.toNumber() ?? 0)) * 1000;
    return now - at <= maxAgeMs;
  });
}

/** Two long polls: a worker that polled less recently than this is stuck or gone. */
export const MAX_POLL_AGE_MS = 150_000;
/** Temporal's enums (temporal.api.enums.v1): TASK_QUEUE_KIND_NORMAL, TASK_QUEUE_TYPE_WORKFLOW. */
const TASK_QUEUE_KIND_NORMAL = 1;
const TASK_QUEUE_TYPE_WORKFLOW = 1;

/** The part of the worker's connection the check uses (NativeConnection and Connection both have it). */
export interface TaskQueueDescriber {
  workflowService: {
    describeTaskQueue(request: {
      namespace: string;
      taskQueue: { name: string; kind: number };
      taskQueueType: number;
    }): Promise<{ pollers?: Poller[] | null }>;
  };
}

/**
 * The worker's heartbeat check (HEARTBEAT_FILE), run in the worker on its own connection: what is
 * wrong, or nothing when the worker is running and Temporal has seen a worker on this host
 * (identity `pid@host`, the SDK's default) poll the task queue within MAX_POLL_AGE_MS.
 */
export async function workerProblems(
  connection: TaskQueueDescriber,
  worker: { getState(): string },
  target: { namespace: string; taskQueue: string; host: string; now?: () => number },
): Promise<string[]> {
  const state = worker.getState();
  if (state !== 'RUNNING') return [`the worker is ${state.toLowerCase()}`];
  const { pollers } = await connection.workflowService.describeTaskQueue({
    namespace: target.namespace,
    taskQueue: { name: target.taskQueue, kind: TASK_QUEUE_KIND_NORMAL },
    taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
  });
  if (pollingFrom(pollers ?? [], target.host, (target.now ?? Date.now)(), MAX_POLL_AGE_MS)) return [];
  return [`Temporal has seen no worker on ${target.host} poll task queue ${target.taskQueue} in the last ${MAX_POLL_AGE_MS / 1000} s`];
}
