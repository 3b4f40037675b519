import { PartnerProfileUpdateRequest, PartnerProfileView, PartnerRoleQuery, type PartnerProfileFields } from '@kainga/contracts';
import { handleCommand, invalid, loadAggregate, waitForProjection } from '@kainga/platform';
import { findPartner } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeProfile } from '../accounts/accounts';
import { userDecider, userStream } from '../accounts/user';
import type { AppDeps } from '../deps';
import { partnerDecider, partnerStream } from '../partners/partner';
import { currentUser, idempotencyKeyOf, loadUser, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { imageExists } from '../uploads/image-path';
import { activePartner } from '../partners/active-partner';
import { profileFieldsOf, toProfileView } from './profile-view';

export const UPLOAD_AGAIN = 'Please upload the image again.';

/** GET and PUT /api/partner/profile: the partner profile of the active role (spec 001 §2–§5). */
export default async function partnerProfileRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { eventStore, readStore, blobStore } = deps.stores;

  r.get(
    '/api/partner/profile',
    { preHandler: routeGuard('GET /api/partner/profile'), schema: { tags: ['partners'], querystring: PartnerRoleQuery, response: { 200: PartnerProfileView, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const me = currentUser(request);
      return toProfileView(me, await activePartner(readStore, me, request.query.role));
    },
  );

  r.put(
    '/api/partner/profile',
    {
      preHandler: routeGuard('PUT /api/partner/profile'),
      schema: { tags: ['partners'], body: PartnerProfileUpdateRequest, response: { 200: PartnerProfileView, ...errorResponses(400, 401, 403, 409, 413, 415) } },
    },
    async (request) => {
      const me = currentUser(request);
      const { role, firstName, lastName, ...fields } = request.body;
      const partner = await activePartner(readStore, me, role);
      const profile: PartnerProfileFields = fields;

      // A new image must be one we stored (an upload answered its path); the image already on
      // the profile is kept as it is.
      const current = profileFieldsOf(partner);
      for (const field of ['profileImage', 'companyImage'] as const) {
        const path = profile[field];
        if (path && path !== current[field] && !(await imageExists(blobStore, path))) throw invalid(UPLOAD_AGAIN);
      }

      const ctx = { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) };
      const updated = await handleCommand(eventStore, partnerDecider, partnerStream(partner._id), { type: 'UpdatePartnerProfile', profile, at: ctx.metadata.occurredAt }, ctx);
      // The name is the account's (one name across roles); the email stays the account's own,
      // read from its stream so a lagging read model cannot move the sign-in address.
      const account = await loadAggregate(eventStore, userDecider, userStream(me.id));
      if (account.state.status === 'registered') await changeProfile(deps, me.id, { firstName, lastName, email: account.state.email }, ctx);
      await waitForProjection(readStore, 'partners', updated.position);

      const [user, doc] = await Promise.all([loadUser(deps, me.id), findPartner(readStore, partner._id)]);
      return toProfileView(user ?? me, doc ?? partner);
    },
  );
}
