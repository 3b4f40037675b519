import { describe, expect, it } from 'vitest';
import { pollingFrom, workerProblems, type TaskQueueDescriber } from './worker-polling';

describe('the worker healthcheck', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  const at = (msAgo: number) => ({ seconds: Math.floor((now - msAgo) / 1000) });

  it('is healthy only when this host’s worker polled recently', () => {
    expect(pollingFrom([{ identity: '7@abc123', lastAccessTime: at(30_000) }], 'abc123', now, 150_000)).toBe(true);
    // Long-typed seconds, as the gRPC client gives them.
    expect(pollingFrom([{ identity: '7@abc123', lastAccessTime: { seconds: { toNumber: () => at(1000).seconds } } }], 'abc123', now, 150_000)).toBe(true);
    // Another container's worker, or a host name that merely ends the same way.
    expect(pollingFrom([{ identity: '7@def456', lastAccessTime: at(1000) }, { identity: '7@xabc123', lastAccessTime: at(1000) }], 'abc123', now, 150_000)).toBe(false);
    // Temporal still lists a worker that stopped polling minutes ago.
    expect(pollingFrom([{ identity: '7@abc123', lastAccessTime: at(300_000) }], 'abc123', now, 150_000)).toBe(false);
    expect(pollingFrom([{ identity: '7@abc123' }], 'abc123', now, 150_000)).toBe(false);
    expect(pollingFrom([], 'abc123', now, 150_000)).toBe(false);
  });

  it('asks Temporal about the task queue the worker polls, and names what is wrong', async () => {
    const asked: unknown[] = [];
    const connection = (pollers: { identity: string; lastAccessTime: { seconds: number } }[]): TaskQueueDescriber => ({
      workflowService: {
        describeTaskQueue: async (request) => {
          asked.push(request);
          return { pollers };
        },
      },
    });
    const target = { namespace: 'default', taskQueue: 'kainga-valuations', host: 'abc123', now: () => now };
    const running = { getState: () => 'RUNNING' };
    expect(await workerProblems(connection([{ identity: '7@abc123', lastAccessTime: at(1000) }]), running, target)).toEqual([]);
    expect(asked).toEqual([{ namespace: 'default', taskQueue: { name: 'kainga-valuations', kind: 1 }, taskQueueType: 1 }]);
    expect(await workerProblems(connection([{ identity: '7@def456', lastAccessTime: at(1000) }]), running, target)).toEqual([
      'Temporal has seen no worker on abc123 poll task queue kainga-valuations in the last 150 s',
    ]);
    // A draining worker is not healthy, whatever Temporal last saw.
    expect(await workerProblems(connection([{ identity: '7@abc123', lastAccessTime: at(1000) }]), { getState: () => 'DRAINING' }, target)).toEqual(['the worker is draining']);
  });
});
