import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store';
import { keyedDigestOf, streamInUse } from './keyed-name';

const secret = Buffer.alloc(32, 3);

describe('keyed names', () => {
  it('are one digest per secret, purpose and text', () => {
    expect(keyedDigestOf(secret, 'a', 'mere@example.nz')).toBe(keyedDigestOf(secret, 'a', 'mere@example.nz'));
    expect(keyedDigestOf(secret, 'a', 'mere@example.nz')).toMatch(/^[0-9a-f]{40}$/);
    expect(keyedDigestOf(secret, 'b', 'mere@example.nz')).not.toBe(keyedDigestOf(secret, 'a', 'mere@example.nz'));
    expect(keyedDigestOf(Buffer.alloc(32, 4), 'a', 'mere@example.nz')).not.toBe(keyedDigestOf(secret, 'a', 'mere@example.nz'));
    expect(keyedDigestOf(secret, 'a', 'mere@example.nz', 32)).toHaveLength(32);
  });

  it('use the legacy name only for a stream already begun under it', async () => {
    const streams = new Map<string, number>();
    const store = { readStream: async (stream: string) => Array.from({ length: streams.get(stream) ?? 0 }, () => ({}) as RecordedEvent) };
    expect(await streamInUse(store, 'keyed', 'legacy')).toBe('keyed');
    streams.set('legacy', 2);
    expect(await streamInUse(store, 'keyed', 'legacy')).toBe('legacy');
    streams.set('keyed', 1);
    expect(await streamInUse(store, 'keyed', 'legacy')).toBe('keyed');
  });
});
