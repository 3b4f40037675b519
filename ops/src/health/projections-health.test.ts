import { createLogger, EmbeddedReadStore, ProjectionRunner, SqliteEventStore, type Projector } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectionsBehind } from './projections-health';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };
const projector = (name: string, eventType: string): Projector => ({
  name,
  collections: [name],
  filter: { eventTypes: [eventType] },
  project: (e) => [{ collection: name, updateOne: { filter: { _id: e.streamName }, update: { $inc: { n: 1 } }, upsert: true } }],
});

describe('the projections healthcheck', () => {
  it('names the read models whose stored checkpoint has not reached the log’s head, rare ones included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'projections-health-'));
    const eventStore = new SqliteEventStore(join(dir, 'e.sqlite'));
    const names = ['counted', 'rare'];
    const readStore = new EmbeddedReadStore(join(dir, 'r.sqlite'));
    // An empty log: nothing to catch up with.
    expect(await projectionsBehind({ eventStore, readStore }, names, 50)).toEqual([]);

    await eventStore.append('thing-1', [{ id: randomUUID(), type: 'Counted', data: {}, metadata }], { expectedRevision: 'no_stream' });
    expect(await projectionsBehind({ eventStore, readStore }, names, 50)).toEqual(names);

    // Only `counted` runs: `rare`, which handles none of these events, is still named.
    const runner = new ProjectionRunner({ eventStore, readStore, projectors: [projector('counted', 'Counted')], logger: createLogger('silent'), checkpointIntervalMs: 10 });
    await runner.start();
    expect(await projectionsBehind({ eventStore, readStore }, names, 2000)).toEqual(['rare']);
    await runner.stop();

    // Both run; the check reads what they stored (a fresh read store, as the healthcheck's process has).
    const both = new ProjectionRunner({ eventStore, readStore, projectors: [projector('counted', 'Counted'), projector('rare', 'Rare')], logger: createLogger('silent'), checkpointIntervalMs: 10 });
    await both.start();
    await new Promise((r) => setTimeout(r, 200));
    await both.stop();
    await readStore.close();
    const fresh = new EmbeddedReadStore(join(dir, 'r.sqlite'));
    expect(await projectionsBehind({ eventStore, readStore: fresh }, names, 2000)).toEqual([]);
    await fresh.close();
    await eventStore.close();
  });
});
