import { EmbeddedReadStore, SqliteEventStore } from '@kainga/platform';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProcessHeartbeat } from './process-heartbeat';

describe('the heartbeat of `npm start` (HEARTBEAT_FILE)', () => {
  it('is written while the read models are at the log’s head, and not at all without HEARTBEAT_FILE', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'process-heartbeat-'));
    const eventStore = new SqliteEventStore(join(dir, 'e.sqlite'));
    const readStore = new EmbeddedReadStore(join(dir, 'r.sqlite'));
    const warned: object[] = [];
    const logger = { warn: (details: object) => warned.push(details) };
    expect(startProcessHeartbeat({ ROLE: 'projections', HEARTBEAT_FILE: undefined }, { eventStore, readStore }, logger)).toBeNull();

    const file = join(dir, 'health', 'projections');
    const heartbeat = startProcessHeartbeat({ ROLE: 'projections', HEARTBEAT_FILE: file }, { eventStore, readStore }, logger)!;
    // An empty log: every read model is at its head.
    expect(await heartbeat.beat()).toBe(true);
    expect(existsSync(file)).toBe(true);
    expect(warned).toEqual([]);
    heartbeat.stop();
    expect(existsSync(file)).toBe(false);
    await readStore.close();
    await eventStore.close();
  });
});
