import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEPOSIT_PERCENT,
  DEFAULT_INTEREST_RATE_PERCENT,
  DEFAULT_MORTGAGE_TERM_YEARS,
  DEPOSIT_PERCENT_CHOICES,
  MAX_INTEREST_RATE_PERCENT,
  MAX_PROPERTY_VALUE,
  MORTGAGE_TERM_CHOICES,
  calculateMortgage,
  depositPercentFromAmount,
  monthlyRepayment,
  paymentAt,
} from './mortgage';

describe('mortgage calculator constants (consumer spec §9)', () => {
  it('offers deposits 5–40 % in steps of 5, terms 15/20/25/30, and defaults 20 %, 4.5 %, 30 years', () => {
    expect([...DEPOSIT_PERCENT_CHOICES]).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
    expect([...MORTGAGE_TERM_CHOICES]).toEqual([15, 20, 25, 30]);
    expect(DEFAULT_DEPOSIT_PERCENT).toBe(20);
    expect(DEFAULT_INTEREST_RATE_PERCENT).toBe(4.5);
    expect(DEFAULT_MORTGAGE_TERM_YEARS).toBe(30);
  });
});

describe('calculateMortgage — worked examples', () => {
  it('$800,000, 20 % deposit, 6.5 % over 30 years', () => {
    // deposit = 800,000 × 0.20 = 160,000; loan = 640,000
    // r = 0.065 / 12 = 0.00541666…; n = 360; (1 + r)^360 = 6.99179797…
    // M = 640,000 × 0.00541666… × 6.99179797 / 5.99179797 = 3,466.6667 × 1.16689406 = 4,045.2354
    // weekly = 4,045.2354 × 12 / 52 = 933.5158; fortnightly = × 12 / 26 = 1,867.0317
    // total paid = 4,045.23535 × 360 = 1,456,284.73; interest = 1,456,284.73 − 640,000 = 816,284.73
    // LVR = 640,000 / 800,000 = 80 % — not above 80 %, so no warning
    const r = calculateMortgage({ propertyValue: 800_000, depositPercent: 20, annualRatePercent: 6.5, termYears: 30 })!;
    expect(r.deposit).toBe(160_000);
    expect(r.loanAmount).toBe(640_000);
    expect(r.numberOfPayments).toBe(360);
    expect(r.monthlyPayment).toBeCloseTo(4045.24, 2);
    expect(r.weeklyPayment).toBeCloseTo(933.52, 2);
    expect(r.fortnightlyPayment).toBeCloseTo(1867.03, 2);
    expect(r.totalPaid).toBeCloseTo(1_456_284.73, 2);
    expect(r.totalInterest).toBeCloseTo(816_284.73, 2);
    expect(r.lvrPercent).toBe(80);
    expect(r.lvrWarning).toBe(false);
  });

  it('the defaults on $650,000: 20 %, 4.5 %, 30 years', () => {
    // loan = 520,000; r = 0.00375; (1.00375)^360 = 3.84769805
    // M = 520,000 × 0.00375 × 3.84769805 / 2.84769805 = 1,950 × 1.35116... = 2,634.76
    // total paid = 2,634.763611 × 360 = 948,514.90; interest = 428,514.90
    const r = calculateMortgage({ propertyValue: 650_000, depositPercent: 20, annualRatePercent: 4.5, termYears: 30 })!;
    expect(r.loanAmount).toBe(520_000);
    expect(r.monthlyPayment).toBeCloseTo(2634.76, 2);
    expect(r.weeklyPayment).toBeCloseTo(608.02, 2);
    expect(r.fortnightlyPayment).toBeCloseTo(1216.04, 2);
    expect(r.totalPaid).toBeCloseTo(948_514.9, 2);
    expect(r.totalInterest).toBeCloseTo(428_514.9, 2);
  });

  it('$500,000 with a 10 % deposit at 5 % over 25 years warns about the LVR (90 %)', () => {
    // loan = 450,000; r = 0.05 / 12 = 0.0041666…; n = 300; (1 + r)^300 = 3.48129045
    // M = 450,000 × 0.0041666… × 3.48129045 / 2.48129045 = 1,875 × 1.40302… = 2,630.66
    // LVR = 450,000 / 500,000 = 90 % > 80 % → warning
    const r = calculateMortgage({ propertyValue: 500_000, depositPercent: 10, annualRatePercent: 5, termYears: 25 })!;
    expect(r.monthlyPayment).toBeCloseTo(2630.66, 2);
    expect(r.totalInterest).toBeCloseTo(339_196.56, 2);
    expect(r.lvrPercent).toBe(90);
    expect(r.lvrWarning).toBe(true);
  });

  it('$1,000,000 with 40 % down at 7.25 % over 15 years', () => {
    // loan = 600,000; r = 0.0725 / 12 = 0.00604166…; n = 180; (1 + r)^180 = 2.95715606
    // M = 600,000 × 0.00604166… × 2.95715606 / 1.95715606 = 3,625 × 1.51093… = 5,477.18
    const r = calculateMortgage({ propertyValue: 1_000_000, depositPercent: 40, annualRatePercent: 7.25, termYears: 15 })!;
    expect(r.loanAmount).toBe(600_000);
    expect(r.monthlyPayment).toBeCloseTo(5477.18, 2);
    expect(r.totalPaid).toBeCloseTo(985_891.91, 2);
    expect(r.lvrPercent).toBe(60);
    expect(r.lvrWarning).toBe(false);
  });

  it('warns only above 80 %: a 15 % deposit (85 %) warns, 20 % (80 %) does not', () => {
    expect(calculateMortgage({ propertyValue: 700_000, depositPercent: 15, annualRatePercent: 4.5, termYears: 30 })!.lvrWarning).toBe(true);
    expect(calculateMortgage({ propertyValue: 700_000, depositPercent: 20, annualRatePercent: 4.5, termYears: 30 })!.lvrWarning).toBe(false);
  });

  it('gives no result when the loan, the rate or the term is zero or less', () => {
    const base = { propertyValue: 800_000, depositPercent: 20, annualRatePercent: 6.5, termYears: 30 };
    expect(calculateMortgage({ ...base, propertyValue: 0 })).toBeNull();
    expect(calculateMortgage({ ...base, propertyValue: -5 })).toBeNull();
    expect(calculateMortgage({ ...base, depositPercent: 100 })).toBeNull();
    expect(calculateMortgage({ ...base, annualRatePercent: 0 })).toBeNull();
    expect(calculateMortgage({ ...base, annualRatePercent: -1 })).toBeNull();
    expect(calculateMortgage({ ...base, termYears: 0 })).toBeNull();
    expect(calculateMortgage({ ...base, propertyValue: Number.NaN })).toBeNull();
    expect(monthlyRepayment(0, 5, 30)).toBeNull();
  });

  it('gives no result beyond the bounds: a value above $50,000,000, a rate above 25 %', () => {
    const base = { propertyValue: 800_000, depositPercent: 20, annualRatePercent: 6.5, termYears: 30 };
    expect(MAX_PROPERTY_VALUE).toBe(50_000_000);
    expect(MAX_INTEREST_RATE_PERCENT).toBe(25);
    expect(calculateMortgage({ ...base, propertyValue: 99_999_999_999_999 })).toBeNull();
    expect(calculateMortgage({ ...base, annualRatePercent: 9999 })).toBeNull();
    expect(calculateMortgage({ ...base, propertyValue: 50_000_000, annualRatePercent: 25 })?.annualRatePercent).toBe(25);
  });

  it('answers the payment at each frequency', () => {
    const r = calculateMortgage({ propertyValue: 800_000, depositPercent: 20, annualRatePercent: 6.5, termYears: 30 })!;
    expect(paymentAt(r, 'monthly')).toBe(r.monthlyPayment);
    expect(paymentAt(r, 'weekly')).toBeCloseTo((r.monthlyPayment * 12) / 52, 10);
    expect(paymentAt(r, 'fortnightly')).toBeCloseTo((r.monthlyPayment * 12) / 26, 10);
  });
});

describe('depositPercentFromAmount', () => {
  it('rounds to the nearest 5 %', () => {
    expect(depositPercentFromAmount(160_000, 800_000)).toBe(20); // 20 %
    expect(depositPercentFromAmount(100_000, 800_000)).toBe(15); // 12.5 % → halfway, rounds up to 15
    expect(depositPercentFromAmount(92_000, 800_000)).toBe(10); // 11.5 % → 10
  });
  it('clamps to 5–40 %', () => {
    expect(depositPercentFromAmount(0, 800_000)).toBe(5);
    expect(depositPercentFromAmount(10_000, 800_000)).toBe(5); // 1.25 %
    expect(depositPercentFromAmount(500_000, 800_000)).toBe(40); // 62.5 %
    expect(depositPercentFromAmount(800_000, 800_000)).toBe(40);
  });
  it('converts amounts in between', () => {
    expect(depositPercentFromAmount(136_000, 800_000)).toBe(15); // 17 % → 15
    expect(depositPercentFromAmount(144_000, 800_000)).toBe(20); // 18 % → 20
    expect(depositPercentFromAmount(260_000, 800_000)).toBe(35); // 32.5 % → 35 (half rounds up)
  });
  it('cannot convert without a positive value', () => {
    expect(depositPercentFromAmount(50_000, 0)).toBeNull();
    expect(depositPercentFromAmount(Number.NaN, 500_000)).toBeNull();
  });
});
