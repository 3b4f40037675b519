import type { CouponView, CreateCouponRequest } from '@kainga/contracts';
import { COUPON_NOT_FOUND_MESSAGE, couponStream } from '@kainga/contracts';
import { CommandError, handleCommand, notFound, waitForProjection, type CommandContext } from '@kainga/platform';
import { couponById, type CouponDoc } from '@kainga/projections';
import type { AppDeps } from '../../deps';
import { couponDecider, couponIdFor } from './coupon';

type Deps = Pick<AppDeps, 'stores'>;

export function toCouponView(doc: CouponDoc): CouponView {
  return {
    id: doc._id,
    code: doc.code,
    description: doc.description,
    discountType: doc.discountType,
    discountValue: doc.discountValue,
    freeTrialDays: doc.freeTrialDays,
    maxRedemptions: doc.maxRedemptions,
    currentRedemptions: doc.currentRedemptions,
    validFrom: doc.validFrom,
    validUntil: doc.validUntil,
    isActive: doc.isActive,
    createdBy: doc.createdBy,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Answers the coupon as the read model has it once it holds the command's events. */
async function couponAfter(deps: Deps, couponId: string, position: string | null): Promise<CouponView> {
  await waitForProjection(deps.stores.readStore, 'coupons', position);
  const doc = await couponById(deps.stores.readStore, couponId);
  if (!doc) throw new CommandError('unavailable', 'The coupon was saved but is not readable yet. Please reload in a moment.');
  return toCouponView(doc);
}

/** POST /api/admin/coupons: a coupon for a code no coupon has (409 otherwise; the code's stream is its reservation). */
export async function createCoupon(deps: Deps, request: CreateCouponRequest, by: string, ctx: CommandContext): Promise<CouponView> {
  const { isActive, ...terms } = request;
  const result = await handleCommand(deps.stores.eventStore, couponDecider, couponStream(terms.code), { type: 'CreateCoupon', terms, isActive, by, at: ctx.metadata.occurredAt }, ctx);
  return couponAfter(deps, couponIdFor(terms.code), result.position);
}

/** PATCH /api/admin/coupons/{couponId} {isActive}: switches a coupon off (checkouts refuse it) or on again. */
export async function setCouponActive(deps: Deps, couponId: string, isActive: boolean, by: string, ctx: CommandContext): Promise<CouponView> {
  // The id leads to the code through the read model; a coupon it does not list yet is not found.
  const doc = await couponById(deps.stores.readStore, couponId);
  if (!doc) throw notFound(COUPON_NOT_FOUND_MESSAGE);
  const result = await handleCommand(deps.stores.eventStore, couponDecider, couponStream(doc.code), { type: 'SetCouponActive', isActive, by, at: ctx.metadata.occurredAt }, ctx);
  return couponAfter(deps, couponId, result.position);
}
