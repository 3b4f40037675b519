import type { Collection, Doc, Filter, ReadStore, Projection, Sort } from '@kainga/platform';

/** Documents read per page of a long list (a partner's leads, their charges, their history). */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every document of `filter` in the order of `sort`, a page at a time. `sort` must be an index the
 * read model declares (or its exact reverse), so each page is one bounded index walk and nothing
 * is held but the page. Oldest first, so a document added while the export runs lands after the
 * pages already read rather than shifting them.
 */
export async function* pagesOf<T extends Doc>(coll: Collection<T>, filter: Filter, sort: Sort, { pageSize = EXPORT_PAGE_SIZE, projection }: { pageSize?: number; projection?: Projection } = {}): AsyncGenerator<T[]> {
  for (let skip = 0; ; skip += pageSize) {
    const page = await coll.find(filter, { sort, skip, limit: pageSize, ...(projection ? { projection } : {}) });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
  }
}

/** The same walk, one mapped document at a time. */
export async function* eachOf<T extends Doc, R>(pages: AsyncIterable<T[]>, map: (doc: T) => R): AsyncGenerator<R> {
  for await (const page of pages) for (const doc of page) yield map(doc);
}

const ID_ONLY = { _id: 1 } as const;
const OLDEST_FIRST = { createdAt: 1, _id: -1 } as const;

/** The ids of a person's documents of a collection, id-only pages along its (userId|ownerId|partnerId, createdAt) index. */
export async function idsOf(readStore: ReadStore, collection: string, filter: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of pagesOf(readStore.collection(collection), filter, OLDEST_FIRST, { projection: ID_ONLY })) for (const d of page) ids.push(d._id);
  return ids;
}
