import type { Collection, Doc, Sort } from '@kainga/platform';

/** A page of a list: its documents and how many the whole list holds. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Which page: the documents to pass over, then at most `limit` of them. */
export interface PageWindow {
  skip: number;
  limit: number;
}

/**
 * A page of the whole collection in the order of `sort`, which an index declared by the read model
 * must serve (forwards or backwards): the store walks `skip + limit` index entries and counts the
 * collection, so the first page costs the same at 100 or 100,000 documents. A page past the end
 * reads nothing.
 */
export async function pageOf<T extends Doc>(coll: Collection<T>, sort: Sort, window: PageWindow): Promise<Page<T>> {
  const total = await coll.count();
  const items = window.skip >= total ? [] : await coll.find({}, { sort, skip: window.skip, limit: window.limit });
  return { items, total };
}

/** Compares two documents as `sort` orders them (strings by code unit, as both stores' indexes do). */
function comparatorOf(sort: Sort) {
  const fields = Object.entries(sort);
  return (a: Doc, b: Doc) => {
    for (const [field, dir] of fields) {
      const x = a[field] as string | number;
      const y = b[field] as string | number;
      if (x !== y) return (x < y ? -1 : 1) * dir;
    }
    return 0;
  };
}

/**
 * A page of the documents where any of the `ranges` (one field each, e.g. a prefix of a normalised
 * name) matches, in the order of `sort`, with how many match.
 *
 * Each range is walked on its own index, reading only the matching entries' sort fields; the
 * matches are merged (a document matching two ranges counts once), ordered and cut to the page,
 * whose documents are then read by `_id`. So a search costs what its matches cost — never a read
 * of the documents that do not match — which is what MongoDB's own `$or` over indexed ranges
 * costs too (a one-letter search of a large collection still matches many).
 */
export async function pageOfMatches<T extends Doc>(coll: Collection<T>, ranges: readonly Record<string, unknown>[], sort: Sort, window: PageWindow): Promise<Page<T>> {
  const projection = Object.fromEntries(Object.keys(sort).map((f) => [f, 1 as const]));
  const matched = new Map<string, Doc>();
  for (const filter of ranges) {
    for (const doc of await coll.find(filter, { projection })) matched.set(doc._id, doc);
  }
  const ordered = [...matched.values()].sort(comparatorOf(sort));
  const ids = ordered.slice(window.skip, window.skip + window.limit).map((d) => d._id);
  if (ids.length === 0) return { items: [], total: matched.size };
  const byId = new Map((await coll.find({ _id: { $in: ids } })).map((d) => [d._id, d]));
  // A document changed between the two reads may have left; the page keeps the rest in order.
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total: matched.size };
}
