import {
  UnknownWorkflowTypeError,
  WorkflowFailedError,
  WorkflowTimeoutError,
  type WorkflowEngine,
  type WorkflowExecuteOptions,
} from './workflow-engine';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each workflow declares its own input type
export type WorkflowFunction = (input: any) => Promise<unknown>;
export type WorkflowRegistry = Record<string, WorkflowFunction>;

/**
 * The embedded engine: runs a registered workflow function in this process.
 *
 * It gives the same guarantees a caller relies on with Temporal, within one process:
 * - Concurrent executes with the same `workflowId` share one run (the second caller gets the
 *   same promise). Once a run has finished, the same id may run again; the activities are
 *   idempotent, so a repeated run appends nothing twice.
 * - After `timeoutMs` the caller's promise rejects with `WorkflowTimeoutError`, but the run
 *   carries on in the background and still records its result (ValuationCompleted or
 *   ValuationFailed); a later execute with the same id while it is still going joins it.
 * - A workflow that throws rejects with `WorkflowFailedError` carrying the thrown message, which
 *   the workflow writes for the person (as a Temporal workflow does with ApplicationFailure).
 * - Activities are retried by wrapping them with `withRetries` (see retry.ts) before they are
 *   handed to the workflow function, with the same policy Temporal uses.
 *
 * What it does not give: durability. A run under way when the process stops is lost; the
 * valuation stays "requested" until it is asked for again.
 */
export class InProcessWorkflowEngine implements WorkflowEngine {
  private readonly running = new Map<string, Promise<unknown>>();
  private closed = false;

  constructor(private readonly registry: WorkflowRegistry) {}

  execute<I, R>(workflowType: string, input: I, options: WorkflowExecuteOptions): Promise<R> {
    if (this.closed) return Promise.reject(new Error('The workflow engine is closed'));
    const workflow = Object.hasOwn(this.registry, workflowType) ? this.registry[workflowType] : undefined;
    if (!workflow) return Promise.reject(new UnknownWorkflowTypeError(workflowType, Object.keys(this.registry)));

    let run = this.running.get(options.workflowId);
    if (!run) {
      run = this.start(workflow, input, options.workflowId);
      this.running.set(options.workflowId, run);
    }
    return withTimeout(run as Promise<R>, options);
  }

  /** Refuses new executes and waits for the runs under way to finish, so they can record their results. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running.values()]);
  }

  private async start(workflow: WorkflowFunction, input: unknown, workflowId: string): Promise<unknown> {
    try {
      // Run on a later tick so a workflow that throws synchronously still fails the promise.
      return await Promise.resolve().then(() => workflow(input));
    } catch (error) {
      if (error instanceof WorkflowFailedError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new WorkflowFailedError(message, workflowId, { cause: error });
    } finally {
      this.running.delete(workflowId);
    }
  }
}

/** Rejects with WorkflowTimeoutError after `timeoutMs`; the run itself is left going. */
function withTimeout<R>(run: Promise<R>, { workflowId, timeoutMs }: WorkflowExecuteOptions): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const timer = setTimeout(() => reject(new WorkflowTimeoutError(workflowId, timeoutMs)), timeoutMs);
    run.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
