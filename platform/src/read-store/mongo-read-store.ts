import { MongoBulkWriteError, MongoClient, MongoServerError, type ClientSession, type Db, type Collection as MongoCollection } from 'mongodb';
import { RollbackJournal, UNDO, type CrashPoint, type JournaledCheckpoint, type WriteRun } from './mongo-rollback-journal';
import { isDuplicateKey, isNotImplemented, runsTransactions } from './mongo-server-traits';
import { mongoFilter, mongoUpdate, toMongoOp } from './mongo-write-ops';
import {
  DuplicateKeyError,
  type Collection,
  type CollectionWrite,
  type Doc,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type ReadStore,
  type Update,
  type UpdateResult,
  type WriteOp,
} from './read-store';

/**
 * Where projection checkpoints live, one document `{ _id: name, position, dataVersion }` each
 * (dataVersion: the position of the last commit under it that wrote documents; see getDataVersion;
 * `pending` while a commit without transactions is under way, see RollbackJournal).
 */
const CHECKPOINTS = '_checkpoints';
const NAMESPACE_NOT_FOUND = 26;
/** The live collection set aside while a rebuilt one takes its name, on servers without `dropTarget`. */
const DISPLACED = '__displaced';

type Checkpoint = JournaledCheckpoint;
/** A checkpoint's data version; one stored before dataVersion existed is its own version. */
const dataVersionOf = (doc: Checkpoint): string | null => doc.dataVersion ?? doc.position ?? null;

/** The `_id` a write was about, for the DuplicateKeyError of a failed bulk write. */
function idOf(op: WriteOp | undefined): string {
  if (!op) return '';
  if ('insertOne' in op) return op.insertOne.document._id;
  if ('replaceOne' in op) return op.replaceOne.replacement._id;
  const filter = 'updateOne' in op ? op.updateOne.filter : 'updateMany' in op ? op.updateMany.filter : 'deleteOne' in op ? op.deleteOne.filter : op.deleteMany.filter;
  return typeof filter._id === 'string' ? filter._id : '';
}

/** Rethrows a duplicate-key error of a bulk write (isDuplicateKey) as ours, anything else as it is. */
function rethrowDuplicateKey(error: unknown, collection: string, ops: readonly WriteOp[]): never {
  if (!isDuplicateKey(error)) throw error;
  let index = 0;
  if (error instanceof MongoBulkWriteError) {
    const writeErrors = error.writeErrors;
    index = (Array.isArray(writeErrors) ? writeErrors[0] : writeErrors)?.index ?? 0;
  }
  throw new DuplicateKeyError(collection, idOf(ops[index]));
}

const isNamespaceNotFound = (error: unknown) => error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND;

/** FerretDB's version from buildInfo (it adds `ferretdbVersion`), null on MongoDB. */
async function ferretdbVersion(db: Db): Promise<string | null> {
  const info = await db.command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string' ? info.ferretdbVersion : null;
}

/**
 * FerretDB 1.x computes only the first accumulator of a `$group` and answers 0 for the others
 * (seen on 1.24.2 with SQLite): a pipeline that needs two gets a clear error instead of a wrong answer.
 * (`$avg`, `$min`, `$max` it refuses itself, as not implemented.)
 */
function refuseWhatFerretdbGetsWrong(pipeline: readonly Record<string, unknown>[]) {
  for (const stage of pipeline) {
    const group = stage.$group as Record<string, unknown> | undefined;
    if (group && Object.keys(group).filter((k) => k !== '_id').length > 1) {
      throw new Error('FerretDB answers only the first accumulator of a $group stage: group once per accumulator.');
    }
  }
}

function toUpdateResult(r: { matchedCount: number; modifiedCount: number; upsertedId: string | null }): UpdateResult {
  return { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount, upsertedId: r.upsertedId ?? null };
}

export interface MongoReadStoreOptions {
  /**
   * Commit in multi-document transactions: found out at connect (runsTransactions) when not
   * given. False on a server that has them runs the rollback journal there too (its tests).
   */
  transactions?: boolean;
  /** Tests only: stops a commit without transactions where a crash would (see CrashPoint). */
  crashPoint?: CrashPoint;
}

/**
 * The ReadStore port on MongoDB: each collection is a MongoDB collection of documents with a
 * string `_id`, and projection checkpoints are documents of `_checkpoints`.
 *
 * `commit` writes the documents and the checkpoint in one multi-document transaction where the
 * server runs them (a replica set: a single-node one is enough, `--replSet rs0` and
 * `rs.initiate()`, as the compose file does). Where it does not (a standalone MongoDB, FerretDB,
 * some managed MongoDB-compatible services), found out at connect, it commits through a
 * rollback journal with the same all-or-nothing outcome (RollbackJournal), without isolation
 * from readers while the commit runs.
 */
export class MongoReadStore implements ReadStore {
  private readonly journal: RollbackJournal | null;
  /** Whether `renameCollection` takes `dropTarget` (FerretDB does not): known after the first rename. */
  private dropTarget: boolean | undefined;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** Whether commits run as transactions (else through the journal). */
    readonly transactions: boolean,
    /** FerretDB's version when the server is FerretDB (its buildInfo says so), else null. */
    readonly ferretdb: string | null,
    crashPoint?: CrashPoint,
  ) {
    this.journal = transactions ? null : new RollbackJournal(db, CHECKPOINTS, crashPoint);
  }

  /** Connects to `url`; the database is `dbName`, else the one named in the URL's path. */
  static async connect(url: string, dbName?: string, options: MongoReadStoreOptions = {}): Promise<MongoReadStore> {
    const client = await MongoClient.connect(url);
    try {
      const db = client.db(dbName);
      const transactions = options.transactions ?? (await runsTransactions(client, db, CHECKPOINTS));
      const store = new MongoReadStore(client, db, transactions, await ferretdbVersion(db), options.crashPoint);
      await store.putBackDisplaced();
      return store;
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoReadCollection<T>(this.db.collection<Doc>(name), name, this.ferretdb !== null);
  }

  async commit(writes: readonly CollectionWrite[], checkpoint?: { name: string; position: string }): Promise<void> {
    if (writes.length === 0 && !checkpoint) return;
    // Consecutive writes to one collection go as one ordered bulkWrite, keeping the overall order.
    const runs: WriteRun[] = [];
    for (const { collection, ...op } of writes) {
      const run = runs.at(-1);
      if (run && run.collection === collection) run.ops.push(op as WriteOp);
      else runs.push({ collection, ops: [op as WriteOp] });
    }
    if (this.journal) return this.journal.commit(runs, checkpoint, (error, run, ops) => rethrowDuplicateKey(error, run.collection, ops));
    const session = this.client.startSession();
    try {
      await session.withTransaction(async (s: ClientSession) => {
        for (const run of runs) {
          try {
            await this.db.collection<Doc>(run.collection).bulkWrite(run.ops.map(toMongoOp), { ordered: true, session: s });
          } catch (error) {
            rethrowDuplicateKey(error, run.collection, run.ops);
          }
        }
        if (checkpoint) {
          await this.db
            .collection<Checkpoint>(CHECKPOINTS)
            .updateOne({ _id: checkpoint.name }, { $set: writes.length > 0 ? { position: checkpoint.position, dataVersion: checkpoint.position } : { position: checkpoint.position } }, { upsert: true, session: s });
        }
      });
    } finally {
      await session.endSession();
    }
  }

  async getCheckpoint(name: string): Promise<string | null> {
    const doc = await this.db.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: name });
    return doc?.position ?? null;
  }

  async getDataVersion(name: string): Promise<string | null> {
    const doc = await this.db.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: name });
    return doc ? dataVersionOf(doc) : null;
  }

  async getDataVersions(names: readonly string[]): Promise<(string | null)[]> {
    const docs = await this.db
      .collection<Checkpoint>(CHECKPOINTS)
      .find({ _id: { $in: [...names] } })
      .toArray();
    const byName = new Map(docs.map((doc) => [doc._id, dataVersionOf(doc)]));
    return names.map((name) => byName.get(name) ?? null);
  }

  async deleteCheckpoint(name: string): Promise<void> {
    await this.journal?.forget(name);
    await this.db.collection<Checkpoint>(CHECKPOINTS).deleteOne({ _id: name });
  }

  /** The read-model collections, sorted; the checkpoints, the commit journal and MongoDB's own are left out. */
  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos
      .map((c) => c.name)
      .filter((n) => n !== CHECKPOINTS && n !== UNDO && !n.startsWith('system.'))
      .sort();
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
    }
  }

  /**
   * Replaces `to` by `from` (`dropTarget`). A rebuild that produced no documents never created
   * `from` in MongoDB; then `to` is simply dropped, so it ends up empty as the rebuild says.
   * Before-images a commit journal kept of `to` go: they were of the documents replaced.
   */
  async renameCollection(from: string, to: string): Promise<void> {
    await this.journal?.forgetCollection(to);
    if (this.dropTarget !== false) {
      try {
        await this.db.renameCollection(from, to, { dropTarget: true });
        this.dropTarget = true;
        return;
      } catch (error) {
        if (isNamespaceNotFound(error)) return this.dropCollection(to);
        if (!isNotImplemented(error)) throw error;
        this.dropTarget = false;
      }
    }
    await this.renameAside(from, to);
  }

  /**
   * The swap on a server without `dropTarget` (FerretDB): the live collection is renamed aside
   * (`<to>__displaced`), the new one takes its name, the old one is dropped. Readers find no `to`
   * for the moment between the two renames. A crash in between leaves the aside copy, which the
   * next connect puts back (putBackDisplaced), so the live read model is never lost.
   */
  private async renameAside(from: string, to: string): Promise<void> {
    const aside = `${to}${DISPLACED}`;
    await this.dropCollection(aside);
    try {
      await this.db.renameCollection(to, aside);
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
    }
    try {
      await this.db.renameCollection(from, to);
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
    }
    await this.dropCollection(aside);
  }

  /** A collection set aside by a swap a crash interrupted: back under its name if that is free, else dropped (the swap had finished). */
  private async putBackDisplaced(): Promise<void> {
    const names = new Set((await this.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    for (const name of names) {
      if (!name.endsWith(DISPLACED)) continue;
      const live = name.slice(0, -DISPLACED.length);
      if (names.has(live)) await this.dropCollection(name);
      else await this.db.renameCollection(name, live);
    }
  }

  /**
   * A fresh collection (`<name>__replace`) gets the documents, in batches of 10,000 so no
   * request grows large, and the indexes, and is renamed over the live one; then the checkpoint moves.
   * Readers see the old collection until the rename.
   */
  async replaceCollection(
    name: string,
    docs: Iterable<Doc> | ReadonlyMap<string, Doc>,
    options: { indexes?: readonly IndexSpec[]; checkpoint?: { name: string; position: string | null } } = {},
  ): Promise<void> {
    const fresh = `${name}__replace`;
    await this.dropCollection(fresh);
    // Created up front so that an empty read model still replaces the live one.
    await this.db.createCollection(fresh);
    let chunk: Doc[] = [];
    const flush = async () => {
      if (chunk.length === 0) return;
      try {
        await this.db.collection<Doc>(fresh).insertMany(chunk, { ordered: true });
      } catch (error) {
        await this.dropCollection(fresh);
        rethrowDuplicateKey(error, name, chunk.map((document) => ({ insertOne: { document } })));
      }
      chunk = [];
    };
    for (const doc of docs instanceof Map ? docs.values() : (docs as Iterable<Doc>)) {
      chunk.push(doc);
      if (chunk.length >= 10_000) await flush();
    }
    await flush();
    for (const spec of options.indexes ?? []) {
      try {
        await this.ensureIndex(fresh, spec.keys, { unique: spec.unique });
      } catch (error) {
        await this.dropCollection(fresh);
        if (error instanceof DuplicateKeyError) throw new DuplicateKeyError(name, error.id);
        throw error;
      }
    }
    await this.renameCollection(fresh, name);
    const { checkpoint } = options;
    // The swapped-in read model holds everything up to the checkpoint: nothing of a commit journal may be put back.
    if (checkpoint) await this.journal?.forget(checkpoint.name);
    if (checkpoint?.position) await this.db.collection<Checkpoint>(CHECKPOINTS).updateOne({ _id: checkpoint.name }, { $set: { position: checkpoint.position, dataVersion: checkpoint.position } }, { upsert: true });
    else if (checkpoint) await this.deleteCheckpoint(checkpoint.name);
  }

  /** MongoDB's createIndex (a no-op when the same index exists); documents that break a new unique index fail it. */
  async ensureIndex(collection: string, keys: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void> {
    try {
      await this.db.collection(collection).createIndex(keys, { unique: options?.unique ?? false });
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError(collection, '');
      throw error;
    }
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  /**
   * Nothing to do through the driver: WiredTiger writes a changed document to new blocks and
   * reuses the old ones, and its journal rolls over; a `compact`
   * of a collection returns the freed space but is an operator's task, not a per-erasure one.
   */
  async purgeFreedBytes(): Promise<void> {}

  async close(): Promise<void> {
    await this.client.close();
  }
}

class MongoReadCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly coll: MongoCollection<Doc>,
    readonly name: string,
    private readonly onFerretdb: boolean,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.coll.find(mongoFilter(filter));
    if (options.projection) cursor = cursor.project<Doc>(options.projection);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as T[];
  }

  async findOne(filter: Filter, options: Omit<FindOptions, 'limit'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.coll.countDocuments(mongoFilter(filter));
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    if (this.onFerretdb) refuseWhatFerretdbGetsWrong(pipeline);
    return (await this.coll.aggregate(pipeline).toArray()) as R[];
  }

  async insertOne(document: T): Promise<void> {
    try {
      await this.coll.insertOne(document);
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError(this.name, document._id);
      throw error;
    }
  }

  async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return this.duplicateKeyAs(filter, async () => toUpdateResult(await this.coll.updateOne(mongoFilter(filter), mongoUpdate(update), { upsert: options?.upsert ?? false })));
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.duplicateKeyAs(filter, async () => toUpdateResult(await this.coll.updateMany(mongoFilter(filter), mongoUpdate(update))));
  }

  async replaceOne(filter: Filter, replacement: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    return this.duplicateKeyAs(filter, async () => {
      const result = await this.coll.replaceOne(mongoFilter(filter), replacement, { upsert: options?.upsert ?? false });
      return toUpdateResult({ matchedCount: result.matchedCount, modifiedCount: result.modifiedCount, upsertedId: result.upsertedId });
    });
  }

  /** A write that breaks a unique index (isDuplicateKey) fails with our DuplicateKeyError. */
  private async duplicateKeyAs<R>(filter: Filter, write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError(this.name, typeof filter._id === 'string' ? filter._id : '');
      throw error;
    }
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.coll.deleteOne(mongoFilter(filter))).deletedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.coll.deleteMany(mongoFilter(filter))).deletedCount;
  }

  async bulkWrite(ops: readonly WriteOp[]): Promise<void> {
    if (ops.length === 0) return;
    try {
      await this.coll.bulkWrite(ops.map(toMongoOp), { ordered: true });
    } catch (error) {
      rethrowDuplicateKey(error, this.name, ops);
    }
  }
}
