import {
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Db,
  type Filter as MongoFilter,
  type Collection as MongoCollection,
  type UpdateFilter,
} from 'mongodb';
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
 * (dataVersion: the position of the last commit under it that wrote documents; see getDataVersion).
 */
const CHECKPOINTS = '_checkpoints';
const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

type Checkpoint = { _id: string; position: string; dataVersion?: string };
/** A checkpoint's data version; one stored before dataVersion existed is its own version. */
const dataVersionOf = (doc: Checkpoint): string => doc.dataVersion ?? doc.position;

// Our filter and update documents are MongoDB's own, typed loosely at the port.
const mongoFilter = (filter: Filter) => filter as MongoFilter<Doc>;
const mongoUpdate = (update: Update) => update as UpdateFilter<Doc>;

function toMongoOp(op: WriteOp): AnyBulkWriteOperation<Doc> {
  if ('insertOne' in op) return { insertOne: { document: op.insertOne.document } };
  if ('updateOne' in op) {
    const { filter, update, upsert } = op.updateOne;
    return { updateOne: { filter: mongoFilter(filter), update: mongoUpdate(update), upsert: upsert ?? false } };
  }
  if ('updateMany' in op) return { updateMany: { filter: mongoFilter(op.updateMany.filter), update: mongoUpdate(op.updateMany.update) } };
  if ('replaceOne' in op) {
    const { filter, replacement, upsert } = op.replaceOne;
    return { replaceOne: { filter: mongoFilter(filter), replacement, upsert: upsert ?? false } };
  }
  if ('deleteOne' in op) return { deleteOne: { filter: mongoFilter(op.deleteOne.filter) } };
  return { deleteMany: { filter: mongoFilter(op.deleteMany.filter) } };
}

/** The `_id` a write was about, for the DuplicateKeyError of a failed bulk write. */
function idOf(op: WriteOp | undefined): string {
  if (!op) return '';
  if ('insertOne' in op) return op.insertOne.document._id;
  if ('replaceOne' in op) return op.replaceOne.replacement._id;
  const filter = 'updateOne' in op ? op.updateOne.filter : 'updateMany' in op ? op.updateMany.filter : 'deleteOne' in op ? op.deleteOne.filter : op.deleteMany.filter;
  return typeof filter._id === 'string' ? filter._id : '';
}

/** Rethrows MongoDB's duplicate-key error (11000) of a bulk write as ours, anything else as it is. */
function rethrowDuplicateKey(error: unknown, collection: string, ops: readonly WriteOp[]): never {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
  let index = 0;
  if (error instanceof MongoBulkWriteError) {
    const writeErrors = error.writeErrors;
    index = (Array.isArray(writeErrors) ? writeErrors[0] : writeErrors)?.index ?? 0;
  }
  throw new DuplicateKeyError(collection, idOf(ops[index]));
}

const isNamespaceNotFound = (error: unknown) => error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND;

function toUpdateResult(r: { matchedCount: number; modifiedCount: number; upsertedId: string | null }): UpdateResult {
  return { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount, upsertedId: r.upsertedId ?? null };
}

/**
 * The ReadStore port on MongoDB: each collection is a MongoDB collection of documents with a
 * string `_id`, and projection checkpoints are documents of `_checkpoints`.
 *
 * `commit` writes the documents and the checkpoint in one multi-document transaction, so
 * **MongoDB must run as a replica set** (a single-node one is enough: `--replSet rs0` and
 * `rs.initiate()`, as the compose file does); on a standalone server every commit fails.
 */
export class MongoReadStore implements ReadStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  /** Connects to `url`; the database is `dbName`, else the one named in the URL's path. */
  static async connect(url: string, dbName?: string): Promise<MongoReadStore> {
    const client = await MongoClient.connect(url);
    return new MongoReadStore(client, client.db(dbName));
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoReadCollection<T>(this.db.collection<Doc>(name), name);
  }

  async commit(writes: readonly CollectionWrite[], checkpoint?: { name: string; position: string }): Promise<void> {
    if (writes.length === 0 && !checkpoint) return;
    // Consecutive writes to one collection go as one ordered bulkWrite, keeping the overall order.
    const runs: { collection: string; ops: WriteOp[] }[] = [];
    for (const { collection, ...op } of writes) {
      const run = runs.at(-1);
      if (run && run.collection === collection) run.ops.push(op as WriteOp);
      else runs.push({ collection, ops: [op as WriteOp] });
    }
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
    await this.db.collection<Checkpoint>(CHECKPOINTS).deleteOne({ _id: name });
  }

  /** The read-model collections, sorted; the checkpoints and MongoDB's own are left out. */
  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos
      .map((c) => c.name)
      .filter((n) => n !== CHECKPOINTS && !n.startsWith('system.'))
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
   */
  async renameCollection(from: string, to: string): Promise<void> {
    try {
      await this.db.renameCollection(from, to, { dropTarget: true });
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
      await this.dropCollection(to);
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
    await this.db.renameCollection(fresh, name, { dropTarget: true });
    const { checkpoint } = options;
    if (checkpoint?.position) await this.db.collection<Checkpoint>(CHECKPOINTS).updateOne({ _id: checkpoint.name }, { $set: { position: checkpoint.position, dataVersion: checkpoint.position } }, { upsert: true });
    else if (checkpoint) await this.deleteCheckpoint(checkpoint.name);
  }

  /** MongoDB's createIndex (a no-op when the same index exists); documents that break a new unique index fail it. */
  async ensureIndex(collection: string, keys: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void> {
    try {
      await this.db.collection(collection).createIndex(keys, { unique: options?.unique ?? false });
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new DuplicateKeyError(collection, '');
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
    return (await this.coll.aggregate(pipeline).toArray()) as R[];
  }

  async insertOne(document: T): Promise<void> {
    try {
      await this.coll.insertOne(document);
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new DuplicateKeyError(this.name, document._id);
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

  /** A write that breaks a unique index (11000) fails with our DuplicateKeyError. */
  private async duplicateKeyAs<R>(filter: Filter, write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new DuplicateKeyError(this.name, typeof filter._id === 'string' ? filter._id : '');
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
