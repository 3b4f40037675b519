import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { createLogger } from '../logger';
import { ProjectionRunner } from '../projection/projection-runner';
import type { Projector } from '../projection/projector';
import { ReactorRunner, type Reactor } from '../reaction/reactor-runner';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { waitFor } from '../testing/event-store-contract';
import { parseMetrics, sampleValue } from '../testing/metrics-text';
import { metricsRegistry } from './registry';
import { positionOrdinal, watchSubscriberLag } from './subscriber-lag-metrics';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };
const logger = createLogger('silent');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const open = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kainga-lag-'));
  dirs.push(dir);
  return { eventStore: new SqliteEventStore(join(dir, 'e.sqlite')), readStore: new EmbeddedReadStore(join(dir, 'r.sqlite')) };
};
const add = (store: SqliteEventStore, types: string[]) => store.append('s', types.map((type) => ({ id: randomUUID(), type, data: {}, metadata })), { expectedRevision: 'any' });
const scrape = async () => parseMetrics(await metricsRegistry.metrics());

describe('projection and reactor lag at each scrape', () => {
  it('reports a projection stuck on an event as behind (positions, seconds, failing), and nothing once it catches up', async () => {
    const { eventStore, readStore } = open();
    let broken = true;
    const projector: Projector = {
      name: 'lag_probe',
      collections: ['lag_probe'],
      filter: { eventTypes: ['Ok', 'Poison'] },
      project: (e) => {
        if (e.type === 'Poison' && broken) throw new Error('cannot project this yet');
        return [];
      },
    };
    await add(eventStore, ['Ok', 'Poison', 'Ok', 'Ok']);
    const runner = new ProjectionRunner({ eventStore, readStore, projectors: [projector], logger, batchSize: 1 });
    const unwatch = watchSubscriberLag({ eventStore, projections: () => runner.statuses() });
    try {
      const failuresBefore = sampleValue(await scrape(), 'kainga_projection_failures_total', { projection: 'lag_probe' });
      await runner.start();
      await waitFor(() => runner.statuses()[0]!.lastError !== null);
      const stuck = await scrape();
      // Applied the first event of four: three behind, the oldest of them not yet looked at.
      expect(sampleValue(stuck, 'kainga_projection_lag_positions', { projection: 'lag_probe' })).toBe(3);
      expect(sampleValue(stuck, 'kainga_projection_lag_seconds', { projection: 'lag_probe' })).toBeGreaterThanOrEqual(0);
      expect(sampleValue(stuck, 'kainga_projection_caught_up', { projection: 'lag_probe' })).toBe(0);
      expect(sampleValue(stuck, 'kainga_projection_failing', { projection: 'lag_probe' })).toBe(1);
      expect(sampleValue(stuck, 'kainga_projection_failures_total', { projection: 'lag_probe' }) - failuresBefore).toBeGreaterThanOrEqual(1);

      broken = false; // its restart (back-off) now gets past the event
      await waitFor(() => runner.statuses()[0]!.caughtUp, 10_000);
      const caughtUp = await scrape();
      expect(sampleValue(caughtUp, 'kainga_projection_lag_positions', { projection: 'lag_probe' })).toBe(0);
      expect(sampleValue(caughtUp, 'kainga_projection_lag_seconds', { projection: 'lag_probe' })).toBe(0);
      expect(sampleValue(caughtUp, 'kainga_projection_caught_up', { projection: 'lag_probe' })).toBe(1);
      expect(sampleValue(caughtUp, 'kainga_projection_failing', { projection: 'lag_probe' })).toBe(0);
    } finally {
      unwatch();
      await runner.stop();
      await eventStore.close();
      await readStore.close();
    }
    // A subscriber no longer watched is no longer reported.
    expect((await scrape()).some((s) => s.labels.projection === 'lag_probe' && s.name.startsWith('kainga_projection_lag'))).toBe(false);
  });

  it('counts a reactor’s failed attempts (its retries) and handled events, and its backlog while it retries', async () => {
    const { eventStore, readStore } = open();
    let failuresLeft = 2;
    let release!: () => void;
    const unblocked = new Promise<void>((r) => (release = r));
    const reactor: Reactor = {
      name: 'lag-probe-mail',
      filter: { eventTypes: ['Mail'] },
      handle: async () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          if (failuresLeft === 0) await unblocked; // the second failure waits until the scrape below
          throw new Error('mail server hiccup');
        }
      },
    };
    await add(eventStore, ['Mail', 'Mail']);
    const runner = new ReactorRunner({ eventStore, readStore, reactors: [reactor], logger, initialRetryMs: 1, maxRetryMs: 5 });
    const unwatch = watchSubscriberLag({ eventStore, reactors: () => runner.statuses() });
    const labels = { reactor: 'lag-probe-mail' };
    try {
      const before = await scrape();
      await runner.start();
      await waitFor(() => failuresLeft === 0);
      const retrying = await scrape();
      expect(sampleValue(retrying, 'kainga_reactor_lag_positions', labels)).toBe(2);
      expect(sampleValue(retrying, 'kainga_reactor_consecutive_failures', labels)).toBe(1);
      release();
      await waitFor(() => runner.statuses()[0]!.caughtUp && runner.statuses()[0]!.failures === 0);
      const after = await scrape();
      expect(sampleValue(after, 'kainga_reactor_events_total', { ...labels, outcome: 'failed' }) - sampleValue(before, 'kainga_reactor_events_total', { ...labels, outcome: 'failed' })).toBe(2);
      expect(sampleValue(after, 'kainga_reactor_events_total', { ...labels, outcome: 'handled' }) - sampleValue(before, 'kainga_reactor_events_total', { ...labels, outcome: 'handled' })).toBe(2);
      expect(sampleValue(after, 'kainga_reactor_lag_positions', labels)).toBe(0);
      expect(sampleValue(after, 'kainga_reactor_consecutive_failures', labels)).toBe(0);
    } finally {
      unwatch();
      await runner.stop();
      await eventStore.close();
      await readStore.close();
    }
  });

  it('says how old the oldest event not looked at is', async () => {
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    const next = { id: 'e2', type: 'T', data: {}, metadata, streamName: 's', revision: 1, position: '00000000000000000002', recordedAt: hourAgo } satisfies RecordedEvent;
    const unwatch = watchSubscriberLag({
      eventStore: { headPosition: async () => '00000000000000000009', readAll: async (o) => (o?.after === '00000000000000000001' ? [next] : []) },
      projections: () => [
        { name: 'lag_old', position: '00000000000000000001', caughtUp: false, lastError: null },
        { name: 'lag_current', position: '00000000000000000005', caughtUp: true, lastError: null },
      ],
    });
    try {
      const samples = await scrape();
      expect(sampleValue(samples, 'kainga_projection_lag_positions', { projection: 'lag_old' })).toBe(8);
      const seconds = sampleValue(samples, 'kainga_projection_lag_seconds', { projection: 'lag_old' });
      expect(seconds).toBeGreaterThanOrEqual(3600);
      expect(seconds).toBeLessThan(3600 + 600);
      // Caught up: a filtered subscription's scanned position may trail, but it is not late.
      expect(sampleValue(samples, 'kainga_projection_lag_positions', { projection: 'lag_current' })).toBe(4);
      expect(sampleValue(samples, 'kainga_projection_lag_seconds', { projection: 'lag_current' })).toBe(0);
    } finally {
      unwatch();
    }
  });

  it('reads the number a position starts with, for both logs’ positions', () => {
    expect(positionOrdinal('00000000000000000042')).toBe(42n);
    expect(positionOrdinal('00000000000000012345-00000000000000012340')).toBe(12345n);
    expect(positionOrdinal(null)).toBe(0n);
  });
});
