import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type NewEvent } from '../event-store/event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { eventStoreContract } from '../testing/event-store-contract';
import { parseMetrics, sampleValue } from '../testing/metrics-text';
import { MeteredEventStore } from './event-store-metrics';
import { metricsRegistry } from './registry';

const dirs: string[] = [];
let file = '';
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kainga-metered-es-'));
  dirs.push(dir);
  file = join(dir, 'events.sqlite');
  return new MeteredEventStore(new SqliteEventStore(file), 'sqlite');
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// The decorator changes nothing a caller sees.
eventStoreContract('SQLite behind MeteredEventStore', { open: async () => fresh(), reopen: async () => new MeteredEventStore(new SqliteEventStore(file), 'sqlite'), globalEventIds: true });

const event = (type: string): NewEvent => ({ id: crypto.randomUUID(), type, data: {}, metadata: { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: new Date(0).toISOString() } });

describe('MeteredEventStore', () => {
  it('times every append by outcome and counts the events appended and the expected-revision conflicts', async () => {
    const store = fresh();
    const read = async () => parseMetrics(await metricsRegistry.metrics());
    const before = await read();
    await store.append('thing-1', [event('A'), event('B')], { expectedRevision: 'no_stream' });
    await store.append('thing-1', [event('C')], { expectedRevision: 1 });
    await expect(store.append('thing-1', [event('D')], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.append('thing-2', [event('E')], { expectedRevision: 3 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const after = await read();
    const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);

    expect(delta('kainga_event_store_append_duration_seconds_count', { store: 'sqlite', outcome: 'ok' })).toBe(2);
    expect(delta('kainga_event_store_append_duration_seconds_count', { store: 'sqlite', outcome: 'conflict' })).toBe(2);
    expect(delta('kainga_event_store_appended_events_total', { store: 'sqlite' })).toBe(3);
    expect(delta('kainga_event_store_append_conflicts_total', { store: 'sqlite' })).toBe(2);
    await store.close();
  });
});
