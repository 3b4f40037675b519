import { describe, expect, it } from 'vitest';
import { pollingFrom } from './worker-health';

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
});
