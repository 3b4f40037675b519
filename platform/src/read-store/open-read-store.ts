import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeSqliteFilePrivate, PRIVATE_DIR_MODE } from '../private-file';
import { EmbeddedReadStore } from './embedded-read-store';
import type { ReadStore } from './read-store';

/**
 * A read store of its own, apart from the live one: a database `mongoDb` on MONGO_URL's server
 * when `mongoUrl` is given, else an embedded store in `file` (its directory made, owner only).
 * For read models built beside the live ones (an analyst's replay into a named analysis).
 */
export async function openReadStore(where: { mongoUrl?: string | undefined; mongoDb: string; file: string }): Promise<ReadStore> {
  if (where.mongoUrl) return (await import('./mongo-read-store')).MongoReadStore.connect(where.mongoUrl, where.mongoDb);
  mkdirSync(dirname(where.file), { recursive: true, mode: PRIVATE_DIR_MODE });
  makeSqliteFilePrivate(where.file);
  return new EmbeddedReadStore(where.file);
}
