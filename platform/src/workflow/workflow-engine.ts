/**
 * The port through which the API and reactors run a workflow and wait for its result.
 *
 * Two adapters: `TemporalWorkflowEngine` (a Temporal server and the `workflows` worker) and
 * `InProcessWorkflowEngine` (the embedded default, running the same orchestration code in this
 * process). Which one runs is decided by configuration alone (`TEMPORAL_ADDRESS`).
 */
export interface WorkflowEngine {
  /**
   * Runs the workflow `workflowType` with `input` and resolves with its result.
   *
   * - `workflowId` names the run: while a run with the same id is under way, a second execute
   *   joins it instead of starting another (both callers get the same result). Once a run with
   *   the id has completed, execute answers that run's result and starts nothing (a retried
   *   request must not get a second, possibly different answer); only a run that failed may run
   *   again. Engines remember completed runs for a while (Temporal: the namespace's retention;
   *   in-process: its recent runs, until a restart), so a caller whose workflow must never run
   *   twice also checks its own record first (a valuation's stream, say).
   * - `timeoutMs` is how long the caller waits. Past it the promise rejects with a
   *   `WorkflowTimeoutError`; the workflow itself is not stopped and still records its result
   *   (completed or failed) when it finishes, so the person can come back to it later.
   *
   * Rejects with `WorkflowFailedError` when the workflow failed; its message is written for the
   * person who asked.
   */
  execute<I, R>(workflowType: string, input: I, options: WorkflowExecuteOptions): Promise<R>;
  /**
   * Starts a long-running workflow (an entity's lifecycle) and does not wait for it. While a run
   * with the same id is going, nothing happens: starting is idempotent. Unlike execute, a
   * lifecycle that has ended may begin again under its id (a subscription bought anew).
   */
  start<I>(workflowType: string, input: I, options: WorkflowStartOptions): Promise<void>;
  /**
   * Sends `signal` to the run with this id, first starting it with `input` when none is going
   * (Temporal's signalWithStart): a signal is never lost for want of a run.
   */
  signalWithStart<I>(workflowType: string, input: I, options: WorkflowStartOptions, signal: string): Promise<void>;
  /**
   * Stops taking work and releases what the engine holds. In-process, it first waits for the
   * runs under way to finish (they write to the stores, which close after it); with Temporal,
   * executes still waiting are abandoned and their workflows go on on the server.
   */
  close(): Promise<void>;
}

export interface WorkflowStartOptions {
  workflowId: string;
}

export interface WorkflowExecuteOptions extends WorkflowStartOptions {
  timeoutMs: number;
}

/**
 * What a long-running workflow needs from its engine besides activities, so one orchestration
 * runs on both: Temporal's `condition` with a timeout, its signals, its clock and `continueAsNew`
 * (workflows.ts builds it from @temporalio/workflow), or the in-process engine's equivalents.
 */
export interface WorkflowRuntime<I> {
  /** The workflow's time (ms since the epoch): Temporal's deterministic clock, or the engine's clock. */
  now(): number;
  /**
   * Waits until a signal arrives (true) or the clock reaches `untilMs` (false; null waits for a
   * signal only). A signal that arrived since the last wait answers at once: none is missed
   * while an activity runs.
   */
  waitForSignal(untilMs: number | null): Promise<boolean>;
  /** Ends this run and starts a fresh one with `input` under the same id (history stays small). */
  continueAsNew(input: I): Promise<never>;
}

/** The caller stopped waiting; the workflow may still finish and record its result. */
export class WorkflowTimeoutError extends Error {
  constructor(
    readonly workflowId: string,
    readonly timeoutMs: number,
  ) {
    super(`Workflow ${workflowId} did not finish within ${timeoutMs} ms`);
    this.name = 'WorkflowTimeoutError';
  }
}

/**
 * The workflow ended in failure. `message` is the reason the workflow gave, written for the
 * person (e.g. "The valuation could not be completed. Please try again."); `cause` keeps the
 * engine's own error for the logs.
 */
export class WorkflowFailedError extends Error {
  constructor(
    message: string,
    readonly workflowId: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WorkflowFailedError';
  }
}

/** No workflow of that type is registered with the engine (a programming error, not the person's). */
export class UnknownWorkflowTypeError extends Error {
  constructor(
    readonly workflowType: string,
    known: string[],
  ) {
    super(`Unknown workflow type "${workflowType}"; registered: ${known.length ? known.join(', ') : '(none)'}`);
    this.name = 'UnknownWorkflowTypeError';
  }
}
