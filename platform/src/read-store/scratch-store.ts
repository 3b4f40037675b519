import { randomUUID } from 'node:crypto';
import { applyUpdate, copyValue } from './apply-update';
import { equalityFields, idsOf } from './filter-ids';
import { matcherOf } from './filter-matcher';
import { DuplicateKeyError, type CollectionWrite, type Doc, type Filter, type Update } from './read-store';

/**
 * The staging area of a rebuild: collections as plain Maps in memory, each write applied to
 * them at once and in place — no disk, no freezing, no staged batch, no indexes (nobody reads
 * it but the projector's own writes, which name documents by `_id`: a map lookup). Any other
 * filter scans the collection with mingo, with the embedded store's answers. A write that
 * fails leaves the writes before it applied: its owner drops the store then.
 *
 * Inserted and replacing documents are copied (a projector may hand the same nested value to
 * two documents, and updates change documents in place); `$set` values are copied by applyUpdate.
 */
export class ScratchStore {
  private readonly collections = new Map<string, Map<string, Doc>>();

  /** A collection's documents, by `_id`, in the order they were first written. */
  docs(name: string): Map<string, Doc> {
    let docs = this.collections.get(name);
    if (!docs) this.collections.set(name, (docs = new Map()));
    return docs;
  }

  /**
   * Applies writes in order. With a `position`, every document they insert, replace or update
   * is stamped `_lastPosition: position`, as `physicalWrites` stamps the live store's writes
   * (done here, on the document, instead of copying each write to add it).
   */
  apply(writes: readonly CollectionWrite[], position?: string): void {
    for (const write of writes) {
      const docs = this.docs(write.collection);
      if ('insertOne' in write) insert(write.collection, docs, stamped(copyValue(write.insertOne.document), position));
      else if ('updateOne' in write) update(write.collection, docs, write.updateOne.filter, write.updateOne.update, !!write.updateOne.upsert, 1, position);
      else if ('updateMany' in write) update(write.collection, docs, write.updateMany.filter, write.updateMany.update, false, Infinity, position);
      else if ('replaceOne' in write) {
        const { filter, replacement, upsert } = write.replaceOne;
        const id = soleId(filter);
        const found = id === undefined ? matching(docs, filter, 1)[0] : docs.get(id);
        if (found) {
          // Deleted first, as the embedded store does: the replacement moves to the end.
          docs.delete(found._id);
          const doc = copyValue(replacement);
          doc['_id'] = found._id;
          docs.set(found._id, stamped(doc, position));
        } else if (upsert) {
          // The filter's equality fields, then the replacement's (upsertedDocument's order): the
          // replacement itself when the filter is its `_id`, named first (what projectors write).
          const doc = id !== undefined && firstKey(replacement) === '_id' ? copyValue(replacement) : (copyInto(id === undefined ? equalityFields(filter) : withId(id), replacement) as Doc);
          insert(write.collection, docs, stamped(doc, position));
        }
      } else {
        const filter = 'deleteOne' in write ? write.deleteOne.filter : write.deleteMany.filter;
        for (const doc of matching(docs, filter, 'deleteOne' in write ? 1 : Infinity)) docs.delete(doc._id);
      }
    }
  }
}

/**
 * Deep copies of `from`'s fields set on `to`, in `from`'s order: what `upsertedDocument(filter,
 * copyValue(replacement))` makes, with one object per document instead of two.
 */
function copyInto(to: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  for (const k in from) to[k] = copyValue(from[k]);
  return to;
}

/**
 * A new document holding only `_id`, made from `{}` rather than the literal `{ _id }`: V8 gives
 * an object made from a one-field literal a map with room for that field alone, and the
 * documents grown from it were 1.5× slower to JSON.stringify when the rebuild writes them (at
 * bench:scale's 10×, its 20,000 sales: 47–55 ms against 31–33 ms).
 */
function withId(id: unknown): Doc {
  const doc = {} as Doc;
  doc['_id'] = id as string;
  return doc;
}

function firstKey(o: object): string | undefined {
  for (const k in o) return k;
  return undefined;
}

function stamped(doc: Doc, position: string | undefined): Doc {
  if (position !== undefined) doc['_lastPosition'] = position;
  return doc;
}

function insert(coll: string, docs: Map<string, Doc>, doc: Doc) {
  if (docs.has(doc._id)) throw new DuplicateKeyError(coll, doc._id);
  docs.set(doc._id, doc);
}

function update(coll: string, docs: Map<string, Doc>, filter: Filter, upd: Update, upsert: boolean, limit: number, position: string | undefined) {
  const id = soleId(filter);
  if (id !== undefined) {
    const doc = docs.get(id);
    if (doc) {
      applyUpdate(doc, upd);
      stamped(doc, position);
      return;
    }
  } else {
    const found = matching(docs, filter, limit);
    for (const doc of found) {
      applyUpdate(doc, upd);
      stamped(doc, position);
    }
    if (found.length > 0) return;
  }
  if (!upsert) return;
  // The filter's `_id` when it names one (what projectors' upserts do): no random id made only
  // to be written over. The same document, keys in the same order, as `{ _id: randomUUID(),
  // ...fields }` made.
  const fields = id === undefined ? equalityFields(filter) : withId(id);
  const created = withId('_id' in fields ? copyValue(fields['_id']) : randomUUID());
  for (const k in fields) if (k !== '_id') created[k] = copyValue(fields[k]);
  if (upd.$setOnInsert) applyUpdate(created, { $set: upd.$setOnInsert });
  applyUpdate(created, upd);
  insert(coll, docs, stamped(created, position));
}

/**
 * The `_id` of a filter that says nothing else (`{ _id: 'x' }`, what projectors' writes name):
 * the document is a map lookup, with no list of matches nor equality fields to make for it
 * (100,000 users' updates: 77–97 ms → 52–57 ms; 100,000 sales' replacements: 97–112 → 76–87 ms).
 */
function soleId(filter: Filter): string | undefined {
  const id = filter['_id'];
  return typeof id === 'string' && onlyKey(filter) ? id : undefined;
}

/** Documents matching a filter: by `_id`s (lookups), else by a scan. */
function matching(docs: Map<string, Doc>, filter: Filter, limit: number): Doc[] {
  const id = soleId(filter);
  if (id !== undefined) {
    const doc = docs.get(id);
    return doc ? [doc] : [];
  }
  const ids = idsOf(filter);
  const test = ids?.exact ? null : matcherOf(filter);
  const out: Doc[] = [];
  const candidates = ids ? ids.ids.map((i) => docs.get(i)) : docs.values();
  for (const doc of candidates) {
    if (doc && (!test || test(doc))) out.push(doc);
    if (out.length >= limit) break;
  }
  return out;
}

function onlyKey(filter: Filter): boolean {
  let n = 0;
  for (const _ in filter) if (++n > 1) return false;
  return true;
}
