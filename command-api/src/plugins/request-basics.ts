import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import type { Logger } from '@kainga/platform';
import { LazyRequestLogger, OneLinePerRequest } from './request-log';
import securityHeaders from './security-headers';

/**
 * What every answer of the API pays whatever its route: a request id, one log line and the
 * security headers. app.ts builds on these; `npm run bench:scale` also runs them alone beside the
 * bare route (ops/src/bench/scale/basics-server.ts), so its table shows how much of each route's
 * cost is this fixed part rather than the route's own.
 */

/**
 * Fastify's options for the request id and the log line. The id is always this server's own
 * random UUID, echoed as `x-request-id`: it is the correlation id of the events a request records
 * and, without an Idempotency-Key, the command's idempotency key, so it must never repeat. Taking
 * a client's `x-request-id` instead let anyone choose it: a second registration sent with the same
 * header was refused as a reuse of an Idempotency-Key nobody sent.
 */
export function requestBasicsOptions(logger: Logger) {
  return {
    loggerInstance: logger as FastifyBaseLogger,
    requestIdHeader: false as const,
    genReqId: () => randomUUID(),
    // One line per request instead of Fastify's two (see request-log.ts).
    logController: new OneLinePerRequest(logger),
    // request.log made only when a request logs something of its own (see request-log.ts).
    childLoggerFactory: (parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: object) =>
      new LazyRequestLogger(parent as Logger, bindings, options as Record<string, unknown>) as unknown as FastifyBaseLogger,
  };
}

/** The request id on every answer (set up front, in a synchronous hook: error answers keep it too) and the security headers. */
export default fp(async function requestBasics(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(securityHeaders);
});
