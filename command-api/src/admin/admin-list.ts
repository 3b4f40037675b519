import type { AdminListQuery } from '@kainga/contracts';
import type { PageWindow } from '@kainga/projections';
import type { FastifyReply } from 'fastify';

/** How many items an admin list (or its search) holds; the body carries one page of them. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** What the OpenAPI document says of the admin lists' paging. */
export const ADMIN_LIST_DESCRIPTION =
  'One page of the list (`page` from 1, `pageSize` 1–100, 50 when not given), newest first; `search` keeps the items whose words start with it, ignoring case and accents. ' +
  'The body is a JSON array of the page; the `X-Total-Count` header says how many items the list (or the search) holds.';

/** The items of a page: those after the earlier pages, at most `pageSize`. */
export const pageWindow = (query: AdminListQuery): PageWindow => ({ skip: (query.page - 1) * query.pageSize, limit: query.pageSize });

/** A page of an admin list as it is sent: its JSON body and how many items the list holds. */
export interface AdminPage {
  body: string;
  total: number;
  /** The body as UTF-8 bytes, made on first send (see sendAdminPage). */
  bytes?: Buffer;
}

/** Distinct pages (page, size, search) kept per version of the read model, as CachedAnswers bounds them. */
export const adminPageKey = (query: AdminListQuery) => JSON.stringify([query.page, query.pageSize, query.search ?? null]);

/**
 * Sends a kept page: the body as JSON (already checked against the route's schema when it was
 * built) and X-Total-Count. Admin answers are never stored by shared caches (no public
 * Cache-Control, no ETag), as before.
 */
export function sendAdminPage(reply: FastifyReply, page: AdminPage) {
  // The bytes kept with the page: a string body is measured and encoded to UTF-8 again on every
  // send (see sendAnswer in public/cached-answers.ts).
  page.bytes ??= Buffer.from(page.body);
  return reply.header(TOTAL_COUNT_HEADER, String(page.total)).type('application/json; charset=utf-8').send(page.bytes);
}
