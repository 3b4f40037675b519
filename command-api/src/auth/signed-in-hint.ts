import { SIGNED_IN_HINT_COOKIE } from '@kainga/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Keeps the signed-in hint cookie (contracts/src/signed-in-hint.ts) in step with the session on
 * every answer: set while the session holds a user, cleared once it does not. Checking on every
 * answer rather than in the sign-in and sign-out routes covers each way a session starts or ends
 * (email, registration, OAuth, sign-out, expiry, an account that is gone) and sessions that began
 * before the hint existed. Its lifetime is the session cookie's.
 *
 * An answer sent before its scope knows who is asking (refused by validation, a too-large body,
 * a wrong content type: all before the user is resolved in preHandler) leaves the hint alone:
 * read as "signed out", it would clear the hint of a session that lives, and the next page load
 * would show a signed-in person "Sign In".
 */
export default fp(async function signedInHint(
  app: FastifyInstance,
  /**
   * signedIn: whether the answer leaves the request signed in (its scope knows: a session or a
   * resolved user); undefined while the scope has not yet looked.
   */
  { maxAgeSeconds, signedIn: isSignedIn }: { maxAgeSeconds: number; signedIn: (request: FastifyRequest) => boolean | undefined },
) {
  // Synchronous: a promise per answer for what is nearly always nothing to do.
  app.addHook('onSend', (request, reply, payload, done) => {
    // An answer sent before the cookies were parsed (a request refused in onRequest) has none.
    const hint = request.cookies?.[SIGNED_IN_HINT_COOKIE];
    const signedIn = isSignedIn(request);
    if (signedIn === undefined) return done(null, payload);
    const hinted = hint === '1';
    if (signedIn && !hinted) {
      reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure: request.protocol === 'https', httpOnly: false, maxAge: maxAgeSeconds });
    } else if (!signedIn && hint !== undefined) {
      reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
    }
    done(null, payload);
  });
});
