import { z } from 'zod';
import { PropertyFacts } from '../property-facts';
import { ValueBand } from './public';

/** Properties per page of the directory unless `limit` says otherwise, and the most a page may hold. */
export const DIRECTORY_DEFAULT_LIMIT = 24;
export const DIRECTORY_MAX_LIMIT = 60;
/** How deep a page may start: skipping costs a walk over the entries before it (as MongoDB's skip). */
export const DIRECTORY_MAX_OFFSET = 100_000;
export const DIRECTORY_MAX_SEARCH = 100;

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max.toLocaleString('en-NZ')}`);

/**
 * GET /api/public/property-directory: `search` (address, suburb, city; see the route for how it
 * matches), `city` (exact name, as /cities lists them), `offset` and `limit` (a page).
 */
export const PropertyDirectoryQuery = z.object({
  search: z.string().max(DIRECTORY_MAX_SEARCH, `search must be at most ${DIRECTORY_MAX_SEARCH} characters`).optional(),
  city: z.string().trim().min(1, 'city must not be empty').max(100, 'city must be at most 100 characters').optional(),
  offset: whole('offset', 0, DIRECTORY_MAX_OFFSET).default(0),
  limit: whole('limit', 1, DIRECTORY_MAX_LIMIT).default(DIRECTORY_DEFAULT_LIMIT),
});
export type PropertyDirectoryQuery = z.infer<typeof PropertyDirectoryQuery>;

/** One card of the directory (consumer spec §2 "Property Directory"): public facts and the published value band. */
export const DirectoryProperty = PropertyFacts.pick({ address: true, suburb: true, city: true, bedrooms: true, bathrooms: true, floorArea: true }).extend({
  id: z.string(),
  /** The latest valuation's public band, null when the property has none. */
  valueBand: ValueBand.nullable(),
  demo: z.boolean(),
});
export type DirectoryProperty = z.infer<typeof DirectoryProperty>;

/**
 * A page of the directory. `matching`: how many properties match the search and city (every
 * page of them together); `total`: how many properties the directory holds, whatever the filters.
 * The screen's 'Showing X of Y properties' is matching of total.
 */
export const PropertyDirectoryPage = z.object({
  properties: z.array(DirectoryProperty),
  matching: z.number().int().min(0),
  total: z.number().int().min(0),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1),
});
export type PropertyDirectoryPage = z.infer<typeof PropertyDirectoryPage>;
