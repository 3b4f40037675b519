import { FORWARDS } from '@eventstore/db-client';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/event-store-contract';
import { toEsdbPosition, type EsdbEventStore } from './esdb-event-store';
import { FakeEsdbServer } from './esdb-fake-server';
import type { RecordedEvent } from './event-store';

const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '' };

/**
 * Risk 4 of issue 51: a live filtered subscription hears of the events it skips only at server
 * checkpoints (every checkpointInterval × 32 events), which a quiet log may not reach for a long
 * time. The fake server here never sends a checkpoint, so only the adapter's probe moves it.
 */
describe('EsdbEventStore subscription moving past skipped events while live', () => {
  const stores: EsdbEventStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  /** An hour unless told: only an append of its own can move it within a test then. */
  async function liveCounter(gapProbeIntervalMs = 3_600_000) {
    const { store, server } = await FakeEsdbServer.open({ gapProbeIntervalMs });
    stores.push(store);
    const [e1] = server.write('counter-1', { id: 'e1', type: 'Counted' });
    const delivered: string[] = [];
    const checkpoints: string[] = [];
    const caughtUp: (string | null)[] = [];
    const sub = store.subscribe({
      filter: { eventTypes: ['Counted'] },
      onBatch: async (b: RecordedEvent[]) => void delivered.push(...b.map((e) => e.id)),
      onCheckpoint: (p) => checkpoints.push(p),
      onCaughtUp: (p) => caughtUp.push(p),
    });
    server.subscription().send(e1!);
    server.subscription().caughtUp();
    await waitFor(() => caughtUp.length === 1);
    return { store, server, sub, delivered, checkpoints, caughtUp, e1: e1! };
  }

  it('after its own store appends an event it skips, reports that position at once (read-your-writes need not wait)', async () => {
    const { store, checkpoints, caughtUp } = await liveCounter();
    const { position } = await store.append('other-1', [{ id: 'o1', type: 'Other', data: {}, metadata }], { expectedRevision: 'no_stream' });
    await waitFor(() => checkpoints.includes(position));
    expect(caughtUp.at(-1)).toBe(position);
  });

  it('never moves past an event it has yet to deliver: it stops just before it, and the event comes in order', async () => {
    const { store, server, delivered, checkpoints } = await liveCounter();
    const [o1] = server.write('other-1', { id: 'o1', type: 'Other' });
    // Written, matching, and not yet sent to the subscription by the server.
    const [e2] = server.write('counter-1', { id: 'e2', type: 'Counted' });
    await store.append('other-2', [{ id: 'o2', type: 'Other', data: {}, metadata }], { expectedRevision: 'no_stream' });
    await waitFor(() => checkpoints.includes(toEsdbPosition(o1!.position)));
    expect(checkpoints.every((p) => p < toEsdbPosition(e2!.position))).toBe(true);
    server.subscription().send(e2!);
    await waitFor(() => delivered.length === 2);
    expect(delivered).toEqual(['e1', 'e2']);
  });

  it('after its own append of an event it delivers and one it skips, reaches the second once the first is handled', async () => {
    const { store, server, delivered, checkpoints } = await liveCounter();
    const { position } = await store.append(
      'counter-1',
      [
        { id: 'e2', type: 'Counted', data: {}, metadata },
        { id: 'o1', type: 'Other', data: {}, metadata },
      ],
      { expectedRevision: 0 },
    );
    server.subscription().send(server.log.find((e) => e.id === 'e2')!);
    await waitFor(() => checkpoints.includes(position));
    expect(delivered).toEqual(['e1', 'e2']);
  });

  it('moves past events another process appended once its position has stood still for the probe interval, reading only the gap', async () => {
    const { server, checkpoints, e1 } = await liveCounter(5);
    const [, o2] = server.write('other-1', { id: 'o1', type: 'Other' }, { id: 'o2', type: 'Other' });
    await waitFor(() => checkpoints.includes(toEsdbPosition(o2!.position)));
    const probes = server.readAllCalls.filter((c) => c.direction === FORWARDS);
    expect(probes.length).toBeGreaterThan(0);
    // Each probe reads forwards from the scanned position, a bounded number of events.
    expect(probes[0]).toMatchObject({ fromPosition: e1.position, maxCount: 2048 });
  });
});
