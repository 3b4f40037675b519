import { PropertyIdParams, PropertyVisibility, PropertyVisibilityRequest } from '@kainga/contracts';
import { CommandError, handleCommand, waitForCommand } from '@kainga/platform';
import { findProperty } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { propertyDecider, propertyStream, VISIBILITY_OWNER_ONLY } from './property';

/**
 * Whether the public map, directory and summaries show a property (issue 11). Every property
 * starts public; its owner may hide it and show it again (PropertyHiddenFromPublic,
 * PropertyShownInPublic). Only the owner: anyone else is refused (403), admins included.
 *
 * GET /api/properties/{id}/visibility: `{ propertyId, public }`.
 * PUT /api/properties/{id}/visibility with `{ public: boolean }`: the same answer once the
 * public reads have it. Asking for what already holds records nothing.
 */
export default async function visibilityRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  r.get(
    '/api/properties/:id/visibility',
    {
      preHandler: routeGuard('GET /api/properties/:id/visibility'),
      schema: { tags: ['properties'], params: PropertyIdParams, response: { 200: PropertyVisibility, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const p = await findProperty(store, request.params.id);
      if (!p) throw new CommandError('not_found', 'Property not found.');
      if (p.ownerId !== currentUser(request).id) throw new CommandError('forbidden', VISIBILITY_OWNER_ONLY);
      return { propertyId: p._id, public: !p.hidden };
    },
  );

  r.put(
    '/api/properties/:id/visibility',
    {
      preHandler: routeGuard('PUT /api/properties/:id/visibility'),
      schema: { tags: ['properties'], params: PropertyIdParams, body: PropertyVisibilityRequest, response: { 200: PropertyVisibility, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const user = currentUser(request);
      const metadata = metadataOf(request);
      const stream = propertyStream(request.params.id);
      const command = request.body.public ? ({ type: 'ShowInPublic', by: user.id, at: metadata.occurredAt } as const) : ({ type: 'HideFromPublic', by: user.id, at: metadata.occurredAt } as const);
      const result = await handleCommand(deps.stores.eventStore, propertyDecider, stream, command, { idempotencyKey: idempotencyKeyOf(request), metadata });
      // Read-your-writes: the map and directory leave it out (or show it) by the time this answers.
      await waitForCommand(deps.stores, 'properties', stream, result);
      const state = result.state;
      if (state.status !== 'registered') throw new CommandError('not_found', 'Property not found.');
      return { propertyId: state.propertyId, public: !state.hidden };
    },
  );
}
