import { existsSync } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The embedded run's outbox folder: DATA_DIR/outbox (the admins' Sent Emails). */
export const outboxDirOf = (config: { DATA_DIR: string }) => join(resolve(config.DATA_DIR), 'outbox');

/**
 * Deletes the outbox's messages written more than `keepMs` ago, and writes left half-done (a
 * `.tmp` aside from a crash) older than that too; answers how many files went. A message's
 * write time is its file's: the outbox never rewrites a message (sending one again writes nothing).
 * A mail sent again after it was pruned would be written again, so `keepMs` must outlast any
 * retry of a send (retries take minutes; the default keeps mail 30 days).
 */
export async function pruneOutbox(dir: string, keepMs: number, now: number): Promise<number> {
  if (!existsSync(dir)) return 0;
  const before = now - keepMs;
  let pruned = 0;
  for (const file of await readdir(dir)) {
    if (!file.endsWith('.eml') && !file.endsWith('.tmp')) continue;
    const path = join(dir, file);
    const written = await stat(path).then((s) => s.mtimeMs, () => null);
    if (written === null || written >= before) continue;
    // Gone already (an erasure, or another process's prune): nothing to do.
    await unlink(path).then(() => pruned++, () => undefined);
  }
  return pruned;
}
