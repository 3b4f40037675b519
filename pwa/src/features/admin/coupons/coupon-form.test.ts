import { describe, expect, it } from 'vitest';
import { CreateCouponRequest } from '@kainga/contracts';
import { COUPON_DISCOUNT_VALUE_MISSING, COUPON_NOTHING_OFFERED, COUPON_VALID_UNTIL_MESSAGE } from '@kainga/contracts/browser';
import type { FieldValidator } from '../../../forms/validators';
import { couponFormDefaults, couponRequestFromForm, couponValidators as v, discountValueProblem, offerProblem, validUntilProblem } from './coupon-form';
import { discountLabel, redeemerName, redemptionsLabel, trialDaysLabel, validUntilLabel } from './coupons';

const valid = { code: 'LAUNCH20', discountType: 'percentage', discountValue: 20, validFrom: '2026-11-01T00:00:00.000Z' };
/** The first message CreateCouponRequest gives for `field` set to `value` in an otherwise valid body, or null. */
function schemaMessage(field: string, value: unknown, base: object = valid): string | null {
  const r = CreateCouponRequest.safeParse({ ...base, [field]: value });
  return r.success ? null : (r.error.issues.find((i) => i.path[0] === field)?.message ?? null);
}
function same(validator: FieldValidator, field: string, values: unknown[]) {
  for (const x of values) expect(validator(x), JSON.stringify(x)).toBe(schemaMessage(field, x));
}

describe('coupon form validators match CreateCouponRequest', () => {
  it('code: 3–32 letters, digits, - or _', () => same(v.code, 'code', [undefined, '', 'AB', 'ABC', 'launch-20_x', 'TEN OFF', 'x'.repeat(32), 'x'.repeat(33), 'ÄBC']));
  it('trial days and max redemptions: whole numbers in range, blank allowed', () => {
    same(v.freeTrialDays, 'freeTrialDays', [undefined, 0, 14, 365, 366, -1, 1.5]);
    same(v.maxRedemptions, 'maxRedemptions', [undefined, null, 1, 5, 0, 2.5]);
  });
  it('the discount’s value, for its type', () => {
    for (const [type, value] of [
      ['percentage', 0],
      ['percentage', 1],
      ['percentage', 100],
      ['percentage', 101],
      ['amount', 0],
      ['amount', 0.01],
      ['amount', 10.005],
      ['amount', 50],
    ] as const) {
      expect(discountValueProblem(type, value), `${type} ${value}`).toBe(schemaMessage('discountValue', value, { ...valid, discountType: type }));
    }
    expect(discountValueProblem('percentage', null)).toBe(COUPON_DISCOUNT_VALUE_MISSING);
    expect(discountValueProblem('none', null)).toBeNull();
  });
  it('a coupon offers something; its last day is not before its first', () => {
    expect(offerProblem('none', 0)).toBe(COUPON_NOTHING_OFFERED);
    expect(offerProblem('none', 14)).toBeNull();
    expect(offerProblem('amount', 0)).toBeNull();
    expect(validUntilProblem('2026-11-10', '2026-11-09')).toBe(COUPON_VALID_UNTIL_MESSAGE);
    expect(validUntilProblem('2026-11-10', '2026-11-10')).toBeNull();
    expect(validUntilProblem('2026-11-10', undefined)).toBeNull();
    expect(v.validFrom(undefined)).not.toBeNull();
    expect(v.validFrom('2026-11-10')).toBeNull();
  });
});

describe('coupon form values', () => {
  it('builds a body the contract accepts: whole days, the last one included', () => {
    // Noon on 25 November in Auckland: the default first day is that New Zealand day.
    const body = couponRequestFromForm({ ...couponFormDefaults(new Date('2026-11-24T23:00:00Z')), code: ' launch20 ', discountValue: 20, maxRedemptions: null, validUntil: '2026-11-30' });
    const parsed = CreateCouponRequest.parse(body);
    expect(parsed).toMatchObject({ code: 'LAUNCH20', discountType: 'percentage', discountValue: 20, freeTrialDays: 0, maxRedemptions: null, isActive: true });
    // Days start at midnight in New Zealand (NZDT, UTC+13).
    expect(parsed.validFrom).toBe('2026-11-24T11:00:00.000Z');
    expect(parsed.validUntil).toBe('2026-11-30T11:00:00.000Z');
    expect(validUntilLabel(parsed.validUntil)).toBe('30 Nov 2026');
  });
  it('sends no discount for a trial-only coupon, whatever value was typed before', () => {
    const body = couponRequestFromForm({ code: 'TRIAL14', discountType: 'none', discountValue: 20, freeTrialDays: 14, validFrom: '2026-11-25' });
    expect(CreateCouponRequest.parse(body)).toMatchObject({ discountType: null, discountValue: null, freeTrialDays: 14, validUntil: null });
  });
});

describe('coupon list words', () => {
  it('says the discount, trial, uses and who redeemed', () => {
    expect(discountLabel({ discountType: 'percentage', discountValue: 20 })).toBe('20% off');
    expect(discountLabel({ discountType: 'amount', discountValue: 50 })).toBe('$50 off');
    expect(discountLabel({ discountType: null, discountValue: null })).toBe('—');
    expect([trialDaysLabel(0), trialDaysLabel(1), trialDaysLabel(14)]).toEqual(['—', '1 day', '14 days']);
    expect([redemptionsLabel({ currentRedemptions: 3, maxRedemptions: 5 }), redemptionsLabel({ currentRedemptions: 3, maxRedemptions: null })]).toEqual(['3 / 5', '3 / unlimited']);
    expect(validUntilLabel(null)).toBe('No end');
    expect(redeemerName({ userId: 'u', user: { email: 'a@example.nz', firstName: 'Tama', lastName: 'Broker' } })).toBe('Tama Broker');
    expect(redeemerName({ userId: 'u', user: { email: 'a@example.nz', firstName: null, lastName: null } })).toBe('a@example.nz');
  });
});
