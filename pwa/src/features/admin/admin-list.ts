/**
 * Paging of the admin dashboard's lists (GET /api/admin/users, GET /api/admin/properties): the
 * server answers one page as a JSON array and how many items the list (or the search) holds in
 * `X-Total-Count`.
 */
import { apiRequest } from '../../api/client';

/** Users a page in User Management. */
export const USERS_PAGE_SIZE = 20;
/** Properties a page in Property Overview: the spec's "first 10 properties" (partner/admin spec §9). */
export const PROPERTIES_PAGE_SIZE = 10;

export interface ListParams {
  page: number;
  pageSize: number;
  /** Empty: no search. */
  search: string;
}

export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The address of one page: `path?page=…&pageSize=…[&search=…]`. */
export function listUrl(path: string, { page, pageSize, search }: ListParams): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  const term = search.trim();
  if (term) query.set('search', term);
  return `${path}?${query.toString()}`;
}

/** The list's total from `X-Total-Count`; without the header (an older server), what the page holds. */
export function totalOf(headers: Headers, items: readonly unknown[]): number {
  const header = headers.get('x-total-count');
  const total = header === null ? NaN : Number(header);
  return Number.isInteger(total) && total >= 0 ? total : items.length;
}

/** One page and the list's total. */
export async function fetchListPage<T>(path: string, params: ListParams, signal?: AbortSignal): Promise<ListPage<T>> {
  const res = await apiRequest('GET', listUrl(path, params), undefined, signal);
  const items = (await res.json()) as T[];
  return { items, total: totalOf(res.headers, items) };
}

/** The spec's line under the property overview: how many come after the page shown, or null when none. */
export function moreText(total: number, { page, pageSize }: Pick<ListParams, 'page' | 'pageSize'>): string | null {
  const more = total - page * pageSize;
  return more > 0 ? `And ${more.toLocaleString('en-NZ')} more ${more === 1 ? 'property' : 'properties'}...` : null;
}
