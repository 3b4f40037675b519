import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps';

const Ready = z.object({
  status: z.literal('ready'),
  eventStore: z.string(),
  readStore: z.string(),
  projections: z.array(z.object({ name: z.string(), position: z.string().nullable(), caughtUp: z.boolean(), lastError: z.string().nullable() })),
});

/** Liveness (the process answers) and readiness (both stores answer, no projection is failing). */
export default async function healthRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
  r.get('/api/ready', { config: { rateLimit: false }, schema: { tags: ['health'] } }, async (_request, reply) => {
    try {
      await Promise.all([deps.stores.eventStore.headPosition(), deps.stores.readStore.ping()]);
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ message: 'A data store is not reachable.' });
    }
    const projections = deps.projectionStatus?.() ?? [];
    const failing = projections.filter((p) => p.lastError);
    if (failing.length) return reply.status(503).send({ message: `Projection ${failing.map((p) => p.name).join(', ')} is failing: ${failing[0]!.lastError}` });
    return Ready.parse({ status: 'ready', ...deps.stores.describe, projections });
  });
}
