import { systemClock, type WorkflowClock } from './workflow-clock';
import {
  UnknownWorkflowTypeError,
  WorkflowFailedError,
  WorkflowTimeoutError,
  type WorkflowEngine,
  type WorkflowExecuteOptions,
  type WorkflowRuntime,
  type WorkflowStartOptions,
} from './workflow-engine';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each workflow declares its own input type
export type WorkflowFunction = (input: any, runtime: WorkflowRuntime<any>) => Promise<unknown>;
export type WorkflowRegistry = Record<string, WorkflowFunction>;

export interface InProcessEngineOptions {
  /** The clock workflows wait on (a ManualClock in tests). */
  clock?: WorkflowClock;
  /** A started (not awaited) run that failed: nobody else would hear of it. */
  onBackgroundFailure?: (workflowId: string, error: unknown) => void;
}

/** Thrown inside a waiting workflow when the engine closes: the run ends without a result. */
export class WorkflowEngineClosedError extends Error {
  constructor() {
    super('The workflow engine closed while the workflow was waiting');
    this.name = 'WorkflowEngineClosedError';
  }
}

/** Thrown by `continueAsNew`: the engine starts the workflow again with the new input. */
class ContinueAsNew {
  constructor(readonly input: unknown) {}
}

/** One run's signals and waits (the in-process WorkflowRuntime). */
class RunContext implements WorkflowRuntime<unknown> {
  private signalled = false;
  private waiter: { wake: () => void; stop: (error: Error) => void } | null = null;
  private stopped = false;

  constructor(private readonly clock: WorkflowClock) {}

  now(): number {
    return this.clock.now();
  }

  signal(): void {
    this.signalled = true;
    this.waiter?.wake();
  }

  stop(): void {
    this.stopped = true;
    this.waiter?.stop(new WorkflowEngineClosedError());
  }

  waitForSignal(untilMs: number | null): Promise<boolean> {
    if (this.stopped) return Promise.reject(new WorkflowEngineClosedError());
    if (this.signalled) {
      this.signalled = false;
      return Promise.resolve(true);
    }
    if (untilMs !== null && untilMs <= this.clock.now()) return Promise.resolve(false);
    return new Promise<boolean>((resolve, reject) => {
      const settle = (outcome: () => void) => {
        cancelTimer();
        this.waiter = null;
        outcome();
      };
      const cancelTimer = untilMs === null ? () => undefined : this.clock.setTimer(untilMs, () => settle(() => resolve(false)));
      this.waiter = {
        wake: () =>
          settle(() => {
            this.signalled = false;
            resolve(true);
          }),
        stop: (error) => settle(() => reject(error)),
      };
    });
  }

  continueAsNew(input: unknown): Promise<never> {
    return Promise.reject(new ContinueAsNew(input));
  }
}

/**
 * The embedded engine: runs a registered workflow function in this process.
 *
 * It gives the same guarantees a caller relies on with Temporal, within one process:
 * - Concurrent executes with the same `workflowId` share one run (the second caller gets the
 *   same promise). Once a run has completed, an execute with its id answers its result and runs
 *   nothing (Temporal's ALLOW_DUPLICATE_FAILED_ONLY): a retried request never gets a second,
 *   possibly different answer. A failed run may run again. The last COMPLETED_RUNS_KEPT results
 *   are kept, in memory (as Temporal keeps closed runs for its retention period): past them, and
 *   after a restart, the caller's own record (the event store) is what says it ran.
 * - After `timeoutMs` the caller's promise rejects with `WorkflowTimeoutError`, but the run
 *   carries on in the background and still records its result (ValuationCompleted or
 *   ValuationFailed); a later execute with the same id while it is still going joins it.
 * - A workflow that throws rejects with `WorkflowFailedError` carrying the thrown message, which
 *   the workflow writes for the person (as a Temporal workflow does with ApplicationFailure).
 * - Activities are retried by wrapping them with `withRetries` (see retry.ts) before they are
 *   handed to the workflow function, with the same policy Temporal uses.
 *
 * - Long-running workflows (`start`, `signalWithStart`) wait on the engine's clock through the
 *   WorkflowRuntime handed to them; `continueAsNew` starts the function again with the new input.
 *
 * What it does not give: durability. A run under way when the process stops is lost; the
 * valuation stays "requested" until it is asked for again, and a long-running workflow is
 * started again at the next start-up, reading where it was from the event store.
 */
export class InProcessWorkflowEngine implements WorkflowEngine {
  private readonly running = new Map<string, { run: Promise<unknown>; context: RunContext }>();
  /** Results of completed runs by workflow id, oldest first (see COMPLETED_RUNS_KEPT). */
  private readonly completed = new Map<string, unknown>();
  private closed = false;
  private readonly clock: WorkflowClock;

  constructor(
    private readonly registry: WorkflowRegistry,
    private readonly options: InProcessEngineOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
  }

  execute<I, R>(workflowType: string, input: I, options: WorkflowExecuteOptions): Promise<R> {
    try {
      // Completed already: its result, without a second run.
      if (!this.running.has(options.workflowId) && this.completed.has(options.workflowId)) {
        if (this.closed) throw new Error('The workflow engine is closed');
        return Promise.resolve(this.completed.get(options.workflowId) as R);
      }
      return withTimeout(this.runOf(workflowType, input, options.workflowId).run as Promise<R>, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async start<I>(workflowType: string, input: I, options: WorkflowStartOptions): Promise<void> {
    const { run } = this.runOf(workflowType, input, options.workflowId);
    run.catch((error: unknown) => {
      if (!(error instanceof WorkflowFailedError && error.cause instanceof WorkflowEngineClosedError)) this.options.onBackgroundFailure?.(options.workflowId, error);
    });
  }

  async signalWithStart<I>(workflowType: string, input: I, options: WorkflowStartOptions, _signal: string): Promise<void> {
    // One kind of signal per workflow so far ("something changed: read the event store again").
    const running = this.running.get(options.workflowId);
    if (running) return running.context.signal();
    await this.start(workflowType, input, options);
    this.running.get(options.workflowId)?.context.signal();
  }

  /**
   * Refuses new runs, stops the long-running ones where they wait (they resume from the event
   * store at the next start), and waits for the others to finish, so they can record their results.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const { context } of this.running.values()) context.stop();
    await Promise.allSettled([...this.running.values()].map((r) => r.run));
  }

  /** The run under this id, started when there is none. */
  private runOf(workflowType: string, input: unknown, workflowId: string): { run: Promise<unknown>; context: RunContext } {
    if (this.closed) throw new Error('The workflow engine is closed');
    const workflow = Object.hasOwn(this.registry, workflowType) ? this.registry[workflowType] : undefined;
    if (!workflow) throw new UnknownWorkflowTypeError(workflowType, Object.keys(this.registry));
    let running = this.running.get(workflowId);
    if (!running) {
      // A new run (a lifecycle begun again by start) replaces what an earlier one answered.
      this.completed.delete(workflowId);
      const context = new RunContext(this.clock);
      running = { run: this.run(workflow, input, workflowId, context), context };
      this.running.set(workflowId, running);
    }
    return running;
  }

  private remember(workflowId: string, result: unknown): void {
    this.completed.delete(workflowId);
    this.completed.set(workflowId, result);
    if (this.completed.size > COMPLETED_RUNS_KEPT) this.completed.delete(this.completed.keys().next().value!);
  }

  private async run(workflow: WorkflowFunction, input: unknown, workflowId: string, context: RunContext): Promise<unknown> {
    try {
      for (;;) {
        try {
          // Run on a later tick so a workflow that throws synchronously still fails the promise.
          const result = await Promise.resolve().then(() => workflow(input, context));
          this.remember(workflowId, result);
          return result;
        } catch (error) {
          if (!(error instanceof ContinueAsNew)) throw error;
          input = error.input;
        }
      }
    } catch (error) {
      if (error instanceof WorkflowFailedError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new WorkflowFailedError(message, workflowId, { cause: error });
    } finally {
      this.running.delete(workflowId);
    }
  }
}

/** How many completed runs' results the in-process engine keeps (the oldest go first). */
export const COMPLETED_RUNS_KEPT = 1_000;

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
