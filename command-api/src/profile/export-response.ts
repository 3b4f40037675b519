import { exportFileName } from '@kainga/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { idempotencyKeyOf, metadataOf } from '../plugins/actor';
import { exportArchive } from './export-archive';
import type { ExportScope } from './export-scope';
import { recordExport } from './export-record';

/**
 * Records the export, then streams the archive as a download. Shared by the person's own route
 * and the admin's: the same archive, recorded with who made it and (for an admin) why.
 */
export async function sendExport(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, scope: ExportScope, reason: string | null) {
  const metadata = metadataOf(request);
  await recordExport(deps.stores.eventStore, scope.user._id, reason, { idempotencyKey: idempotencyKeyOf(request), metadata });
  const at = new Date(metadata.occurredAt);
  const body = await exportArchive(deps.stores, scope, at, reason === null ? 'self' : 'admin');
  body.on('error', (err) => request.log.error({ err }, 'the personal data export failed part way'));
  return reply
    .header('cache-control', 'no-store')
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${exportFileName(at)}"`)
    .send(body);
}
