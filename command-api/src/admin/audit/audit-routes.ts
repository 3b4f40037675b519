import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import eventsRoute from './events-route';
import exportRoute from './export-route';
import streamRoute from './stream-route';

/** The admin's event history (issue 12): the log filtered and paged, one stream's timeline, and the export. */
export default async function adminAuditRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(eventsRoute, { deps });
  await app.register(streamRoute, { deps });
  await app.register(exportRoute, { deps });
}
