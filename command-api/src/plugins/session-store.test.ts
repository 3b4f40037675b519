import { EmbeddedReadStore } from '@kainga/platform';
import type { Session } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadStoreSessionStore } from './session-store';

describe('ReadStoreSessionStore', () => {
  let dir: string;
  let store: EmbeddedReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kainga-sessions-'));
    store = new EmbeddedReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const save = (sessions: ReadStoreSessionStore, sid: string, expires: Date) =>
    new Promise<void>((resolve, reject) => sessions.set(sid, { userId: 'u-1', cookie: { expires } } as unknown as Session, (err) => (err ? reject(err) : resolve())));

  it('reads a live session again and again, and follows its expiry when the session is saved again', async () => {
    const sessions = new ReadStoreSessionStore(store, 60_000);
    await save(sessions, 's-1', new Date(Date.now() + 3_600_000));
    for (let i = 0; i < 3; i++) expect(await sessions.read('s-1')).toMatchObject({ userId: 'u-1' });
    // Saved again with an expiry already past: the expiry remembered for the old document is not used.
    await save(sessions, 's-1', new Date(Date.now() - 1000));
    expect(await sessions.read('s-1')).toBeNull();
    await save(sessions, 's-1', new Date(Date.now() + 3_600_000));
    expect(await sessions.read('s-1')).toMatchObject({ userId: 'u-1' });
    expect(await sessions.read('unknown')).toBeNull();
  });
});
