import { describe, expect, it, vi } from 'vitest';
import { InProcessWorkflowEngine } from './in-process-engine';
import { ManualClock, systemClock } from './workflow-clock';
import { UnknownWorkflowTypeError, WorkflowFailedError, WorkflowTimeoutError, type WorkflowRuntime } from './workflow-engine';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('InProcessWorkflowEngine', () => {
  it('runs the registered workflow with its input and resolves with the result', async () => {
    const engine = new InProcessWorkflowEngine({ double: async (input: { n: number }) => input.n * 2 });
    await expect(engine.execute('double', { n: 21 }, { workflowId: 'w-1', timeoutMs: 10_000 })).resolves.toBe(42);
  });

  it('rejects with WorkflowTimeoutError when the wait runs out, while the run goes on and finishes', async () => {
    const gate = deferred<void>();
    const recorded: string[] = [];
    const engine = new InProcessWorkflowEngine({
      slow: async () => {
        await gate.promise;
        recorded.push('completed');
        return 'done';
      },
    });
    const waiting = engine.execute('slow', {}, { workflowId: 'slow-1', timeoutMs: 1 });
    await expect(waiting).rejects.toBeInstanceOf(WorkflowTimeoutError);
    await expect(waiting).rejects.toMatchObject({ workflowId: 'slow-1', timeoutMs: 1 });
    expect(recorded).toEqual([]);

    // A later execute of the same id joins the run still going, and the run records its result.
    const joined = engine.execute('slow', {}, { workflowId: 'slow-1', timeoutMs: 10_000 });
    gate.resolve();
    await expect(joined).resolves.toBe('done');
    expect(recorded).toEqual(['completed']);
  });

  it('runs concurrent executes of the same workflowId once, and each gets the result', async () => {
    const gate = deferred<string>();
    let runs = 0;
    const engine = new InProcessWorkflowEngine({
      once: async () => {
        runs++;
        return gate.promise;
      },
    });
    const first = engine.execute('once', {}, { workflowId: 'v-1', timeoutMs: 10_000 });
    const second = engine.execute('once', {}, { workflowId: 'v-1', timeoutMs: 10_000 });
    const other = engine.execute('once', {}, { workflowId: 'v-2', timeoutMs: 10_000 });
    gate.resolve('result');
    await expect(Promise.all([first, second, other])).resolves.toEqual(['result', 'result', 'result']);
    expect(runs).toBe(2);

    // Once completed, the same id answers its result and runs nothing.
    await expect(engine.execute('once', {}, { workflowId: 'v-1', timeoutMs: 10_000 })).resolves.toBe('result');
    expect(runs).toBe(2);
  });

  it('never runs a completed workflowId again: a later execute answers the recorded result; a failed one may run again', async () => {
    let runs = 0;
    let failing = true;
    const engine = new InProcessWorkflowEngine({
      // Each run answers differently (as an AI valuer may): a second run would show.
      value: async () => `answer ${++runs}`,
      flaky: async () => {
        runs++;
        if (failing) throw new Error('The valuation could not be completed. Please try again.');
        return 'recovered';
      },
    });
    const first = await engine.execute('value', {}, { workflowId: 'valuation-1', timeoutMs: 10_000 });
    const retried = await engine.execute('value', {}, { workflowId: 'valuation-1', timeoutMs: 10_000 });
    expect([first, retried]).toEqual(['answer 1', 'answer 1']);
    expect(runs).toBe(1);

    runs = 0;
    await expect(engine.execute('flaky', {}, { workflowId: 'lead-1', timeoutMs: 10_000 })).rejects.toBeInstanceOf(WorkflowFailedError);
    failing = false;
    await expect(engine.execute('flaky', {}, { workflowId: 'lead-1', timeoutMs: 10_000 })).resolves.toBe('recovered');
    await expect(engine.execute('flaky', {}, { workflowId: 'lead-1', timeoutMs: 10_000 })).resolves.toBe('recovered');
    expect(runs).toBe(2);
  });

  it('lets a lifecycle that ended begin again with start (start is not execute)', async () => {
    let runs = 0;
    const ended = deferred<void>();
    const engine = new InProcessWorkflowEngine({
      lifecycle: async () => {
        runs++;
        if (runs === 2) ended.resolve();
      },
    });
    await engine.execute('lifecycle', {}, { workflowId: 'sub-1', timeoutMs: 10_000 });
    await engine.start('lifecycle', {}, { workflowId: 'sub-1' });
    await ended.promise;
    expect(runs).toBe(2);
  });

  it('shares a failure between the callers of one run as WorkflowFailedError with the workflow’s message', async () => {
    const gate = deferred<void>();
    let runs = 0;
    const cause = new Error('The valuation could not be completed. Please try again.');
    const engine = new InProcessWorkflowEngine({
      failing: async () => {
        runs++;
        await gate.promise;
        throw cause;
      },
    });
    const a = engine.execute('failing', {}, { workflowId: 'f-1', timeoutMs: 10_000 });
    const b = engine.execute('failing', {}, { workflowId: 'f-1', timeoutMs: 10_000 });
    gate.resolve();
    for (const p of [a, b]) {
      const error = await p.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkflowFailedError);
      expect(error).toMatchObject({ message: cause.message, workflowId: 'f-1', cause });
    }
    expect(runs).toBe(1);
  });

  it('turns a synchronous throw into a failed workflow', async () => {
    const engine = new InProcessWorkflowEngine({
      sync: () => {
        throw new Error('boom');
      },
    });
    await expect(engine.execute('sync', {}, { workflowId: 's-1', timeoutMs: 10_000 })).rejects.toThrow(WorkflowFailedError);
  });

  it('names an unknown workflow type and the registered ones', async () => {
    const engine = new InProcessWorkflowEngine({ valuationWorkflow: async () => null });
    const error = await engine.execute('billingWorkflow', {}, { workflowId: 'b-1', timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownWorkflowTypeError);
    expect((error as Error).message).toBe('Unknown workflow type "billingWorkflow"; registered: valuationWorkflow');
    await expect(engine.execute('toString', {}, { workflowId: 'b-2', timeoutMs: 10_000 })).rejects.toThrow(UnknownWorkflowTypeError);
  });

  it('waits for the runs under way when closing', async () => {
    const gate = deferred<void>();
    const engine = new InProcessWorkflowEngine({ w: () => gate.promise });
    const run = engine.execute('w', {}, { workflowId: 'c-0', timeoutMs: 10_000 });
    let closed = false;
    const closing = engine.close().then(() => (closed = true));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(closed).toBe(false);
    gate.resolve();
    await closing;
    expect(closed).toBe(true);
    await expect(run).resolves.toBeUndefined();
  });

  it('refuses new work once closed', async () => {
    const engine = new InProcessWorkflowEngine({ w: async () => 1 });
    await engine.close();
    await expect(engine.execute('w', {}, { workflowId: 'c-1', timeoutMs: 10_000 })).rejects.toThrow(/closed/);
  });
});

describe('InProcessWorkflowEngine: long-running workflows (signals, timers, continueAsNew)', () => {
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('wakes a waiting run on a signal or on its timer, whichever comes first, on the engine’s clock', async () => {
    const clock = new ManualClock(0);
    const seen: string[] = [];
    const engine = new InProcessWorkflowEngine(
      {
        entity: async (_input: unknown, runtime: WorkflowRuntime<unknown>) => {
          seen.push((await runtime.waitForSignal(1_000)) ? `signal@${runtime.now()}` : `timer@${runtime.now()}`);
          seen.push((await runtime.waitForSignal(5_000)) ? `signal@${runtime.now()}` : `timer@${runtime.now()}`);
          return 'done';
        },
      },
      { clock },
    );
    await engine.start('entity', {}, { workflowId: 'e-1' });
    await tick();
    clock.advance(999);
    await tick();
    expect(seen).toEqual([]);
    await engine.signalWithStart('entity', {}, { workflowId: 'e-1' }, 'changed');
    await tick();
    clock.advance(4_001);
    await tick();
    expect(seen).toEqual(['signal@999', 'timer@5000']);
  });

  it('keeps a signal that arrives while the run is busy for its next wait, and starts a run for a signal when none is going', async () => {
    const gate = deferred<void>();
    const waits: boolean[] = [];
    const engine = new InProcessWorkflowEngine(
      {
        entity: async (_input: unknown, runtime: WorkflowRuntime<unknown>) => {
          await gate.promise; // an activity under way
          waits.push(await runtime.waitForSignal(null));
        },
      },
      { clock: new ManualClock(0) },
    );
    await engine.signalWithStart('entity', {}, { workflowId: 'e-2' }, 'changed');
    await engine.signalWithStart('entity', {}, { workflowId: 'e-2' }, 'changed');
    gate.resolve();
    await tick();
    expect(waits).toEqual([true]);
  });

  it('starts a run once however often it is started, and continues as new under the same id', async () => {
    const inputs: number[] = [];
    const engine = new InProcessWorkflowEngine({
      counter: async (input: { n: number }, runtime: WorkflowRuntime<{ n: number }>) => {
        inputs.push(input.n);
        await tick();
        if (input.n < 3) return runtime.continueAsNew({ n: input.n + 1 });
        return input.n;
      },
    });
    await engine.start('counter', { n: 1 }, { workflowId: 'c-1' });
    await engine.start('counter', { n: 1 }, { workflowId: 'c-1' });
    await expect(engine.execute('counter', { n: 1 }, { workflowId: 'c-1', timeoutMs: 5_000 })).resolves.toBe(3);
    expect(inputs).toEqual([1, 2, 3]);
  });

  it('stops waiting runs when it closes (they resume from the event store at the next start), and reports other background failures', async () => {
    const failures: string[] = [];
    const engine = new InProcessWorkflowEngine(
      {
        forever: async (_input: unknown, runtime: WorkflowRuntime<unknown>) => {
          for (;;) await runtime.waitForSignal(null);
        },
        broken: async () => {
          throw new Error('the store is gone');
        },
      },
      { clock: new ManualClock(0), onBackgroundFailure: (id, error) => failures.push(`${id}: ${(error as Error).message}`) },
    );
    await engine.start('forever', {}, { workflowId: 'f-1' });
    await engine.start('broken', {}, { workflowId: 'b-1' });
    await tick();
    await engine.close();
    expect(failures).toEqual(['b-1: the store is gone']);
  });
});

describe('ManualClock and the system clock', () => {
  it('fires due timers in time order when moved on, and none that were cancelled', () => {
    const clock = new ManualClock(100);
    const fired: string[] = [];
    clock.setTimer(300, () => fired.push('b'));
    clock.setTimer(200, () => fired.push('a'));
    const cancel = clock.setTimer(250, () => fired.push('x'));
    cancel();
    clock.advance(150);
    expect(fired).toEqual(['a']);
    clock.set(1_000);
    expect(fired).toEqual(['a', 'b']);
    expect(clock.pending).toBe(0);
  });

  it('waits longer than setTimeout’s limit without firing early', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      let fired = false;
      systemClock.setTimer(31 * 24 * 3600_000, () => (fired = true));
      vi.advanceTimersByTime(25 * 24 * 3600_000);
      expect(fired).toBe(false);
      vi.advanceTimersByTime(6 * 24 * 3600_000);
      expect(fired).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
