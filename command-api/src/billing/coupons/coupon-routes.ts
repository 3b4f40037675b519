import type { UserDoc } from '@kainga/contracts';
import { COUPON_NOT_FOUND_MESSAGE, CouponRedemptionView, CouponView, CreateCouponRequest, UpdateCouponRequest } from '@kainga/contracts';
import { notFound } from '@kainga/platform';
import { couponById, listCoupons, redemptionsOfCoupon, USERS } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentUser, idempotencyKeyOf, metadataOf, routeGuard } from '../../plugins/actor';
import { errorResponses } from '../../plugins/schemas';
import { createCoupon, setCouponActive, toCouponView } from './coupon-commands';

const CouponIdParams = z.object({ couponId: z.string().min(1).max(100) });

/**
 * Coupon codes in /admin (spec 001 §1 "Coupon codes exist", §3 coupon_codes and
 * coupon_redemptions): admins create them, list them with their current uses, switch them off or
 * on, and see who redeemed each one. Admin only (admin:advertising, as plans and subscriptions).
 */
export default async function couponRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.stores.readStore;

  r.post(
    '/api/admin/coupons',
    {
      preHandler: routeGuard('POST /api/admin/coupons'),
      schema: { tags: ['admin'], summary: 'Creates a coupon code (the code unique, any case)', body: CreateCouponRequest, response: { 201: CouponView, ...errorResponses(400, 401, 403, 409, 413, 415) } },
    },
    async (request, reply) => reply.status(201).send(await createCoupon(deps, request.body, currentUser(request).id, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) })),
  );

  r.get(
    '/api/admin/coupons',
    { preHandler: routeGuard('GET /api/admin/coupons'), schema: { tags: ['admin'], summary: 'Every coupon, newest first, with its current redemptions', response: { 200: z.array(CouponView), ...errorResponses(401, 403) } } },
    async () => (await listCoupons(store)).map(toCouponView),
  );

  r.patch(
    '/api/admin/coupons/:couponId',
    {
      preHandler: routeGuard('PATCH /api/admin/coupons/:couponId'),
      schema: { tags: ['admin'], summary: 'Switches a coupon off or on', params: CouponIdParams, body: UpdateCouponRequest, response: { 200: CouponView, ...errorResponses(400, 401, 403, 404, 409, 413, 415) } },
    },
    async (request) => setCouponActive(deps, request.params.couponId, request.body.isActive, currentUser(request).id, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) }),
  );

  r.get(
    '/api/admin/coupons/:couponId/redemptions',
    {
      preHandler: routeGuard('GET /api/admin/coupons/:couponId/redemptions'),
      schema: { tags: ['admin'], summary: 'A coupon’s redemptions, newest first, with who redeemed it', params: CouponIdParams, response: { 200: z.array(CouponRedemptionView), ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      const { couponId } = request.params;
      if (!(await couponById(store, couponId))) throw notFound(COUPON_NOT_FOUND_MESSAGE);
      const rows = await redemptionsOfCoupon(store, couponId);
      const userIds = [...new Set(rows.map((row) => row.userId))];
      const users = userIds.length === 0 ? [] : await store.collection<UserDoc & { _id: string }>(USERS).find({ _id: { $in: userIds } });
      const byId = new Map(users.map((u) => [u._id, u]));
      return rows.map((row): CouponRedemptionView => {
        const user = byId.get(row.userId);
        return {
          id: row._id,
          couponId: row.couponId,
          userId: row.userId,
          subscriptionId: row.subscriptionId,
          redeemedAt: row.redeemedAt,
          user: user ? { email: user.email, firstName: user.firstName || null, lastName: user.lastName || null } : null,
        };
      });
    },
  );
}
