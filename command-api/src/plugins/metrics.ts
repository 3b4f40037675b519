import { METRICS_PATH, metricsEnabled, metricsExposition, metricsRefusal, observeRequest } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';

export const METRICS_NOT_HERE = 'Metrics are not served on this port: they are on METRICS_PORT, or here with a METRICS_TOKEN bearer token (docs/operations.md, Metrics).';

/**
 * Prometheus metrics of the HTTP side (docs/operations.md#metrics):
 * - with metrics on (METRICS_PORT or METRICS_TOKEN set), every answer's time is observed by
 *   method, route template and status (an onResponse hook, after the answer has gone);
 * - GET /metrics on this, the public, port only with METRICS_TOKEN as a bearer token (401
 *   otherwise); without a token it answers 404 here, whatever METRICS_PORT says, so the web app's
 *   shell is never served in its place.
 */
export default fp(async function metrics(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const token = deps.config.METRICS_TOKEN;
  if (metricsEnabled(deps.config)) {
    // A callback hook, not an async one: no promise per request on the hot read routes.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (route !== METRICS_PATH) observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token === undefined) return reply.status(404).send({ message: METRICS_NOT_HERE });
    const refusal = metricsRefusal(token, request.headers.authorization);
    if (refusal) return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: refusal });
    const { contentType, body } = await metricsExposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
});
