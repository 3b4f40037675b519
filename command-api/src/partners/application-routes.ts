import { ApplyApplicationRequest, EnquiryApplicationRequest, PartnerApplicationView, RejectApplicationRequest } from '@kainga/contracts';
import { allApplications } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';
import { approveApplication, rejectApplication, requireApplication, submitApplication, type ApplicationInput } from './applications';
import { applicationView, usersById } from './partner-views';

/**
 * The body of POST /api/partner-applications: the /partner-enquiry form when it names
 * `requestedLocationIds`, else the /apply form, each validated with its own schema so each
 * form's person reads that form's messages.
 */
const ApplicationBody = z
  .unknown()
  .transform((body, ctx): ApplicationInput => {
    const enquiry = typeof body === 'object' && body !== null && Object.hasOwn(body, 'requestedLocationIds');
    const result = enquiry ? EnquiryApplicationRequest.safeParse(body) : ApplyApplicationRequest.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue });
      return z.NEVER;
    }
    return enquiry ? { form: 'enquiry', body: result.data as EnquiryApplicationRequest } : { form: 'apply', body: result.data as ApplyApplicationRequest };
  })
  .meta({ description: 'The /apply form (ApplyApplicationRequest, `requestedLocationId`) or the /partner-enquiry form (EnquiryApplicationRequest, `requestedLocationIds`).' });

const ApplicationIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export default async function applicationRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctxOf = (request: Parameters<typeof metadataOf>[0]) => ({ idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
  const viewOf = async (applicationId: string) => {
    const doc = await requireApplication(deps, applicationId);
    return applicationView(doc, (await usersById(deps.stores.readStore, [doc.userId])).get(doc.userId));
  };

  r.post(
    '/api/partner-applications',
    {
      preHandler: routeGuard('POST /api/partner-applications'),
      schema: { tags: ['partners'], summary: 'Applies to become a partner (/apply or /partner-enquiry)', body: ApplicationBody, response: { 201: PartnerApplicationView, ...errorResponses(400, 401, 409, 413, 415) } },
    },
    async (request, reply) => {
      const applicationId = await submitApplication(deps, currentUser(request), request.body, ctxOf(request));
      return reply.status(201).send(await viewOf(applicationId));
    },
  );

  /** Every application, newest first: the admin screen shows the pending ones and the first 5 processed (a small list, answered whole). */
  r.get(
    '/api/admin/partner-applications',
    { preHandler: routeGuard('GET /api/admin/partner-applications'), schema: { tags: ['admin'], response: { 200: z.array(PartnerApplicationView), ...errorResponses(401, 403) } } },
    async () => {
      const docs = await allApplications(deps.stores.readStore);
      const users = await usersById(
        deps.stores.readStore,
        docs.map((d) => d.userId),
      );
      return docs.map((d) => applicationView(d, users.get(d.userId)));
    },
  );

  r.post(
    '/api/admin/partner-applications/:id/approve',
    {
      preHandler: routeGuard('POST /api/admin/partner-applications/:id/approve'),
      schema: { tags: ['admin'], summary: 'Approves a pending application: the applicant becomes a partner', params: ApplicationIdParams, response: { 200: PartnerApplicationView, ...errorResponses(401, 403, 404, 409) } },
    },
    async (request) => {
      await approveApplication(deps, request.params.id, ctxOf(request));
      return viewOf(request.params.id);
    },
  );

  r.post(
    '/api/admin/partner-applications/:id/reject',
    {
      preHandler: routeGuard('POST /api/admin/partner-applications/:id/reject'),
      schema: { tags: ['admin'], summary: 'Rejects a pending application with a reason', params: ApplicationIdParams, body: RejectApplicationRequest, response: { 200: PartnerApplicationView, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      await rejectApplication(deps, request.params.id, request.body.reason, ctxOf(request));
      return viewOf(request.params.id);
    },
  );
}
