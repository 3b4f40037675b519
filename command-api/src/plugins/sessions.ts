import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import { MemoSigner } from './session-signer';
import { ReadStoreSessionStore } from './session-store';

export const SESSION_COOKIE = 'kainga.sid';

/**
 * Cookie sessions: HttpOnly, SameSite=Lax, Secure whenever the request came over TLS (directly
 * or, with TRUST_PROXY, through a proxy that says so), stored in the read store. Nothing is
 * stored until someone signs in (saveUninitialized: false).
 */
export default fp(async function sessions(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const maxAge = deps.config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
  const store = new ReadStoreSessionStore(deps.stores.readStore, maxAge);
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: new MemoSigner(deps.sessionSecret),
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    rolling: false,
    store,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge },
  });
  const sweeper = setInterval(() => {
    store.sweep().catch((err) => app.log.warn({ err }, 'session sweep failed'));
  }, 10 * 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
});
