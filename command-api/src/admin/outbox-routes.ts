import { AdminOutboxPage, AdminOutboxQuery } from '@kainga/contracts';
import { outboxDirOf, readOutbox } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { routeGuard } from '../plugins/actor';
import { errorResponses } from '../plugins/schemas';

/**
 * The admin's view of the email outbox (DESIGN.md: in the embedded run, email is `.eml` files in
 * DATA_DIR/outbox, visible to admins). With SMTP_URL set, mail leaves through the SMTP server and
 * no copy is kept, so the answer is an empty page with `delivery: 'smtp'`.
 */
export default async function adminOutboxRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The folder the outbox sender writes to (platform's emailSenderFor).
  const outbox = outboxDirOf(deps.config);

  r.get(
    '/api/admin/outbox',
    {
      preHandler: routeGuard('GET /api/admin/outbox'),
      schema: {
        tags: ['admin'],
        description: 'One page of the emails written to the outbox, newest first (`page` from 1, `pageSize` 1–100, 50 when not given). With SMTP configured: an empty page, `delivery: "smtp"`.',
        querystring: AdminOutboxQuery,
        response: { 200: AdminOutboxPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (deps.config.SMTP_URL) return { delivery: 'smtp' as const, total: 0, messages: [] };
      const { page, pageSize } = request.query;
      // Oldest first from the folder; a small folder read whole (the embedded run's mail).
      const all = (await readOutbox(outbox)).reverse();
      const messages = all.slice((page - 1) * pageSize, page * pageSize).map((m) => ({
        id: m.file.replace(/\.eml$/, ''),
        to: m.to,
        subject: m.subject,
        date: Number.isNaN(m.date.getTime()) ? new Date(0).toISOString() : m.date.toISOString(),
        text: m.text,
      }));
      return { delivery: 'outbox' as const, total: all.length, messages };
    },
  );
}
