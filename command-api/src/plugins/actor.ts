import type { EventMetadata, Permission, RouteKey, User, UserDoc } from '@kainga/contracts';
import { hasPermission, routeAccess } from '@kainga/contracts';
import { CommandError, invalid, loadAggregate, oncePerFrozen } from '@kainga/platform';
import { findUser } from '@kainga/projections';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { userDecider, userStream } from '../accounts/user';
import { toUser } from '../auth/effective-roles';
import { PARTNER_ACCESS_REQUIRED } from '../partners/active-partner';
import type { AppDeps } from '../deps';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
  interface FastifyRequest {
    /** The signed-in user, with effective roles; null when signed out. */
    user: User | null;
  }
}

/**
 * Loads the signed-in user once per request from the `users` read model (falling back to the
 * user's own stream if the projection has not caught up yet) and gives routes one guard.
 */
export default fp(async function actor(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.decorateRequest('user', null);
  // Callback style: a signed-out request (most of them) passes without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const userId = request.session?.userId;
    if (!userId) return done();
    loadUser(deps, userId)
      .then(async (user) => {
        request.user = user;
        // The account behind a session can no longer be found: treat the session as signed out.
        if (!user) await request.session.destroy();
      })
      .then(() => done(), done);
  });
});

export async function loadUser(deps: AppDeps, userId: string): Promise<User | null> {
  const doc = await findUser(deps.stores.readStore, userId);
  if (doc) return userOf(doc);
  const { state } = await loadAggregate(deps.stores.eventStore, userDecider, userStream(userId));
  if (state.status !== 'registered') return null;
  return toUser({ _id: state.userId, ...state, updatedAt: state.createdAt });
}

/**
 * The User of each frozen users document, made once (`oncePerFrozen`): a signed-in person's
 * requests share one frozen User instead of building one and copying its roles on each. A user
 * who changes is a new document. A User made from a document that could change is not shared,
 * so it is not frozen either.
 */
const userOf = oncePerFrozen((doc: UserDoc): User => {
  const user = toUser(doc);
  if (Object.isFrozen(doc)) {
    Object.freeze(user.roles);
    Object.freeze(user);
  }
  return user;
});

// Built once: these answers need no stack, and capturing one on every refused request costs
// more than the rest of the refusal.
const signInFirst = new CommandError('unauthenticated', 'Please sign in to continue.');
const notAllowed = new CommandError('forbidden', 'You do not have permission to do that.');

/**
 * The one server-side guard: signed in, and holding the permission when one is named. `refusal`
 * replaces the generic 403 message where a screen has its own words for it.
 */
export function requireUser(permission?: Permission, refusal?: string) {
  const refused = refusal ? new CommandError('forbidden', refusal) : notAllowed;
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    if (!request.user) return done(signInFirst);
    if (permission && !hasPermission(request.user.roles, permission)) return done(refused);
    done();
  };
}

/**
 * The guard of a route from contracts' route table (routeAccess): requireUser with the table's
 * permission (none for 'signed-in'); a partner-dashboard route refuses with activePartner's words. A public route has no guard, so asking for one is a mistake.
 */
export function routeGuard(key: RouteKey) {
  const access = routeAccess[key];
  if (access.caller === 'public') throw new Error(`${key} is public in the route table: it has no guard.`);
  const permission = access.caller === 'signed-in' ? undefined : access.caller;
  return requireUser(permission, 'activePartner' in access ? PARTNER_ACCESS_REQUIRED : undefined);
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new CommandError('unauthenticated', 'Please sign in to continue.');
  return request.user;
}

/** Event metadata for a command issued by this request. */
export function metadataOf(request: FastifyRequest): EventMetadata {
  return {
    actorId: request.user?.id ?? null,
    actorRoles: request.user?.roles ?? [],
    correlationId: request.id,
    causationId: null,
    occurredAt: new Date().toISOString(),
  };
}

/** What an Idempotency-Key may be: 8 to 255 printable ASCII characters (a UUID is a good one). */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{8,255}$/;

/** Said when a request's Idempotency-Key cannot be used. */
export const BAD_IDEMPOTENCY_KEY = 'The Idempotency-Key header must be a key of 8 to 255 printable ASCII characters (a UUID is a good key).';

/**
 * The client's Idempotency-Key header (scoped to the account), or the request id (which never
 * repeats) when there is none. A key that cannot be used is refused with a 400: ignoring it, as
 * this once did for keys outside `[\w.:-]{8,128}`, left the client believing a retry was safe
 * while it ran the command again: a second valuation or checkout, or a 409 for its own registration.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return request.id;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw invalid(BAD_IDEMPOTENCY_KEY);
  return `${request.user?.id ?? 'anon'}:${key}`;
}
