/**
 * The ReadStore port: named collections queried with MongoDB filter, sort, projection and
 * aggregation documents, so the embedded adapter and MongoDB answer the same queries.
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1 | boolean>;

/** Update documents limited to the operators both adapters support. */
export interface Update {
  $set?: Record<string, unknown>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $addToSet?: Record<string, unknown>;
  $setOnInsert?: Record<string, unknown>;
  $unset?: Record<string, '' | 1 | true>;
  $pull?: Record<string, unknown>;
}

/**
 * An index a read model declares on one of its collections, as MongoDB's `createIndex` takes
 * it: the fields in order, each ascending (1) or descending (-1), and whether a key may occur once.
 */
export interface IndexSpec {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
}

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}

export type WriteOp =
  | { insertOne: { document: Doc } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: Update } }
  | { replaceOne: { filter: Filter; replacement: Doc; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

/** A write aimed at a named collection, for batches that span collections. */
export type CollectionWrite = { collection: string } & WriteOp;

/**
 * A named collection. Documents that reads return are the caller's to read, never to change:
 * the embedded store hands out its own (deep-frozen) documents rather than copies, so an
 * assignment to one throws; copy first (`structuredClone`, spread) to change a value.
 */
export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Omit<FindOptions, 'limit'>): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]>;
  insertOne(document: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: T, options?: { upsert?: boolean }): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  bulkWrite(ops: readonly WriteOp[]): Promise<void>;
}

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /**
   * Writes every operation and, when given, the projection checkpoint in one transaction:
   * either all of it is visible afterwards or none of it.
   */
  commit(writes: readonly CollectionWrite[], checkpoint?: { name: string; position: string }): Promise<void>;
  getCheckpoint(name: string): Promise<string | null>;
  /**
   * A version of the documents written under checkpoint `name`: the position of the last commit
   * (or swap) under it that wrote documents, null when there is none. It stays put while the
   * checkpoint moves over events the projection does not handle (a scanned position is stored
   * with no writes, about once a second under load), so an answer remembered by it is worked out
   * again only when its documents may have changed. After a restart it may be the checkpoint
   * itself: it only has to change whenever the documents do.
   */
  getDataVersion(name: string): Promise<string | null>;
  /** `getDataVersion` of each of `names`, in their order: one read (one round trip on MongoDB) for a key over several read models. */
  getDataVersions(names: readonly string[]): Promise<(string | null)[]>;
  deleteCheckpoint(name: string): Promise<void>;
  /**
   * After an erasure's writes (PersonErased) have been projected: makes the bytes of documents
   * overwritten or deleted unreadable in the store's own files where the store can (the embedded
   * store's WAL checkpoint, see EmbeddedReadStore.purgeFreedBytes).
   */
  purgeFreedBytes(): Promise<void>;
  listCollections(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  /** Replaces `to` by `from` (used to swap in a rebuilt read model). */
  renameCollection(from: string, to: string): Promise<void>;
  /**
   * Swaps a rebuilt read model in: afterwards `name` holds exactly `docs` (handed over — the
   * store may keep and freeze them) and exactly the `indexes` given, and the checkpoint is moved
   * (a null position deletes it). On the embedded store this is one transaction; on MongoDB a
   * fresh collection renamed over the live one, then the checkpoint. A document that breaks
   * a unique index (or repeats an `_id`) fails it with DuplicateKeyError, the live collection untouched.
   * `docs` may be a Map by `_id` (a rebuild's scratch collection): the embedded store then keeps
   * the Map itself as the collection instead of building another (the caller hands it over).
   */
  replaceCollection(
    name: string,
    docs: Iterable<Doc> | ReadonlyMap<string, Doc>,
    options?: { indexes?: readonly IndexSpec[]; checkpoint?: { name: string; position: string | null } },
  ): Promise<void>;
  /**
   * Creates an index if it is not there yet (MongoDB's `createIndex`); both adapters keep it
   * on every write and use it for equality, `$in` and range filters and for sorted, limited
   * reads. It belongs to the collection: a rename carries it along, a drop removes it.
   * A unique index that existing documents already break fails with DuplicateKeyError.
   */
  ensureIndex(collection: string, keys: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A write that breaks a unique index: the `_id`, or a unique index declared by the read model. */
export class DuplicateKeyError extends Error {
  constructor(readonly collection: string, readonly id: string) {
    super(`Duplicate key ${id} in ${collection}`);
    this.name = 'DuplicateKeyError';
  }
}
