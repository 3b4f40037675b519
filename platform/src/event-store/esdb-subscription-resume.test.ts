import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/event-store-contract';
import { toEsdbPosition, type EsdbEventStore } from './esdb-event-store';
import { FakeEsdbServer } from './esdb-fake-server';
import type { RecordedEvent } from './event-store';
import { ForeignPositionError } from './foreign-position';

/**
 * Risk 3 of issue 51: a resume after a stored server checkpoint. The server's checkpoints are
 * either the position of an event it considered (live) or the start of a page it read, `(commit,
 * 0)`, before the next event's `(commit, commit)` (catch-up); see EsdbEventStore's notes.
 */
describe('EsdbEventStore subscription resumed from a server checkpoint', () => {
  const stores: EsdbEventStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it('passes the checkpoint to the server as it was given, and delivers the next event after it, not skipping it', async () => {
    const { store, server } = await FakeEsdbServer.open();
    stores.push(store);
    const [e1, e2, e3] = server.write('counter-1', { id: 'e1', type: 'Counted' }, { id: 'e2', type: 'Other' }, { id: 'e3', type: 'Counted' });
    const delivered: string[] = [];
    const checkpoints: string[] = [];
    const options = { filter: { eventTypes: ['Counted'] }, onBatch: async (b: RecordedEvent[]) => void delivered.push(...b.map((e) => e.id)), onCheckpoint: (p: string) => checkpoints.push(p) };

    const first = store.subscribe(options);
    server.subscription().send(e1!);
    // A catch-up page ended after e2 (filtered out): the next page starts at e3's commit, prepare 0.
    const pageStart = { commit: e3!.position.commit, prepare: 0n };
    server.subscription().checkpoint(pageStart);
    await waitFor(() => checkpoints.includes(toEsdbPosition(pageStart)));
    expect(delivered).toEqual(['e1']);
    await first.stop();

    const second = store.subscribe({ ...options, after: checkpoints.at(-1)! });
    expect(server.subscribeCalls.at(-1)!.fromPosition).toEqual(pageStart);
    // The server resumes strictly after the checkpoint, which is before e3: it sends e3.
    server.subscription().send(e3!);
    await waitFor(() => delivered.length === 2);
    expect(delivered).toEqual(['e1', 'e3']);
    expect(e2!.position.commit < pageStart.commit).toBe(true);
    await second.stop();
  });

  it('does not deliver again the event a live checkpoint names (the server sends it after that event)', async () => {
    const { store, server } = await FakeEsdbServer.open();
    stores.push(store);
    const [e1, e2] = server.write('counter-1', { id: 'e1', type: 'Counted' }, { id: 'e2', type: 'Counted' });
    const delivered: string[] = [];
    const sub = store.subscribe({ after: toEsdbPosition(e1!.position), onBatch: async (b) => void delivered.push(...b.map((e) => e.id)) });
    // Were the server to replay from the checkpoint inclusively, the adapter still starts after it.
    server.subscription().send(e1!, e2!);
    await waitFor(() => delivered.length === 1);
    expect(delivered).toEqual(['e2']);
    await sub.stop();
  });

  it('refuses a checkpoint of the embedded log with ForeignPositionError saying to rebuild (risk 6)', async () => {
    const { store } = await FakeEsdbServer.open();
    stores.push(store);
    const errors: unknown[] = [];
    const sub = store.subscribe({ after: '00000000000000000042', onBatch: async () => undefined, onError: (e) => errors.push(e) });
    await sub.done;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ForeignPositionError);
    expect((errors[0] as Error).message).toContain('npm run projections:rebuild -- all');
    await expect(store.readAll({ after: '00000000000000000042' })).rejects.toBeInstanceOf(ForeignPositionError);
  });
});
