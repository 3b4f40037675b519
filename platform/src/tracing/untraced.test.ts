import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Decider } from '../command/decider';
import { handleCommand } from '../command/command-handler';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { startTracing, tracingStarted } from './start-tracing';
import { activeTraceparent, inSpan } from './tracer';

const counter: Decider<number, { n: number }, { type: 'Counted'; data: { n: number } }> = {
  initialState: () => 0,
  evolve: (s, e) => s + e.data.n,
  decide: (c) => [{ type: 'Counted', data: { n: c.n } }],
};

describe('without an OTLP endpoint', () => {
  it('registers nothing, and events carry no trace context', async () => {
    expect(startTracing({ serviceName: 'kainga-api', env: { OTEL_SERVICE_NAME: 'x' } })).toBeNull();
    expect(tracingStarted()).toBe(false);
    expect(await inSpan('a request', {}, async () => activeTraceparent())).toBeUndefined();
    const eventStore = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'untraced-')), 'e.sqlite'));
    const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '2026-12-02T00:00:00.000Z' };
    await handleCommand(eventStore, counter, 'tally-1', { n: 1 }, { idempotencyKey: 'k', metadata });
    const [event] = await eventStore.readStream('tally-1');
    expect(event!.metadata).toEqual(metadata);
    await eventStore.close();
  });
});
