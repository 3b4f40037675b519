import {
  ApplicationFailure,
  Client,
  Connection,
  TimeoutFailure,
  WorkflowExecutionAlreadyStartedError,
  WorkflowFailedError as TemporalWorkflowFailedError,
  type WorkflowHandle,
} from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import { tracingStarted } from '../tracing/start-tracing';
import {
  WorkflowFailedError,
  WorkflowTimeoutError,
  type WorkflowEngine,
  type WorkflowExecuteOptions,
  type WorkflowStartOptions,
} from './workflow-engine';

/** Shown when a workflow ended without a reason of its own (terminated, cancelled, timed out on the server). */
export const WORKFLOW_STOPPED_MESSAGE = 'The request could not be completed. Please try again.';

/**
 * The distributed engine: starts workflows on a Temporal server, where the `workflows` worker
 * (workflows/src/worker.ts) runs them, and waits for the result.
 *
 * - One run per `workflowId` at a time: the start uses `workflowIdConflictPolicy: USE_EXISTING`,
 *   so a second execute while a run is going joins it (an older server that answers
 *   WorkflowExecutionAlreadyStartedError instead is joined through `getHandle`).
 * - execute starts with `workflowIdReusePolicy: ALLOW_DUPLICATE_FAILED_ONLY`: an id whose run
 *   completed is refused (WorkflowExecutionAlreadyStartedError), and the caller gets that run's
 *   result through `getHandle` instead of a second run; a failed (or terminated, timed out) run
 *   may run again. start and signalWithStart keep the default (ALLOW_DUPLICATE): a lifecycle
 *   that ended may begin again.
 * - `timeoutMs` bounds how long the caller waits, not the workflow: after it the long poll for
 *   the result is aborted and the promise rejects with `WorkflowTimeoutError`, while the
 *   workflow goes on and records its result (completed or failed) itself. No
 *   `workflowExecutionTimeout` is set on purpose: the server would end the run without letting
 *   the workflow record a failure, and the valuation would stay "requested" for ever. The
 *   workflow is bounded anyway by its activities' timeouts and retry policy. Should the server
 *   still time a run out, that maps to `WorkflowTimeoutError` too.
 * - A failed workflow maps to our `WorkflowFailedError` with the ApplicationFailure's message,
 *   which the workflow writes for the person.
 */
export class TemporalWorkflowEngine implements WorkflowEngine {
  private constructor(
    private readonly connection: Connection,
    private readonly client: Client,
    private readonly taskQueue: string,
  ) {}

  static async connect(address: string, taskQueue: string, namespace = 'default'): Promise<TemporalWorkflowEngine> {
    const connection = await Connection.connect({ address });
    // When this process traces, a workflow started here carries the caller's trace context in its
    // headers, and the worker's interceptors continue it (docs/operations.md#traces).
    const interceptors = tracingStarted() ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : undefined;
    return new TemporalWorkflowEngine(connection, new Client({ connection, namespace, interceptors }), taskQueue);
  }

  execute<I, R>(workflowType: string, input: I, options: WorkflowExecuteOptions): Promise<R> {
    const { workflowId, timeoutMs } = options;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new WorkflowTimeoutError(workflowId, timeoutMs));
      }, timeoutMs);
    });
    const work = this.client
      .withAbortSignal(abort.signal, async () => {
        const handle = await this.startOrJoin(workflowType, input, workflowId, 'ALLOW_DUPLICATE_FAILED_ONLY');
        return (await handle.result()) as R;
      })
      .catch((error: unknown) => {
        throw fromTemporalError(error, options);
      });
    // Whichever loses the race must not surface as an unhandled rejection.
    work.catch(() => undefined);
    timedOut.catch(() => undefined);
    return Promise.race([work, timedOut]).finally(() => clearTimeout(timer));
  }

  async start<I>(workflowType: string, input: I, { workflowId }: WorkflowStartOptions): Promise<void> {
    await this.startOrJoin(workflowType, input, workflowId, 'ALLOW_DUPLICATE');
  }

  async signalWithStart<I>(workflowType: string, input: I, { workflowId }: WorkflowStartOptions, signal: string): Promise<void> {
    await this.client.workflow.signalWithStart(workflowType, { taskQueue: this.taskQueue, workflowId, args: [input], signal, signalArgs: [] });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private async startOrJoin(workflowType: string, input: unknown, workflowId: string, workflowIdReusePolicy: 'ALLOW_DUPLICATE' | 'ALLOW_DUPLICATE_FAILED_ONLY'): Promise<WorkflowHandle> {
    try {
      return await this.client.workflow.start(workflowType, {
        taskQueue: this.taskQueue,
        workflowId,
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy,
      });
    } catch (error) {
      // The run under this id: still going (an older server without conflict policies), or
      // completed and refused by the reuse policy. Without a run id the handle follows the
      // latest run, so its result() is that run's outcome.
      if (error instanceof WorkflowExecutionAlreadyStartedError) return this.client.workflow.getHandle(workflowId);
      throw error;
    }
  }
}

/** Temporal's errors in our terms; anything else (the server unreachable, …) passes unchanged. */
export function fromTemporalError(error: unknown, { workflowId, timeoutMs }: WorkflowExecuteOptions): unknown {
  if (!(error instanceof TemporalWorkflowFailedError)) return error;
  const cause = error.cause;
  if (cause instanceof TimeoutFailure) return new WorkflowTimeoutError(workflowId, timeoutMs);
  const message = cause instanceof ApplicationFailure && cause.message ? cause.message : WORKFLOW_STOPPED_MESSAGE;
  return new WorkflowFailedError(message, workflowId, { cause: error });
}
