import { z } from 'zod';
import { PropertyFacts } from '../property-facts';

export const AdminProperty = PropertyFacts.omit({ landArea: true }).extend({
  id: z.string(),
  rateableValue: z.number().nullable(),
  createdAt: z.string(),
  /** Completed valuations of the property. */
  valuations: z.number(),
  /** Its latest completed valuation (the row links to that valuation's history); null before the first. */
  latestValuationId: z.string().nullable(),
});
export type AdminProperty = z.infer<typeof AdminProperty>;

/** The most items one page of an admin list may hold (`pageSize`), and how many it holds when not asked. */
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 50;
const ADMIN_SEARCH_MAX = 100;

/**
 * The query of the admin lists (GET /api/admin/users, GET /api/admin/properties): which page
 * (`page` from 1, `pageSize` items a page) and, optionally, a search: the items whose words start
 * with it (users: name or email; properties: address, street, suburb or city), ignoring case and
 * accents. An empty search is no search. The body stays a JSON array of the page's items; the
 * `X-Total-Count` header says how many items the list (or the search) holds.
 */
export const AdminListQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be at most ${ADMIN_PAGE_SIZE_MAX}`)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
  search: z
    .string({ error: 'search must be text' })
    .max(ADMIN_SEARCH_MAX, `search must be at most ${ADMIN_SEARCH_MAX} characters`)
    .transform((s) => s.trim() || undefined)
    .optional(),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;

export const AdminStats = z.object({
  totalUsers: z.number(),
  totalProperties: z.number(),
  totalValuations: z.number(),
  /** Counts over the last 7 days, by type (user, property, valuation). */
  recentActivity: z.array(z.object({ type: z.enum(['user', 'property', 'valuation']), count: z.number() })),
});
export type AdminStats = z.infer<typeof AdminStats>;
