import { PropertyDirectoryPage, PropertyDirectoryQuery, type DirectoryProperty } from '@kainga/contracts';
import { directoryCities, directoryPage, PROPERTIES, type DirectoryRow } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { errorResponses } from '../plugins/schemas';
import { CachedAnswers, etagOf, sendAnswer } from './cached-answers';

const toCard = (p: DirectoryRow): DirectoryProperty => ({
  id: p._id,
  address: p.address,
  suburb: p.suburb,
  city: p.city,
  bedrooms: p.bedrooms,
  bathrooms: p.bathrooms,
  floorArea: p.floorArea,
  valueBand: p.latestValuation?.band ? { low: p.latestValuation.band.low, high: p.latestValuation.band.high } : null,
  demo: p.demo,
});

/**
 * GET /api/public/property-directory (consumer spec §2 "Property Directory", done on the server
 * so a phone downloads one page, not every property in the country): a page of properties,
 * newest first, narrowed by `search` and `city`, with `matching` (how many match: the screen's
 * "Showing X") and `total` (how many properties there are: "of Y properties"). How the search
 * matches, and what each kind of query costs, is in projections/src/property-directory.ts: the
 * spec's case-insensitive substring of address, suburb or city, whatever the city filter.
 *
 * GET /api/public/property-directory/cities: the distinct cities of the properties, sorted, for
 * the city filter.
 *
 * Both answers carry a strong ETag (If-None-Match → 304) and public Cache-Control, and are kept,
 * with their compressed forms, per version of the `properties` read model.
 */
export default async function propertyDirectoryRoute(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const store = deps.stores.readStore;
  const answers = new CachedAnswers(store, PROPERTIES);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/public/property-directory',
    { schema: { tags: ['public'], querystring: PropertyDirectoryQuery, response: { 200: PropertyDirectoryPage, ...errorResponses(400) } } },
    async (request, reply) => {
      const { search, city, offset, limit } = request.query;
      const answer = await answers.get(JSON.stringify([search ?? '', city ?? null, offset, limit]), async () => {
        const page = await directoryPage(store, { search, city, offset, limit });
        const body = JSON.stringify(PropertyDirectoryPage.parse({ properties: page.rows.map(toCard), matching: page.matching, total: page.total, offset, limit }));
        return { body, etag: etagOf(body) };
      });
      return sendAnswer(request, reply, answer);
    },
  );

  r.get('/api/public/property-directory/cities', { schema: { tags: ['public'], response: { 200: z.array(z.string()) } } }, async (request, reply) => {
    const answer = await answers.get('cities', async () => {
      const body = JSON.stringify(await directoryCities(store));
      return { body, etag: etagOf(body) };
    });
    return sendAnswer(request, reply, answer);
  });
}
