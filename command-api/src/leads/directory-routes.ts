import { LocalPartner, locationById, PartnerRoleNameSchema, roleLabels } from '@kainga/contracts';
import { notFound } from '@kainga/platform';
import { locationsOfPartners, partnersInLocation } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { usersById } from '../partners/partner-views';
import { errorResponses } from '../plugins/schemas';

const LocationParams = z.object({ locationId: z.string().min(1).max(100) });
/** roleId omitted (or empty: "all services") lists every partner role. */
const RoleIdQuery = z.object({ roleId: z.preprocess((v) => (v === '' ? undefined : v), PartnerRoleNameSchema.optional()) });

/**
 * The local-professionals search (consumer spec §2): public, outside the session scope. Only
 * verified partners — approved, and whose user still holds the role — serving the location.
 */
export default async function partnerDirectoryRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  r.get(
    '/api/partners/location/:locationId',
    { schema: { tags: ['partners'], params: LocationParams, querystring: RoleIdQuery, response: { 200: z.array(LocalPartner), ...errorResponses(400, 404) } } },
    async (request) => {
      if (!locationById(request.params.locationId)) throw notFound('Location not found');
      const partners = await partnersInLocation(store, request.params.locationId, request.query.roleId);
      if (partners.length === 0) return [];
      const [userById, locations] = await Promise.all([
        usersById(
          store,
          partners.map((p) => p.userId),
        ),
        locationsOfPartners(
          store,
          partners.map((p) => p._id),
        ),
      ]);
      return partners.flatMap((p): LocalPartner[] => {
        const user = userById.get(p.userId);
        if (!user?.roles.includes(p.role)) return [];
        const served = (locations.get(p._id) ?? []).flatMap((l) => {
          const location = locationById(l.locationId);
          return location ? [{ id: location.id, cityName: location.cityName, region: location.region }] : [];
        });
        return [
          {
            id: p._id,
            businessName: p.businessName,
            roleId: p.role,
            roleName: roleLabels[p.role],
            role: { id: p.role, name: roleLabels[p.role] },
            licenseNumber: p.licenseNumber,
            experienceYears: p.experienceYears,
            businessDescription: p.businessDescription,
            bio: p.bio,
            contactEmail: p.contactEmail,
            contactPhone: p.contactPhone,
            profileImage: p.profileImage,
            companyImage: p.companyImage,
            officeSize: p.officeSize,
            videoLink: p.videoLink,
            locations: served,
            user: { firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl },
            demo: p.demo ?? false,
          },
        ];
      });
    },
  );
}
