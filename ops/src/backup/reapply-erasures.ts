import { completeErasure, userDecider, userStream } from '@kainga/command-api';
import type { PersonErased } from '@kainga/contracts';
import { applyBatch, CommandError, EMBEDDED_REBUILD_BATCH, handleCommand, loadConfig, openStores, rebuildOutdated, type Stores } from '@kainga/platform';
import { allProjectors } from '@kainga/projections';
import type { SourceErasure } from './erasure-source';
import { BackupProblem } from './manifest';

/** The actor recorded on an erasure a restore applies again. */
export const RESTORE_ACTOR = 'system:restore';

export interface ReapplyProgress {
  /** Erasures re-applied so far, of those the restored log lacks. */
  done: number;
  total: number;
}

/** Events per page when the read models catch up on the restored log. */
const CATCH_UP_PAGE = 500;

/**
 * Applies again, in the restored DATA_DIR `dir` (before it goes into place), every erasure of the
 * source whose person the restored log holds but has not erased: recorded through the user
 * decider with the same data (idempotency key from the source event's id, so a rerun appends
 * nothing), then its effects run as after any erasure (keys destroyed, password, sessions,
 * uploads and mail deleted, subscriptions ended). A person who registered after the backup is not
 * in it: nothing to do. Then the read models catch up on the log and their freed bytes are purged,
 * so the restored files hold none of the person's details even before Kāinga first starts on them.
 * Answers how many were re-applied.
 */
export async function reapplyErasures(dir: string, erasures: readonly SourceErasure[], onProgress?: (progress: ReapplyProgress) => void): Promise<number> {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const stores = await openStores(config);
  try {
    const missing: SourceErasure[] = [];
    for (const erasure of erasures) {
      const history = await stores.eventStore.readStream(userStream(erasure.data.userId));
      if (history.length > 0 && !history.some((e) => e.type === 'PersonErased')) missing.push(erasure);
    }
    onProgress?.({ done: 0, total: missing.length });
    for (const [i, erasure] of missing.entries()) {
      const recorded = await recordErasure(stores, erasure);
      await completeErasure({ stores, config: { DATA_DIR: dir } }, recorded);
      onProgress?.({ done: i + 1, total: missing.length });
    }
    if (missing.length > 0) await catchUpReadModels(stores);
    return missing.length;
  } finally {
    await stores.close();
  }
}

async function recordErasure(stores: Stores, erasure: SourceErasure): Promise<{ id: string; data: PersonErased['data'] }> {
  const { userId, requestedBy, by, reason, records, persons, scopes, at } = erasure.data;
  const stream = userStream(userId);
  const metadata = { actorId: RESTORE_ACTOR, actorRoles: [], correlationId: erasure.id, causationId: erasure.id, occurredAt: new Date().toISOString() };
  try {
    await handleCommand(stores.eventStore, userDecider, stream, { type: 'EraseUser', requestedBy, by, reason, records, persons, scopes, at }, { idempotencyKey: `restore:${erasure.id}`, metadata });
  } catch (error) {
    if (error instanceof CommandError) throw new BackupProblem(`The erasure ${erasure.id} of account ${userId} could not be applied again (${error.message}).`);
    throw error;
  }
  const event = (await stores.eventStore.readStream(stream)).findLast((e) => e.type === 'PersonErased')!;
  return { id: event.id, data: event.data as PersonErased['data'] };
}

/**
 * What Kāinga does on its next start, done now: outdated read models rebuilt, then every read
 * model brought to the head of the log from its checkpoint (each page committed with its
 * checkpoint, as the live projections do), then the store's freed pages and write-ahead log
 * purged of what the new erasures removed.
 */
async function catchUpReadModels(stores: Stores): Promise<void> {
  await rebuildOutdated(stores, allProjectors, { batchSize: EMBEDDED_REBUILD_BATCH });
  for (const projector of allProjectors) {
    let after = await stores.readStore.getCheckpoint(projector.name);
    for (;;) {
      const events = await stores.eventStore.readAll({ after, filter: projector.filter, limit: CATCH_UP_PAGE });
      if (events.length === 0) break;
      await applyBatch(stores.readStore, projector, events, projector.name, (name) => name);
      after = events[events.length - 1]!.position;
    }
  }
  await stores.readStore.purgeFreedBytes();
}
