import { SqliteEventStore } from '@kainga/platform';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adLogDataDir } from './ad-log.fixture';
import { parseBound } from './replay-range';
import { seekStart } from './seek-start';

let store: SqliteEventStore;
beforeAll(async () => {
  store = new SqliteEventStore(join(await adLogDataDir(), 'events.sqlite'));
});
afterAll(() => store.close());

describe('seekStart', () => {
  // The fixture's ad events: 1, 2 at 03-01T10:00; 4 at 03-01T23:59:59.999; 5 at 03-02T00:00; 7, 8 at 03-02T09:00.
  it.each([
    ['2026-02-01', null],
    ['2026-03-01', null],
    ['2026-03-01T10:00:00Z', null],
    ['2026-03-01T10:00:00.001Z', '00000000000000000002'],
    ['2026-03-02', '00000000000000000004'],
    ['2026-03-02T00:00:00.001Z', '00000000000000000005'],
    ['2026-03-02T09:00:00Z', '00000000000000000005'],
    ['2026-03-03', '00000000000000000008'],
  ])('starts --from %s after the last ad event recorded before it (%s)', async (from, after) => {
    expect(await seekStart(store, parseBound('--from', from), 'sqlite')).toBe(after);
  });

  it('leaves positions to startAfter and scans from the start on EventStoreDB', async () => {
    expect(await seekStart(store, parseBound('--from', '5'), 'sqlite')).toBe('00000000000000000004');
    expect(await seekStart(store, parseBound('--from', '2026-03-02'), 'eventstoredb')).toBeNull();
    expect(await seekStart(store, null, 'sqlite')).toBeNull();
  });
});
