import { type z } from 'zod';
import { describe, expect, it } from 'vitest';
import { domainEventUnions } from './domain-event-types';
import { personalDataRules } from './personal-fields';

/** Field names that hold a person's details wherever they appear. */
const PERSONAL_NAME = /email|phone|firstname|lastname|contactname|^address$|message|response|^bio$|businessname|description|licensenumber|image|videolink|^title$|ctaurl|^latitude$|^longitude$|^reason$/i;

/**
 * Fields named like personal ones that are not a person's: public sales records and the
 * comparables copied from them, the admins' plan and coupon texts, the system's own reasons.
 */
const NOT_PERSONAL: Record<string, string> = {
  'SaleRecorded.address': 'a public sales record (council data), not a person',
  'SaleRecorded.latitude': 'a public sales record',
  'SaleRecorded.longitude': 'a public sales record',
  'ComparablesResearched.comparables.address': 'the public sales a valuation compared with',
  'AdPlanCreated.plan.description': 'an admin-written plan',
  'AdPlanRevised.plan.description': 'an admin-written plan',
  'CouponCreated.terms.description': 'an admin-written coupon',
  'AdSubscriptionPaymentRetried.message': 'the card provider’s message',
  'AdSlotReleased.reason': 'why an advertising slot was given back',
  'LeadWindowOpened.messageDigest': 'a digest of the words keyed with the vault’s secret; the words are kept only in the lead (sealed)',
  'LeadRepeatRecorded.messageDigest': 'a digest of the words keyed with the vault’s secret; the words are kept only in the lead (sealed)',
  'ValuationFailed.reason': 'the system’s reason (model or geocoder), no person’s words',
  'AdContentRejected.reason': 'the admin’s reason about an advert',
  'AdSubscriptionPaused.reason': 'the admin’s reason',
  'AdSubscriptionExpired.reason': 'the admin’s or billing’s reason',
  'AdSubscriptionPaymentFailed.message': 'the card provider’s message',
  'AdTrafficFiltered.reason': 'why traffic was filtered',
  'StripeWebhookRejected.reason': 'why a webhook could not be read',
  'LeadChargeDisputeResolved.note': 'the admin’s note on a dispute (the form asks for no personal detail)',
  'CouponRedemptionReleased.reason': 'why a checkout failed',
  'PersonalDataExported.reason': 'the admin’s reason for producing a copy',
  'PersonErased.reason': 'the admin’s reason for an erasure (the form asks for no personal detail)',
  'VisitorErased.reason': 'the admin’s reason for a visitor’s erasure (the form asks for no personal detail)',
};

/** Every field path of a zod object, objects and arrays of objects walked into. */
function paths(schema: z.ZodType, prefix = ''): string[] {
  const def = (schema as unknown as { def: { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodType[] } }).def;
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return paths(def.innerType!, prefix);
  if (def.type === 'array') return paths(def.element!, prefix);
  if (def.type === 'union') return def.options!.flatMap((o) => paths(o, prefix));
  if (def.type !== 'object') return [];
  const shape = (schema as z.ZodObject).shape;
  return Object.entries(shape).flatMap(([key, value]) => [`${prefix}${key}`, ...paths(value as z.ZodType, `${prefix}${key}.`)]);
}

describe('personal fields of events', () => {
  const events = domainEventUnions.flatMap((union) => union.options.map((option) => ({ type: option.shape.type.value as string, data: option.shape.data as z.ZodType })));

  it('lists every field named like a person’s details, or says why it is not one', () => {
    const unsealed = events.flatMap(({ type, data }) =>
      paths(data)
        .filter((path) => PERSONAL_NAME.test(path.split('.').at(-1)!))
        .filter((path) => !Object.keys(Object.assign({}, ...(personalDataRules[type] ?? []).map((g) => g.fields))).includes(path))
        .map((path) => `${type}.${path}`)
        .filter((where) => !(where in NOT_PERSONAL)),
    );
    expect(unsealed).toEqual([]);
  });

  it('names only event types and fields that exist', () => {
    const byType = new Map(events.map((e) => [e.type, new Set(paths(e.data))]));
    for (const [type, groups] of Object.entries(personalDataRules)) {
      expect(byType.has(type), type).toBe(true);
      for (const path of groups.flatMap((g) => Object.keys(g.fields))) expect(byType.get(type)!.has(path), `${type}.${path}`).toBe(true);
    }
    const unknown = Object.keys(NOT_PERSONAL).filter((where) => {
      const [type, ...rest] = where.split('.');
      return !byType.get(type!)?.has(rest.join('.'));
    });
    expect(unknown).toEqual([]);
  });
});
