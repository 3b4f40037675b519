import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEsdbServer } from '../event-store/esdb-fake-server';
import { ForeignPositionError } from '../event-store/foreign-position';
import { createLogger } from '../logger';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { foreignReactorHint, ReactorRunner, reactorCheckpoint, type Reactor } from './reactor-runner';

/** Risk 6 of issue 51, for side effects: a reactor's checkpoint from the embedded log, given to an EventStoreDB one. */
describe('ReactorRunner with a checkpoint of another log', () => {
  afterEach(() => void vi.useRealTimers());

  it('fails to start with a message saying to rebuild, handles nothing and does not retry', async () => {
    const readStore = new EmbeddedReadStore(join(mkdtempSync(join(tmpdir(), 'foreign-reactor-')), 'r.sqlite'));
    // What the SQLite adapter stores: 20 digits, no `-<prepare>` half.
    await readStore.commit([], { name: reactorCheckpoint('mailer'), position: '00000000000000000042' });
    const { store: eventStore } = await FakeEsdbServer.open();
    const subscribe = vi.spyOn(eventStore, 'subscribe');
    const handle = vi.fn(async () => undefined);
    const mailer: Reactor = { name: 'mailer', filter: { eventTypes: ['Counted'] }, handle };
    const errors: string[] = [];
    const logger = createLogger('silent');
    vi.spyOn(logger, 'error').mockImplementation(((_obj: unknown, message: string) => void errors.push(message)) as never);
    vi.useFakeTimers();
    const runner = new ReactorRunner({ eventStore, readStore, reactors: [mailer], logger });

    const failed = await runner.start().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ForeignPositionError);
    expect((failed as Error).message).toMatch(/built from another event log.*npm run projections:rebuild -- all/);
    expect(runner.statuses()[0]).toMatchObject({ name: 'mailer', caughtUp: false, lastError: (failed as Error).message });
    expect(errors).toEqual([`${(failed as Error).message} ${foreignReactorHint('mailer')}`]);
    expect(errors[0]).toContain('reactor:mailer');
    // Past the longest back-off: never subscribed again, nothing handled.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(handle).not.toHaveBeenCalled();
    vi.useRealTimers();
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });
});
