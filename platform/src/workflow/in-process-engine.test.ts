import { describe, expect, it } from 'vitest';
import { InProcessWorkflowEngine } from './in-process-engine';
import { UnknownWorkflowTypeError, WorkflowFailedError, WorkflowTimeoutError } from './workflow-engine';

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

    // Once finished, the same id may run again.
    await engine.execute('once', {}, { workflowId: 'v-1', timeoutMs: 10_000 });
    expect(runs).toBe(3);
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
