import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEsdbServer } from '../event-store/esdb-fake-server';
import { ForeignPositionError } from '../event-store/foreign-position';
import { createLogger } from '../logger';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { ProjectionRunner } from './projection-runner';
import type { Projector } from './projector';

const counter: Projector = { name: 'counter', collections: ['counts'], filter: { eventTypes: ['Counted'] }, project: () => [] };

/** Risk 6 of issue 51: a read store built from the embedded log, given to an EventStoreDB one. */
describe('ProjectionRunner with a checkpoint of another log', () => {
  afterEach(() => void vi.useRealTimers());

  it('fails to start with a message saying to rebuild, and does not retry', async () => {
    const readStore = new EmbeddedReadStore(join(mkdtempSync(join(tmpdir(), 'foreign-')), 'r.sqlite'));
    // What the SQLite adapter stores: 20 digits, no `-<prepare>` half.
    await readStore.commit([], { name: 'counter', position: '00000000000000000042' });
    const { store: eventStore } = await FakeEsdbServer.open();
    const subscribe = vi.spyOn(eventStore, 'subscribe');
    const errors: string[] = [];
    const logger = createLogger('silent');
    vi.spyOn(logger, 'error').mockImplementation(((_obj: unknown, message: string) => void errors.push(message)) as never);
    vi.useFakeTimers();
    const runner = new ProjectionRunner({ eventStore, readStore, projectors: [counter], logger });

    const failed = await runner.start().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ForeignPositionError);
    expect((failed as Error).message).toMatch(/built from another event log.*npm run projections:rebuild -- all/);
    expect(runner.statuses()[0]).toMatchObject({ name: 'counter', caughtUp: false, lastError: (failed as Error).message });
    expect(errors).toEqual([(failed as Error).message]);
    // Past the longest back-off: never subscribed again.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(subscribe).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });
});
