import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import { MemoSigner } from './session-signer';
import { ReadStoreSessionStore } from './session-store';

export const SESSION_COOKIE = 'kainga.sid';

/** What @fastify/session and the read-only session reader share: one signer, one store. */
export interface SessionParts {
  signer: MemoSigner;
  store: ReadStoreSessionStore;
  maxAgeMs: number;
}

export function sessionParts(deps: AppDeps): SessionParts {
  const maxAgeMs = deps.config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
  return { signer: new MemoSigner(deps.sessionSecret), store: new ReadStoreSessionStore(deps.stores.readStore, maxAgeMs), maxAgeMs };
}

/**
 * Cookie sessions: HttpOnly, SameSite=Lax, Secure whenever the request came over TLS (directly
 * or, with TRUST_PROXY, through a proxy that says so), stored in the read store. Nothing is
 * stored until someone signs in (saveUninitialized: false). This scope holds the routes that
 * make, change or end a session (sign-in, registration, sign-out, OAuth, admin-email links);
 * every other signed-in route reads the same session through session-reader.ts.
 */
export default fp(async function sessions(app: FastifyInstance, { parts }: { parts: SessionParts }) {
  const { signer, store, maxAgeMs } = parts;
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: signer,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    rolling: false,
    store,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: maxAgeMs },
  });
});
