import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { Aggregator, find } from 'mingo';
import { applyUpdate, copyValue } from './apply-update';
import { deepFreeze, freezeDocument, isDeepFrozen } from './deep-freeze';
import { EmbeddedIndex, indexName } from './embedded-index';
import { equalityFields, idsOf, isPlainFilter, upsertedDocument } from './filter-ids';
import { matcherOf } from './filter-matcher';
import { planQuery, walk } from './query-plan';
import {
  DuplicateKeyError,
  type Collection,
  type CollectionWrite,
  type Doc,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type ReadStore,
  type Sort,
  type Update,
  type UpdateResult,
  type WriteOp,
} from './read-store';

/** A collection in memory: its committed documents by `_id`, and its secondary indexes. */
export class StoredCollection {
  readonly indexes: EmbeddedIndex[] = [];
  constructor(readonly docs = new Map<string, Doc>()) {}
}

/**
 * A Map by `_id` handed to replaceCollection, kept as the collection's own, each document frozen:
 * no second Map of every document is built (at bench:scale's 10×, 54,000 documents: ~30 ms, and
 * both Maps alive at once). Null when a document does not sit under its own `_id` (the Map is
 * then read as a list of documents).
 */
function adopted(docs: Map<string, Doc>): Map<string, Doc> | null {
  for (const [id, doc] of docs) {
    if (doc._id !== id) return null;
    freezeDocument(doc);
  }
  return docs;
}

/**
 * The embedded read store: every collection is held in memory and queried with mingo (the
 * MongoDB query language in JavaScript); every write is made durable in a SQLite file first,
 * in one transaction with its projection checkpoint, and only then becomes visible.
 *
 * Declared indexes (`ensureIndex`) are kept in memory as sorted lists (see EmbeddedIndex) and
 * answer equality, `$in` and range filters and sorted, limited reads without looking at the
 * rest of the collection; other queries scan with mingo, with the same answers. An index costs
 * a reference per document (4 bytes: its list holds the documents themselves) and, per write, a few microseconds to
 * move the entry (two binary searches and a splice in a block of ≤ 512); a paged read costs
 * a binary search plus the page, at 100 documents or at a million. An index is sorted the
 * first time a query (or a unique check) reads it, not when its collection is loaded or
 * replaced (EmbeddedIndex.buildLater), and only the index a query is planned on (planQuery).
 *
 * Committed documents are deep-frozen once, when written, and reads return them as they are —
 * no copy per read; a caller that tries to change one gets a TypeError.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly cache = new Map<string, StoredCollection>();
  private readonly statements: ReturnType<typeof prepareStatements>;
  /**
   * Every checkpoint, read once at open and kept in step by this store's own writes (the data
   * directory has one writer at a time: the pid lock). Reads cost a Map lookup: the stats
   * routes read four per request, which as a prepared SQLite query each took a quarter of
   * their CPU.
   */
  private readonly checkpoints = new Map<string, string>();
  /** getDataVersion's answers; a checkpoint loaded at start is its own version. */
  private readonly dataVersions = new Map<string, string>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // A document overwritten or deleted (an erased person's, issue 50) must not stay readable in
    // the file's free space: SQLite zeroes what it frees. The old page images in the WAL are
    // dropped by purgeFreedBytes.
    this.db.pragma('secure_delete = ON');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS docs (coll TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (coll, id)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS indexes (coll TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (coll, name)) WITHOUT ROWID;
    `);
    this.statements = prepareStatements(this.db);
    for (const row of this.db.prepare<[], { name: string; position: string }>('SELECT name, position FROM checkpoints').iterate()) {
      this.checkpoints.set(row.name, row.position);
      this.dataVersions.set(row.name, row.position);
    }
  }

  /**
   * A collection's committed documents and indexes, loaded from disk on first use: the documents
   * now, each index when a query first reads it (EmbeddedIndex.buildLater). The documents are
   * frozen but not remembered as shareable (freezeDocument).
   */
  stored(name: string): StoredCollection {
    let coll = this.cache.get(name);
    if (!coll) {
      coll = new StoredCollection();
      for (const row of this.db.prepare<[string], { id: string; doc: string }>('SELECT id, doc FROM docs WHERE coll = ?').iterate(name)) {
        coll.docs.set(row.id, freezeDocument(JSON.parse(row.doc) as Doc));
      }
      for (const row of this.db.prepare<[string], { spec: string }>('SELECT spec FROM indexes WHERE coll = ?').iterate(name)) {
        const index = new EmbeddedIndex(JSON.parse(row.spec) as IndexSpec);
        index.buildLater(coll.docs);
        coll.indexes.push(index);
      }
      this.cache.set(name, coll);
    }
    return coll;
  }

  /** The committed documents of a collection. */
  docs(name: string): Map<string, Doc> {
    return this.stored(name).docs;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new EmbeddedCollection<T>(this, name);
  }

  async commit(writes: readonly CollectionWrite[], checkpoint?: { name: string; position: string }): Promise<void> {
    const batch = new Batch(this);
    // A CollectionWrite is a WriteOp with a `collection` beside it: applied as it is, no copy.
    for (const write of writes) batch.apply(write.collection, write as WriteOp);
    this.persist(batch, checkpoint);
  }

  /**
   * Checks the batch against the unique indexes, writes it to disk in one transaction, then
   * publishes it: documents frozen, indexes moved, cache updated.
   */
  persist(batch: Batch, checkpoint?: { name: string; position: string }) {
    for (const [coll, changes] of batch.staged) checkUnique(coll, this.stored(coll), changes);
    const { upsert, remove, saveCheckpoint } = this.statements;
    this.db.transaction(() => {
      for (const [coll, changes] of batch.staged) {
        for (const [id, doc] of changes) {
          if (doc) upsert.run(coll, id, JSON.stringify(doc));
          else remove.run(coll, id);
        }
      }
      if (checkpoint) saveCheckpoint.run(checkpoint.name, checkpoint.position);
    })();
    if (checkpoint) {
      this.checkpoints.set(checkpoint.name, checkpoint.position);
      if (batch.staged.size > 0) this.dataVersions.set(checkpoint.name, checkpoint.position);
    }
    for (const [coll, changes] of batch.staged) {
      const { docs, indexes } = this.stored(coll);
      for (const [id, doc] of changes) {
        const before = docs.get(id);
        if (doc) {
          deepFreeze(doc);
          docs.set(id, doc);
        } else docs.delete(id);
        for (const index of indexes) index.replace(id, before, doc ?? undefined);
      }
    }
  }

  async getCheckpoint(name: string): Promise<string | null> {
    return this.checkpoints.get(name) ?? null;
  }

  async getDataVersion(name: string): Promise<string | null> {
    return this.dataVersions.get(name) ?? null;
  }

  async getDataVersions(names: readonly string[]): Promise<(string | null)[]> {
    return names.map((name) => this.dataVersions.get(name) ?? null);
  }

  async deleteCheckpoint(name: string): Promise<void> {
    this.statements.deleteCheckpoint.run(name);
    this.checkpoints.delete(name);
    this.dataVersions.delete(name);
  }

  async listCollections(): Promise<string[]> {
    const onDisk = this.db.prepare<[], { coll: string }>('SELECT DISTINCT coll FROM docs').all().map((r) => r.coll);
    return [...new Set([...onDisk, ...[...this.cache].filter(([, c]) => c.docs.size > 0).map(([n]) => n)])].sort();
  }

  /** Drops the documents and the indexes, as MongoDB's drop does. */
  async dropCollection(name: string): Promise<void> {
    this.db.transaction(() => {
      this.statements.dropDocs.run(name);
      this.statements.dropIndexes.run(name);
    })();
    this.cache.delete(name);
  }

  /** `to` becomes `from`, documents and indexes alike (MongoDB's rename with dropTarget). */
  async renameCollection(from: string, to: string): Promise<void> {
    const moved = this.stored(from);
    this.db.transaction(() => {
      for (const table of ['docs', 'indexes']) {
        this.db.prepare(`DELETE FROM ${table} WHERE coll = ?`).run(to);
        this.db.prepare(`UPDATE ${table} SET coll = ? WHERE coll = ?`).run(to, from);
      }
    })();
    this.cache.set(to, moved);
    this.cache.delete(from);
  }

  async ensureIndex(collection: string, keys: Record<string, 1 | -1>, options: { unique?: boolean } = {}): Promise<void> {
    const coll = this.stored(collection);
    const spec: IndexSpec = { keys: { ...keys }, ...(options.unique ? { unique: true } : {}) };
    if (coll.indexes.some((i) => i.name === indexName(spec.keys))) return;
    const index = buildIndex(collection, coll, spec);
    this.statements.saveIndex.run(collection, index.name, JSON.stringify(spec));
    coll.indexes.push(index);
  }

  /**
   * One transaction writes the new rows over the old ones, deletes the rows of documents that
   * are gone, and writes the indexes and the checkpoint — no fresh collection renamed over the
   * live one, which on this store would write every row a second time (the collection is part
   * of the key). The documents and indexes are built in memory first, so a unique index they
   * break fails before any write.
   *
   * Rows are written over in place rather than all deleted and then inserted: deleting frees
   * every page and inserting takes them back, so each page went to the WAL twice; at 200,000
   * sales (bench:scale's 100×) the transaction took 1.26 s of CPU that way and 0.70 s this way.
   * The page cache is raised for the transaction (then set back), so the b-tree pages it
   * changes are not spilled to the WAL and written again before it commits.
   *
   * Only what differs is written. The old rows are read in key order, a page at a time, and
   * each is compared with the new document's JSON: a row that is the same is left alone, one
   * that differs is updated, one whose document is gone is deleted; documents with no row are
   * inserted last, in key order. A rebuild mostly makes what is there (the same events make
   * the same documents), and one sequential read costs less than a b-tree search per row: at
   * bench:scale's 10× the rows of sales and valuations (22,000, 16.5 MB) are read and compared
   * in ~40 ms of CPU, where an upsert of each (SQLite searching for its row and comparing it
   * there) took ~110 ms, and listing the old ids to find the gone ones ~25 ms more. The
   * indexes' rows and the checkpoint are rewritten only when they change, so a rebuild that
   * changes nothing writes nothing to the WAL.
   */
  async replaceCollection(
    name: string,
    docs: Iterable<Doc> | ReadonlyMap<string, Doc>,
    options: { indexes?: readonly IndexSpec[]; checkpoint?: { name: string; position: string | null } } = {},
  ): Promise<void> {
    const handedOver = docs instanceof Map ? adopted(docs as Map<string, Doc>) : null;
    const coll = new StoredCollection(handedOver ?? undefined);
    if (!handedOver) {
      for (const doc of docs instanceof Map ? docs.values() : (docs as Iterable<Doc>)) {
        if (coll.docs.has(doc._id)) throw new DuplicateKeyError(name, doc._id);
        coll.docs.set(doc._id, deepFreeze(doc));
      }
    }
    const specs: IndexSpec[] = [];
    for (const { keys, unique } of options.indexes ?? []) {
      const spec: IndexSpec = { keys: { ...keys }, ...(unique ? { unique: true } : {}) };
      if (coll.indexes.some((i) => i.name === indexName(spec.keys))) continue;
      coll.indexes.push(buildIndex(name, coll, spec));
      specs.push(spec);
    }
    const { checkpoint } = options;
    const st = this.statements;
    const cacheSize = this.db.pragma('cache_size', { simple: true }) as number;
    this.db.pragma(`cache_size = ${REPLACE_CACHE_SIZE}`);
    try {
      this.db.transaction(() => {
        // The rows on disk, in key order, against the new documents. Only counted: see below.
        let kept = 0;
        for (let after: string | null = null; ; ) {
          const rows: [string, string][] = after === null ? st.firstRows.all(name, ROWS_PER_READ) : st.rowsAfter.all(name, after, ROWS_PER_READ);
          for (const [id, old] of rows) {
            const doc = coll.docs.get(id);
            if (!doc) {
              st.remove.run(name, id);
              continue;
            }
            const json = JSON.stringify(doc);
            if (json !== old) st.update.run(json, name, id);
            kept += 1;
          }
          if (rows.length < ROWS_PER_READ) break;
          after = rows[rows.length - 1]![0];
        }
        // The new documents (those no row matched), in key order: the b-tree is walked once, not
        // at random (half the time at 300,000 documents). A rebuild mostly makes documents that
        // have rows, so the ids on disk are listed only when some have none: a Set of every kept
        // id, filled as the rows went by, cost 10–45 ms at bench:scale's 10× (its 30,311 audit
        // entries), and kept the rows' id strings alive through the young generation's collections.
        if (kept < coll.docs.size) {
          const onDisk = new Set(st.ids.all(name));
          const fresh: string[] = [];
          for (const id of coll.docs.keys()) if (!onDisk.has(id)) fresh.push(id);
          for (const id of fresh.sort()) st.upsert.run(name, id, JSON.stringify(coll.docs.get(id)));
        }
        const saved = st.indexSpecs.all(name);
        const wanted = specs.map((spec) => ({ name: indexName(spec.keys), spec: JSON.stringify(spec) }));
        if (saved.length !== wanted.length || wanted.some((w) => !saved.some((r) => r.name === w.name && r.spec === w.spec))) {
          st.dropIndexes.run(name);
          for (const w of wanted) st.saveIndex.run(name, w.name, w.spec);
        }
        if (checkpoint?.position) {
          if (this.checkpoints.get(checkpoint.name) !== checkpoint.position) st.saveCheckpoint.run(checkpoint.name, checkpoint.position);
        } else if (checkpoint) st.deleteCheckpoint.run(checkpoint.name);
      })();
    } finally {
      this.db.pragma(`cache_size = ${cacheSize}`);
    }
    this.cache.set(name, coll);
    if (checkpoint?.position) {
      this.checkpoints.set(checkpoint.name, checkpoint.position);
      this.dataVersions.set(checkpoint.name, checkpoint.position);
    } else if (checkpoint) {
      this.checkpoints.delete(checkpoint.name);
      this.dataVersions.delete(checkpoint.name);
    }
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  /**
   * Copies every page of the WAL into the database file and truncates the WAL to nothing: the
   * page images written before a document was overwritten or deleted (which a WAL keeps until it
   * is reset) are gone from both files, and secure_delete has zeroed the freed space of the
   * pages themselves. Waits for no reader: the embedded store is the file's only connection.
   */
  async purgeFreedBytes(): Promise<void> {
    const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
    if (result && result.busy !== 0) throw new Error('The read store could not checkpoint its WAL: another connection holds it');
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** Rows of a replaced collection read from disk at a time, to compare with the new documents. */
const ROWS_PER_READ = 1000;

/** Page cache while a collection is replaced (KiB, as SQLite's negative cache_size): 64 MB. */
const REPLACE_CACHE_SIZE = -65_536;

/** The statements every write uses, prepared once per store. */
function prepareStatements(db: Database.Database) {
  return {
    upsert: db.prepare<[string, string, string]>('INSERT INTO docs (coll, id, doc) VALUES (?, ?, ?) ON CONFLICT (coll, id) DO UPDATE SET doc = excluded.doc'),
    update: db.prepare<[string, string, string]>('UPDATE docs SET doc = ? WHERE coll = ? AND id = ?'),
    ids: db.prepare<[string], string>('SELECT id FROM docs WHERE coll = ?').pluck(),
    firstRows: db.prepare<[string, number], [string, string]>('SELECT id, doc FROM docs WHERE coll = ? ORDER BY id LIMIT ?').raw(),
    rowsAfter: db.prepare<[string, string, number], [string, string]>('SELECT id, doc FROM docs WHERE coll = ? AND id > ? ORDER BY id LIMIT ?').raw(),
    indexSpecs: db.prepare<[string], { name: string; spec: string }>('SELECT name, spec FROM indexes WHERE coll = ?'),
    remove: db.prepare<[string, string]>('DELETE FROM docs WHERE coll = ? AND id = ?'),
    dropDocs: db.prepare<[string]>('DELETE FROM docs WHERE coll = ?'),
    dropIndexes: db.prepare<[string]>('DELETE FROM indexes WHERE coll = ?'),
    saveIndex: db.prepare<[string, string, string]>('INSERT INTO indexes (coll, name, spec) VALUES (?, ?, ?) ON CONFLICT (coll, name) DO UPDATE SET spec = excluded.spec'),
    saveCheckpoint: db.prepare<[string, string]>('INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position'),
    deleteCheckpoint: db.prepare<[string]>('DELETE FROM checkpoints WHERE name = ?'),
  };
}

/**
 * An index of a collection's documents, built when first read (EmbeddedIndex.buildLater); one
 * they already break (unique) fails with DuplicateKeyError now, before anything is written.
 */
function buildIndex(name: string, coll: StoredCollection, spec: IndexSpec): EmbeddedIndex {
  const index = new EmbeddedIndex(spec);
  if (index.unique) {
    const seen = new Set<string>();
    for (const doc of coll.docs.values()) {
      const key = index.uniqueKey(doc);
      if (seen.has(key)) throw new DuplicateKeyError(name, doc._id);
      seen.add(key);
    }
  }
  index.buildLater(coll.docs);
  return index;
}

/**
 * Refuses a batch that would leave two documents with one key in a unique index: among the
 * batch's own documents, or against committed ones the batch does not change.
 */
function checkUnique(name: string, coll: StoredCollection, changes: Map<string, Doc | null>) {
  const unique = coll.indexes.filter((i) => i.unique);
  if (unique.length === 0) return;
  for (const index of unique) {
    const keys = new Map<string, string>();
    for (const [id, doc] of changes) {
      if (!doc) continue;
      const key = index.uniqueKey(doc);
      if (keys.has(key)) throw new DuplicateKeyError(name, id);
      keys.set(key, id);
    }
    for (const [key, id] of keys) {
      const doc = changes.get(id)!;
      for (const other of committedWithKey(coll, index, doc, key)) {
        if (!changes.has(other._id)) throw new DuplicateKeyError(name, id);
      }
    }
  }
}

/** Committed documents with the same unique key as `doc`: from the index, else by a scan. */
function committedWithKey(coll: StoredCollection, index: EmbeddedIndex, doc: Doc, key: string): Doc[] {
  const own = index.keyOf(doc);
  if (!own || !index.usable) return [...coll.docs.values()].filter((d) => index.uniqueKey(d) === key);
  const n = index.fields.length;
  const [from, to] = index.bounds({ key: own, n, inclusive: true }, { key: own, n, inclusive: true });
  return [...index.entries.range(from, to)];
}

/**
 * Writes staged over the committed documents: later writes in a batch see earlier ones, and
 * nothing is visible to readers until the batch is persisted.
 */
class Batch {
  readonly staged = new Map<string, Map<string, Doc | null>>();
  constructor(private readonly store: EmbeddedReadStore) {}

  private changes(coll: string) {
    let c = this.staged.get(coll);
    if (!c) this.staged.set(coll, (c = new Map()));
    return c;
  }

  get(coll: string, id: string): Doc | undefined {
    const staged = this.staged.get(coll);
    if (staged?.has(id)) return staged.get(id) ?? undefined;
    return this.store.docs(coll).get(id);
  }

  /** Documents matching a filter: by `_id`, from an index, else by a scan; staged versions first-class. */
  matching(coll: string, filter: Filter, limit = Infinity): Doc[] {
    const ids = idsOf(filter);
    if (ids) {
      const test = ids.exact ? null : matcherOf(filter);
      const out: Doc[] = [];
      for (const id of ids.ids) {
        const doc = this.get(coll, id);
        if (doc && (!test || test(doc))) out.push(doc);
        if (out.length >= limit) break;
      }
      return out;
    }
    const stored = this.store.stored(coll);
    const plan = planQuery(stored.indexes, filter);
    const test = matcherOf(filter);
    const out: Doc[] = [];
    const staged = this.staged.get(coll);
    // The indexes hold committed documents; staged ones are tested one by one after them.
    const committed = plan ? walk(plan) : stored.docs.values();
    for (const doc of committed) {
      if (staged?.has(doc._id)) continue;
      if (plan?.exact || test(doc)) out.push(doc);
      if (out.length >= limit) return out;
    }
    for (const doc of staged?.values() ?? []) {
      if (doc && test(doc)) out.push(doc);
      if (out.length >= limit) return out;
    }
    return out;
  }

  put(coll: string, doc: Doc) {
    this.changes(coll).set(doc._id, doc);
  }
  remove(coll: string, id: string) {
    this.changes(coll).set(id, null);
  }

  apply(coll: string, op: WriteOp): UpdateResult | number {
    if ('insertOne' in op) {
      // A frozen document (read from a store) is shared as it is; anything else is copied.
      const doc = isDeepFrozen(op.insertOne.document) ? op.insertOne.document : copyValue(op.insertOne.document);
      if (this.get(coll, doc._id)) throw new DuplicateKeyError(coll, doc._id);
      this.put(coll, doc);
      return 1;
    }
    if ('updateOne' in op) return this.update(coll, op.updateOne.filter, op.updateOne.update, !!op.updateOne.upsert, 1);
    if ('updateMany' in op) return this.update(coll, op.updateMany.filter, op.updateMany.update, false, Infinity);
    if ('replaceOne' in op) {
      const [found] = this.matching(coll, op.replaceOne.filter, 1);
      const replacement = copyValue(op.replaceOne.replacement);
      if (found) {
        this.remove(coll, found._id);
        this.put(coll, { ...replacement, _id: found._id });
        return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
      }
      if (!op.replaceOne.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      const doc = upsertedDocument(op.replaceOne.filter, replacement);
      if (this.get(coll, doc._id)) throw new DuplicateKeyError(coll, doc._id);
      this.put(coll, doc);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id };
    }
    const filter = 'deleteOne' in op ? op.deleteOne.filter : op.deleteMany.filter;
    const found = this.matching(coll, filter, 'deleteOne' in op ? 1 : Infinity);
    for (const doc of found) this.remove(coll, doc._id);
    return found.length;
  }

  private update(coll: string, filter: Filter, upd: Update, upsert: boolean, limit: number): UpdateResult {
    const found = this.matching(coll, filter, limit);
    let modified = 0;
    for (const doc of found) {
      // A document already staged in this batch is the batch's own copy: update it in place.
      // A committed (frozen) one is copied first.
      const next = (this.staged.get(coll)?.get(doc._id) === doc && !isDeepFrozen(doc)) ? doc : copyValue(doc);
      if (applyUpdate(next, upd)) modified += 1;
      this.put(coll, next);
    }
    if (found.length > 0 || !upsert) return { matchedCount: found.length, modifiedCount: modified, upsertedId: null };
    const created = { _id: randomUUID(), ...copyValue(equalityFields(filter)) } as Doc;
    if (upd.$setOnInsert) applyUpdate(created, { $set: upd.$setOnInsert });
    applyUpdate(created, upd);
    if (this.get(coll, created._id)) throw new DuplicateKeyError(coll, created._id);
    this.put(coll, created);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: created._id };
  }
}

function* matches(docs: Iterable<Doc>, test: (doc: Doc) => boolean): Generator<Doc> {
  for (const doc of docs) if (test(doc)) yield doc;
}

/**
 * The committed documents a query reads — by `_id`, from the best index, else every document —
 * filtered, and whether they already come in the sort's order.
 */
function select(coll: StoredCollection, filter: Filter, sort?: Sort): { docs: Iterable<Doc>; sorted: boolean } {
  const ids = idsOf(filter);
  if (ids) {
    const docs = ids.ids.flatMap((id) => coll.docs.get(id) ?? []);
    return { docs: ids.exact ? docs : matches(docs, matcherOf(filter)), sorted: !sort || docs.length <= 1 };
  }
  const plan = planQuery(coll.indexes, filter, sort);
  const source = plan ? walk(plan) : coll.docs.values();
  const everything = Object.keys(filter).length === 0;
  return { docs: plan?.exact || everything ? source : matches(source, matcherOf(filter)), sorted: !sort || (plan?.servesSort ?? false) };
}

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly store: EmbeddedReadStore,
    readonly name: string,
  ) {}

  /** The stored (frozen) documents themselves: see `Collection` on why no copy is made. */
  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const { docs, sorted } = select(this.store.stored(this.name), filter, options.sort);
    let out: Doc[];
    if (sorted) {
      // In order already (an index walk): skip and stop at the limit, no sort.
      out = [];
      let skip = options.skip ?? 0;
      const limit = options.limit || Infinity;
      for (const doc of docs) {
        if (skip > 0) skip -= 1;
        else if (out.push(doc) >= limit) break;
      }
    } else {
      let cursor = find([...docs], {});
      if (options.sort) cursor = cursor.sort(options.sort);
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      out = cursor.all() as Doc[];
    }
    if (options.projection) out = find(out, {}, options.projection).all() as Doc[];
    return out as T[];
  }

  async findOne(filter: Filter, options: Omit<FindOptions, 'limit'> = {}): Promise<T | null> {
    // By `_id` (a session, a user, a summary: most reads of a request) it is one map lookup, then
    // the filter's other fields tested on that one document (a public summary adds `hidden`).
    const id = filter['_id'];
    if (typeof id === 'string' && !options.projection) {
      const doc = this.store.stored(this.name).docs.get(id);
      if (!doc) return null;
      return Object.keys(filter).length === 1 || matcherOf(filter)(doc) ? (doc as T) : null;
    }
    return (await this.find(filter, { ...options, limit: 1 }))[0] ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    const stored = this.store.stored(this.name);
    if (Object.keys(filter).length === 0) return stored.docs.size;
    let n = 0;
    for (const _ of select(stored, filter).docs) n += 1;
    return n;
  }

  async aggregate<R>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    // A leading $match is answered like find (from an index where one fits).
    const [first, ...rest] = pipeline;
    const match = first && Object.keys(first).length === 1 && isPlainFilter(first.$match) ? first.$match : null;
    const input = match ? [...select(this.store.stored(this.name), match).docs] : [...this.store.docs(this.name).values()];
    return copyValue(new Aggregator(match ? rest : pipeline).run(input)) as R[];
  }

  private write(op: WriteOp) {
    const batch = new Batch(this.store);
    const result = batch.apply(this.name, op);
    this.store.persist(batch);
    return result;
  }

  async insertOne(document: T) {
    this.write({ insertOne: { document } });
  }
  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}) {
    return this.write({ updateOne: { filter, update, upsert: options.upsert } }) as UpdateResult;
  }
  async updateMany(filter: Filter, update: Update) {
    return this.write({ updateMany: { filter, update } }) as UpdateResult;
  }
  async replaceOne(filter: Filter, replacement: T, options: { upsert?: boolean } = {}) {
    return this.write({ replaceOne: { filter, replacement, upsert: options.upsert } }) as UpdateResult;
  }
  async deleteOne(filter: Filter) {
    return this.write({ deleteOne: { filter } }) as number;
  }
  async deleteMany(filter: Filter) {
    return this.write({ deleteMany: { filter } }) as number;
  }
  async bulkWrite(ops: readonly WriteOp[]) {
    await this.store.commit(ops.map((op) => ({ collection: this.name, ...op })));
  }
}
