import type { AdminListQuery } from '@kainga/contracts';
import type { PageWindow } from '@kainga/projections';

/** How many items an admin list (or its search) holds; the body carries one page of them. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** What the OpenAPI document says of the admin lists' paging. */
export const ADMIN_LIST_DESCRIPTION =
  'One page of the list (`page` from 1, `pageSize` 1–100, 50 when not given), newest first; `search` keeps the items whose words start with it, ignoring case and accents. ' +
  'The body is a JSON array of the page; the `X-Total-Count` header says how many items the list (or the search) holds.';

/** The items of a page: those after the earlier pages, at most `pageSize`. */
export const pageWindow = (query: AdminListQuery): PageWindow => ({ skip: (query.page - 1) * query.pageSize, limit: query.pageSize });
