import { LoginRequest, RegisterRequest, User } from '@kainga/contracts';
import { CommandError } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdByEmail, registerAccount } from '../accounts/accounts';
import type { AppDeps } from '../deps';
import { idempotencyKeyOf, loadUser, metadataOf } from '../plugins/actor';
import { refuseCrossSite } from '../plugins/cross-site';
import { errorResponses } from '../plugins/schemas';
import { rateLimitKey } from '../plugins/security';
import type { LoginThrottle } from './login-throttle';
import { verifyAgainstNothing, verifyPassword } from './password';
import { createHash } from 'node:crypto';
import adminEmailRoutes, { afterSignIn } from './admin-email-routes';
import { safeReturnTo, signIn } from './sign-in';

const ReturnToQuery = z.object({ returnTo: z.string().max(2000).optional() });

export default async function authRoutes(app: FastifyInstance, { deps, throttle }: { deps: AppDeps; throttle: LoginThrottle }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };
  await app.register(adminEmailRoutes, { deps });

  r.get('/api/login', { schema: { tags: ['auth'], summary: 'The sign-in screen', querystring: ReturnToQuery } }, async (request, reply) =>
    reply.redirect(`/sign-in?returnTo=${encodeURIComponent(safeReturnTo(request.query.returnTo))}`),
  );

  // A navigation (the spec's sign-out link), so a GET; a link or image on another site must not
  // sign anyone out, so the browser's word on where it came from is checked first.
  r.get('/api/logout', { schema: { tags: ['auth'], summary: 'Signs out and goes home', response: errorResponses(403) } }, async (request, reply) => {
    refuseCrossSite(request, deps.config.PUBLIC_URL);
    if (request.session.userId) await request.session.destroy();
    return reply.redirect('/');
  });

  r.post(
    '/api/auth/register',
    { config: authLimit, schema: { tags: ['auth'], body: RegisterRequest, response: { 201: User, ...errorResponses(400, 409, 413, 415, 429) } } },
    async (request, reply) => {
      const { email, password, firstName, lastName } = request.body;
      const { userId } = await registerAccount(deps, { email, password, firstName, lastName, provider: 'password' }, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      await signIn(request, userId, 'password');
      await afterSignIn(deps, request, userId);
      return reply.status(201).send((await loadUser(deps, userId))!);
    },
  );

  r.post(
    '/api/auth/login',
    { config: authLimit, schema: { tags: ['auth'], body: LoginRequest, response: { 200: User, ...errorResponses(400, 401, 413, 415, 429) } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const account = createHash('sha256').update(email).digest('hex');
      // Counted as the per-address limits count it: an IPv6 client's whole /64 is one address.
      const address = rateLimitKey(request);
      const wait = throttle.retryAfter(account, address);
      if (wait > 0) {
        reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw new CommandError('too_many', `Too many sign-in attempts. Please wait ${Math.ceil(wait / 60_000)} minutes and try again.`);
      }
      const userId = await accountIdByEmail(deps, email);
      const hash = userId ? await deps.stores.credentials.get(userId) : null;
      const ok = hash ? await verifyPassword(password, hash) : await verifyAgainstNothing(password);
      const user = ok && userId ? await loadUser(deps, userId) : null;
      if (!user) {
        throttle.fail(account, address);
        throw new CommandError('unauthenticated', 'Incorrect email or password.');
      }
      throttle.succeed(account, address);
      await signIn(request, user.id, 'password');
      await afterSignIn(deps, request, user.id);
      return (await loadUser(deps, user.id))!;
    },
  );
}
