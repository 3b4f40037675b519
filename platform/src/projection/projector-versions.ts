import type { ReadStore } from '../read-store/read-store';
import type { EventStore } from '../event-store/event-store';
import type { Projector } from './projector';
import { rebuildProjections, type RebuildProgress, type RebuildResult } from './rebuild';

/** Where each projection's version is kept: one document `{ _id: name, version }` each. */
export const PROJECTOR_VERSIONS = 'projector_versions';

interface VersionDoc {
  _id: string;
  version: number;
  [key: string]: unknown;
}

/** A projector's version: 1 unless it says otherwise. */
export const versionOf = (projector: Projector) => projector.version ?? 1;

/**
 * Brings every read model in line with the code before the live projections start: a projector
 * whose `version` differs from the one its read model was built with (a new field, a new index
 * key) is rebuilt from the log, so documents written by older code never linger unseen. A read
 * model with no checkpoint yet (a fresh store) is only stamped: its projection starts from the
 * first event anyway. Returns what was rebuilt.
 */
export async function rebuildOutdated(
  deps: { eventStore: EventStore; readStore: ReadStore },
  projectors: readonly Projector[],
  options: { batchSize?: number; onRebuild?: (projection: string, from: number | null, to: number) => void; onProgress?: (p: RebuildProgress) => void } = {},
): Promise<RebuildResult[]> {
  const versions = deps.readStore.collection<VersionDoc>(PROJECTOR_VERSIONS);
  const outdated: Projector[] = [];
  for (const projector of projectors) {
    const version = versionOf(projector);
    const stored = (await versions.findOne({ _id: projector.name }))?.version ?? null;
    if (stored === version) continue;
    const built = (await deps.readStore.getCheckpoint(projector.name)) !== null;
    // A read model built before versions were recorded is version 1.
    if (built && (stored ?? 1) !== version) {
      options.onRebuild?.(projector.name, stored, version);
      outdated.push(projector);
    } else await recordVersion(deps.readStore, projector);
  }
  if (outdated.length === 0) return [];
  // One pass over the log for all of them (rebuildProjections).
  const result = await rebuildProjections(deps, outdated, { batchSize: options.batchSize, onProgress: options.onProgress });
  for (const projector of outdated) await recordVersion(deps.readStore, projector);
  return result.projections;
}

/** Records that the projector's read model is now built by this version of it (after a rebuild). */
export async function recordVersion(readStore: ReadStore, projector: Projector): Promise<void> {
  const version = versionOf(projector);
  await readStore.collection<VersionDoc>(PROJECTOR_VERSIONS).replaceOne({ _id: projector.name }, { _id: projector.name, version }, { upsert: true });
}
