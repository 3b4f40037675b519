import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import profileRoutes from './accounts/routes';
import adminPropertyRoutes from './admin/properties-routes';
import adminUserRoutes from './admin/users-routes';
import oauthRoutes from './auth/oauth-routes';
import authRoutes from './auth/routes';
import signedInHint from './auth/signed-in-hint';
import type { AppDeps } from './deps';
import healthRoutes from './health/routes';
import publicRoutes from './public/routes';
import valuationRoutes from './valuations/routes';
import actor from './plugins/actor';
import errorHandler from './plugins/error-handler';
import openapi from './plugins/openapi';
import pwaStatic from './plugins/pwa-static';
import security from './plugins/security';
import sessions from './plugins/sessions';

/** Largest JSON body accepted; uploads (later) have their own limits. */
export const BODY_LIMIT = 64 * 1024;

/** The whole HTTP app: plugins per concern, routes per area. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandler);
  await app.register(openapi);
  await app.register(security, { deps });
  await app.register(sessions, { deps });
  await app.register(signedInHint, { maxAgeSeconds: deps.config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 });
  await app.register(actor, { deps });

  await app.register(healthRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(oauthRoutes, { deps });
  await app.register(profileRoutes, { deps });
  await app.register(adminUserRoutes, { deps });
  await app.register(adminPropertyRoutes, { deps });
  await app.register(publicRoutes, { deps });
  await app.register(valuationRoutes, { deps });

  await app.register(pwaStatic, { pwaDir: deps.pwaDir });
  return app as unknown as FastifyInstance;
}
