import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { Aggregator, Query, find } from 'mingo';
import { applyUpdate } from './apply-update';
import {
  DuplicateKeyError,
  type Collection,
  type CollectionWrite,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type Update,
  type UpdateResult,
  type WriteOp,
} from './read-store';

/**
 * The embedded read store: every collection is held in memory and queried with mingo (the
 * MongoDB query language in JavaScript); every write is made durable in a SQLite file first,
 * in one transaction with its projection checkpoint, and only then becomes visible.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly cache = new Map<string, Map<string, Doc>>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS docs (coll TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (coll, id)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL);
    `);
  }

  /** The committed documents of a collection, loaded from disk on first use. */
  docs(name: string): Map<string, Doc> {
    let docs = this.cache.get(name);
    if (!docs) {
      docs = new Map();
      for (const row of this.db.prepare<[string], { id: string; doc: string }>('SELECT id, doc FROM docs WHERE coll = ?').iterate(name)) {
        docs.set(row.id, JSON.parse(row.doc));
      }
      this.cache.set(name, docs);
    }
    return docs;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new EmbeddedCollection<T>(this, name);
  }

  async commit(writes: readonly CollectionWrite[], checkpoint?: { name: string; position: string }): Promise<void> {
    const batch = new Batch(this);
    for (const { collection, ...op } of writes) batch.apply(collection, op as WriteOp);
    this.persist(batch, checkpoint);
  }

  /** Writes a staged batch to disk in one transaction, then publishes it to the cache. */
  persist(batch: Batch, checkpoint?: { name: string; position: string }) {
    const upsert = this.db.prepare('INSERT INTO docs (coll, id, doc) VALUES (?, ?, ?) ON CONFLICT (coll, id) DO UPDATE SET doc = excluded.doc');
    const remove = this.db.prepare('DELETE FROM docs WHERE coll = ? AND id = ?');
    const saveCheckpoint = this.db.prepare('INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position');
    this.db.transaction(() => {
      for (const [coll, changes] of batch.staged) {
        for (const [id, doc] of changes) {
          if (doc) upsert.run(coll, id, JSON.stringify(doc));
          else remove.run(coll, id);
        }
      }
      if (checkpoint) saveCheckpoint.run(checkpoint.name, checkpoint.position);
    })();
    for (const [coll, changes] of batch.staged) {
      const docs = this.docs(coll);
      for (const [id, doc] of changes) {
        if (doc) docs.set(id, doc);
        else docs.delete(id);
      }
    }
  }

  async getCheckpoint(name: string): Promise<string | null> {
    return this.db.prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?').get(name)?.position ?? null;
  }

  async deleteCheckpoint(name: string): Promise<void> {
    this.db.prepare('DELETE FROM checkpoints WHERE name = ?').run(name);
  }

  async listCollections(): Promise<string[]> {
    const onDisk = this.db.prepare<[], { coll: string }>('SELECT DISTINCT coll FROM docs').all().map((r) => r.coll);
    return [...new Set([...onDisk, ...[...this.cache].filter(([, d]) => d.size > 0).map(([n]) => n)])].sort();
  }

  async dropCollection(name: string): Promise<void> {
    this.db.prepare('DELETE FROM docs WHERE coll = ?').run(name);
    this.cache.delete(name);
  }

  async renameCollection(from: string, to: string): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM docs WHERE coll = ?').run(to);
      this.db.prepare('UPDATE docs SET coll = ? WHERE coll = ?').run(to, from);
    })();
    this.cache.set(to, this.docs(from));
    this.cache.delete(from);
  }

  async ensureIndex(): Promise<void> {
    // Queries scan memory; `_id` lookups use the map directly.
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
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

  /** Documents matching a filter, with a direct lookup when the filter names an `_id`. */
  matching(coll: string, filter: Filter, limit = Infinity): Doc[] {
    const id = filter['_id'];
    if (typeof id === 'string') {
      const doc = this.get(coll, id);
      const rest = Object.keys(filter).length === 1;
      return doc && (rest || new Query(filter).test(doc)) ? [doc] : [];
    }
    const query = new Query(filter);
    const out: Doc[] = [];
    const staged = this.staged.get(coll);
    for (const [docId, doc] of this.store.docs(coll)) {
      if (staged?.has(docId)) continue;
      if (query.test(doc)) out.push(doc);
      if (out.length >= limit) return out;
    }
    for (const doc of staged?.values() ?? []) {
      if (doc && query.test(doc)) out.push(doc);
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
      const doc = structuredClone(op.insertOne.document);
      if (this.get(coll, doc._id)) throw new DuplicateKeyError(coll, doc._id);
      this.put(coll, doc);
      return 1;
    }
    if ('updateOne' in op) return this.update(coll, op.updateOne.filter, op.updateOne.update, !!op.updateOne.upsert, 1);
    if ('updateMany' in op) return this.update(coll, op.updateMany.filter, op.updateMany.update, false, Infinity);
    if ('replaceOne' in op) {
      const [found] = this.matching(coll, op.replaceOne.filter, 1);
      const replacement = structuredClone(op.replaceOne.replacement);
      if (found) {
        this.remove(coll, found._id);
        this.put(coll, { ...replacement, _id: found._id });
        return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
      }
      if (!op.replaceOne.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      const doc = { ...equalityFields(op.replaceOne.filter), ...replacement } as Doc;
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
    const { $setOnInsert, ...modifier } = upd;
    const found = this.matching(coll, filter, limit);
    let modified = 0;
    for (const doc of found) {
      // A document already staged in this batch is the batch's own copy: update it in place.
      const next = this.staged.get(coll)?.get(doc._id) === doc ? doc : structuredClone(doc);
      if (applyUpdate(next, modifier)) modified += 1;
      this.put(coll, next);
    }
    if (found.length > 0 || !upsert) return { matchedCount: found.length, modifiedCount: modified, upsertedId: null };
    const created = { _id: randomUUID(), ...structuredClone(equalityFields(filter)) } as Doc;
    if ($setOnInsert) applyUpdate(created, { $set: $setOnInsert });
    applyUpdate(created, modifier);
    if (this.get(coll, created._id)) throw new DuplicateKeyError(coll, created._id);
    this.put(coll, created);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: created._id };
  }
}

/** The plain `field: value` pairs of a filter, which an upsert copies into the new document. */
function equalityFields(filter: Filter): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$') || k.includes('.')) continue;
    const isOperator = v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((key) => key.startsWith('$'));
    if (!isOperator) out[k] = v;
  }
  return out;
}

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly store: EmbeddedReadStore,
    readonly name: string,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const id = filter['_id'];
    if (typeof id === 'string' && Object.keys(filter).length === 1 && !options.projection) {
      const doc = this.store.docs(this.name).get(id);
      return doc && !options.skip ? [structuredClone(doc) as T] : [];
    }
    let cursor = find([...this.store.docs(this.name).values()], filter, options.projection);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return structuredClone(cursor.all()) as T[];
  }

  async findOne(filter: Filter, options: Omit<FindOptions, 'limit'> = {}): Promise<T | null> {
    return (await this.find(filter, { ...options, limit: 1 }))[0] ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) return this.store.docs(this.name).size;
    const query = new Query(filter);
    let n = 0;
    for (const doc of this.store.docs(this.name).values()) if (query.test(doc)) n += 1;
    return n;
  }

  async aggregate<R>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    return structuredClone(new Aggregator(pipeline).run([...this.store.docs(this.name).values()])) as R[];
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
