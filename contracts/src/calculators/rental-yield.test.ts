import { describe, expect, it } from 'vitest';
import { calculateMortgage } from './mortgage';
import { RENTAL_DEFAULTS, calculateRentalYield, yieldLabel, type RentalInput } from './rental-yield';

const withDefaults = (propertyValue: number, weeklyRent: number): RentalInput => ({ propertyValue, weeklyRent, ...RENTAL_DEFAULTS });

describe('rental calculator constants (consumer spec §9)', () => {
  it('defaults: purchase costs 25000, rates 4000, insurance 1500, maintenance 3000, management 8 %, other 1000', () => {
    expect(RENTAL_DEFAULTS).toEqual({
      purchaseCosts: 25_000,
      councilRates: 4_000,
      insurance: 1_500,
      maintenance: 3_000,
      managementFeePercent: 8,
      otherExpenses: 1_000,
    });
  });
  it('labels: Excellent ≥ 6, Good ≥ 4.5, Fair ≥ 3, else Poor', () => {
    expect(yieldLabel(6)).toBe('Excellent');
    expect(yieldLabel(5.99)).toBe('Good');
    expect(yieldLabel(4.5)).toBe('Good');
    expect(yieldLabel(4.49)).toBe('Fair');
    expect(yieldLabel(3)).toBe('Fair');
    expect(yieldLabel(2.99)).toBe('Poor');
    expect(yieldLabel(-1)).toBe('Poor');
  });
});

describe('calculateRentalYield — worked examples', () => {
  it('$800,000 at $700 a week, with the $800,000 / 20 % / 6.5 % / 30-year mortgage', () => {
    // annual rent = 700 × 52 = 36,400; management = 8 % × 36,400 = 2,912
    // expenses = 4,000 + 1,500 + 3,000 + 2,912 + 1,000 = 12,412; net income = 36,400 − 12,412 = 23,988
    // gross = 36,400 / 800,000 = 4.55 %; net = 23,988 / 800,000 = 2.9985 % → Poor, Low Yield Warning
    // ROI = 23,988 / (800,000 + 25,000) = 2.9076 %
    // mortgage: monthly 4,045.2354 (see mortgage.test.ts), deposit 160,000
    // monthly net income = 23,988 / 12 = 1,999; cash flow = 1,999 − 4,045.2354 = −2,046.2354
    // annual cash flow = −24,554.82; cash-on-cash = −24,554.82 / (160,000 + 25,000) = −13.2729 %
    const mortgage = calculateMortgage({ propertyValue: 800_000, depositPercent: 20, annualRatePercent: 6.5, termYears: 30 });
    const r = calculateRentalYield(withDefaults(800_000, 700), mortgage)!;
    expect(r.annualRent).toBe(36_400);
    expect(r.managementFee).toBeCloseTo(2_912, 6);
    expect(r.annualExpenses).toBeCloseTo(12_412, 6);
    expect(r.netAnnualIncome).toBeCloseTo(23_988, 6);
    expect(r.grossYieldPercent).toBeCloseTo(4.55, 6);
    expect(r.netYieldPercent).toBeCloseTo(2.9985, 6);
    expect(r.roiPercent).toBeCloseTo(2.9076, 4);
    expect(r.label).toBe('Poor');
    expect(r.lowYieldWarning).toBe(true);
    expect(r.excellentYield).toBe(false);
    const cf = r.cashFlow!;
    expect(cf.monthlyNetIncome).toBeCloseTo(1_999, 6);
    expect(cf.monthlyMortgagePayment).toBeCloseTo(4_045.24, 2);
    expect(cf.monthlyCashFlow).toBeCloseTo(-2_046.24, 2);
    expect(cf.annualCashFlow).toBeCloseTo(-24_554.82, 2);
    expect(cf.cashInvested).toBe(185_000);
    expect(cf.cashOnCashPercent!).toBeCloseTo(-13.2729, 4);
    expect(cf.status).toBe('REQUIRES FUNDING');
  });

  it('$500,000 at $900 a week with 40 % down at 4.5 % over 30 years: Excellent and PROFITABLE', () => {
    // annual rent = 46,800; management = 3,744; expenses = 4,000 + 1,500 + 3,000 + 3,744 + 1,000 = 13,244
    // net income = 33,556; gross = 9.36 %; net = 6.7112 % → Excellent (no low-yield warning)
    // ROI = 33,556 / 525,000 = 6.3916 %
    // mortgage: loan 300,000, r = 0.00375, (1.00375)^360 = 3.84769805 → M = 1,125 × 1.35116… = 1,520.06
    // monthly net income = 2,796.33; cash flow = 2,796.33 − 1,520.06 = 1,276.28; annual 15,315.33
    // cash-on-cash = 15,315.33 / (200,000 + 25,000) = 6.8068 %
    const mortgage = calculateMortgage({ propertyValue: 500_000, depositPercent: 40, annualRatePercent: 4.5, termYears: 30 });
    const r = calculateRentalYield(withDefaults(500_000, 900), mortgage)!;
    expect(r.annualExpenses).toBeCloseTo(13_244, 6);
    expect(r.netAnnualIncome).toBeCloseTo(33_556, 6);
    expect(r.grossYieldPercent).toBeCloseTo(9.36, 6);
    expect(r.netYieldPercent).toBeCloseTo(6.7112, 6);
    expect(r.roiPercent).toBeCloseTo(6.3916, 4);
    expect(r.label).toBe('Excellent');
    expect(r.excellentYield).toBe(true);
    expect(r.lowYieldWarning).toBe(false);
    expect(r.cashFlow!.monthlyMortgagePayment).toBeCloseTo(1_520.06, 2);
    expect(r.cashFlow!.monthlyCashFlow).toBeCloseTo(1_276.28, 2);
    expect(r.cashFlow!.annualCashFlow).toBeCloseTo(15_315.33, 2);
    expect(r.cashFlow!.cashOnCashPercent!).toBeCloseTo(6.8068, 4);
    expect(r.cashFlow!.status).toBe('PROFITABLE');
  });

  it('Good and Fair in between, no cash flow without mortgage data', () => {
    // $500,000 at $700: net 23,988 / 500,000 = 4.7976 % → Good
    const good = calculateRentalYield(withDefaults(500_000, 700))!;
    expect(good.netYieldPercent).toBeCloseTo(4.7976, 6);
    expect(good.label).toBe('Good');
    expect(good.cashFlow).toBeNull();
    // $600,000 at $650: rent 33,800, management 2,704, expenses 12,204, net 21,596 → 3.5993 % → Fair
    const fair = calculateRentalYield(withDefaults(600_000, 650), null)!;
    expect(fair.netYieldPercent).toBeCloseTo(3.5993, 4);
    expect(fair.grossYieldPercent).toBeCloseTo(5.6333, 4);
    expect(fair.label).toBe('Fair');
    expect(fair.lowYieldWarning).toBe(false);
    expect(fair.excellentYield).toBe(false);
  });

  it('a cash flow of exactly 0 is PROFITABLE', () => {
    // net income 23,988 → 1,999 a month; a mortgage payment of 1,999 leaves 0
    const r = calculateRentalYield(withDefaults(800_000, 700), { monthlyPayment: 1_999, deposit: 100_000 })!;
    expect(r.cashFlow!.monthlyCashFlow).toBeCloseTo(0, 9);
    expect(r.cashFlow!.status).toBe('PROFITABLE');
  });

  it('every expense is editable', () => {
    // 1,000 a week → 52,000; no expenses at all → net = rent; ROI over the value alone
    const r = calculateRentalYield({
      propertyValue: 1_000_000,
      weeklyRent: 1_000,
      purchaseCosts: 0,
      councilRates: 0,
      insurance: 0,
      maintenance: 0,
      managementFeePercent: 0,
      otherExpenses: 0,
    })!;
    expect(r.netAnnualIncome).toBe(52_000);
    expect(r.netYieldPercent).toBeCloseTo(5.2, 9);
    expect(r.roiPercent).toBeCloseTo(5.2, 9);
  });

  it('gives no result when the value or the weekly rent is zero or less', () => {
    expect(calculateRentalYield(withDefaults(0, 700))).toBeNull();
    expect(calculateRentalYield(withDefaults(-1, 700))).toBeNull();
    expect(calculateRentalYield(withDefaults(800_000, 0))).toBeNull();
    expect(calculateRentalYield(withDefaults(800_000, -10))).toBeNull();
    expect(calculateRentalYield(withDefaults(800_000, Number.NaN))).toBeNull();
  });
});
