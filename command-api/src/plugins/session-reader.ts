import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import { loadUser } from './actor';
import { SESSION_COOKIE, type SessionParts } from './sessions';

/**
 * Who is asking, for the routes that never change a session (every signed-in route but
 * sign-in, registration, sign-out, OAuth and admin-email links, which run in @fastify/session's
 * scope: sessions.ts). The session cookie is checked with the signer @fastify/session signs it
 * with and the session is read from the same store, with the same expiry; @fastify/session still
 * makes, regenerates, saves and destroys every session. What this scope saves is the mutable
 * Session object @fastify/session builds for each request it sees, whether or not anything
 * changes: its Cookie, its copies of the options, and a sha256 of the session's JSON on the way
 * in and again on the way out — about half of a signed-in read's own CPU when measured
 * (GET /api/auth/user: 103 µs a request beside 25 µs for /api/health). `request.session` does not
 * exist here: a route that must change the session belongs in the other scope.
 */
export default fp(async function sessionReader(app: FastifyInstance, { deps, parts }: { deps: AppDeps; parts: SessionParts }) {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('userResolved', false);
  // A route here that reaches for the session is registered in the wrong scope: say so plainly.
  app.decorateRequest('session', {
    getter() {
      throw new Error('request.session is not available in the session reader scope: register this route in the session scope (app.ts)');
    },
  });
  // Callback style: a request without a session cookie passes without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    request.userResolved = true;
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return done();
    const sid = parts.signer.unsign(cookie);
    if (!sid.valid || sid.value === null) return done();
    signedInUser(deps, parts, sid.value)
      .then((user) => {
        request.user = user;
      })
      .then(() => done(), done);
  });
});

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether this scope has looked for the request's user yet (preHandler): an answer sent
     * before then (refused by validation, a too-large body) does not know who is asking.
     */
    userResolved: boolean;
  }
}

async function signedInUser(deps: AppDeps, parts: SessionParts, sid: string) {
  const userId = (await parts.store.read(sid))?.userId;
  if (!userId) return null;
  const user = await loadUser(deps, userId);
  // The account behind the session can no longer be found: the session ends, as in actor.ts.
  if (!user) await parts.store.forget(sid);
  return user;
}
