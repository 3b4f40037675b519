import { randomUUID } from 'node:crypto';
import { Query } from 'mingo';
import { applyUpdate, copyValue } from './apply-update';
import { equalityFields, idsOf, upsertedDocument } from './filter-ids';
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

  apply(writes: readonly CollectionWrite[]): void {
    for (const write of writes) {
      const docs = this.docs(write.collection);
      if ('insertOne' in write) insert(write.collection, docs, copyValue(write.insertOne.document));
      else if ('updateOne' in write) update(write.collection, docs, write.updateOne.filter, write.updateOne.update, !!write.updateOne.upsert, 1);
      else if ('updateMany' in write) update(write.collection, docs, write.updateMany.filter, write.updateMany.update, false, Infinity);
      else if ('replaceOne' in write) {
        const { filter, replacement, upsert } = write.replaceOne;
        const [found] = matching(docs, filter, 1);
        if (found) {
          // Deleted first, as the embedded store does: the replacement moves to the end.
          docs.delete(found._id);
          docs.set(found._id, { ...copyValue(replacement), _id: found._id });
        } else if (upsert) insert(write.collection, docs, upsertedDocument(filter, copyValue(replacement)));
      } else {
        const filter = 'deleteOne' in write ? write.deleteOne.filter : write.deleteMany.filter;
        for (const doc of matching(docs, filter, 'deleteOne' in write ? 1 : Infinity)) docs.delete(doc._id);
      }
    }
  }
}

function insert(coll: string, docs: Map<string, Doc>, doc: Doc) {
  if (docs.has(doc._id)) throw new DuplicateKeyError(coll, doc._id);
  docs.set(doc._id, doc);
}

function update(coll: string, docs: Map<string, Doc>, filter: Filter, upd: Update, upsert: boolean, limit: number) {
  const found = matching(docs, filter, limit);
  for (const doc of found) applyUpdate(doc, upd);
  if (found.length > 0 || !upsert) return;
  const created = { _id: randomUUID(), ...copyValue(equalityFields(filter)) } as Doc;
  if (upd.$setOnInsert) applyUpdate(created, { $set: upd.$setOnInsert });
  applyUpdate(created, upd);
  insert(coll, docs, created);
}

/** Documents matching a filter: by `_id` (a lookup), else by a scan. */
function matching(docs: Map<string, Doc>, filter: Filter, limit: number): Doc[] {
  const ids = idsOf(filter);
  const query = ids?.exact ? null : new Query(filter);
  const out: Doc[] = [];
  const candidates = ids ? ids.ids.map((id) => docs.get(id)) : docs.values();
  for (const doc of candidates) {
    if (doc && (!query || query.test(doc))) out.push(doc);
    if (out.length >= limit) break;
  }
  return out;
}
