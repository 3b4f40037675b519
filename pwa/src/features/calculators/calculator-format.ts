/** Display helpers of the calculators (NZD itself comes from format/format.ts). */
import {
  MAX_INTEREST_RATE_PERCENT,
  MAX_MANAGEMENT_FEE_PERCENT,
  MAX_PROPERTY_VALUE,
  MAX_RENTAL_EXPENSE,
  MAX_WEEKLY_RENT,
  MIN_INTEREST_RATE_PERCENT,
} from '@kainga/contracts/browser';
import type { NumberRule } from '../../format/number-entry';

/** A percentage with two decimals, e.g. "4.55%", "-13.27%"; '—' when there is none. */
export function formatPercent(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const fixed = value.toFixed(digits);
  // -0.00 reads as 0.00
  return `${/^-0\.?0*$/.test(fixed) ? fixed.slice(1) : fixed}%`;
}

/** Thousands separators for the money inputs: 800000 → "800,000". */
export function groupDigits(value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export type AmountKind = 'money' | 'percent';

/** The text a calculator field shows for a number: money with thousands separators. */
export function entryText(value: number | null, kind: AmountKind): string {
  if (value === null || !Number.isFinite(value)) return '';
  return kind === 'money' ? groupDigits(value) : String(value);
}

const dollars = (n: number) => `$${n.toLocaleString('en-NZ')}`;
const moneyRule = (noun: string, max: number): NumberRule => ({ min: 0, max, message: `Enter ${noun} from $0 to ${dollars(max)}` });

/**
 * What each calculator field accepts (contracts' bounds), with the message shown beside a field
 * whose text is not a number in range. No result is computed while any field shows one.
 */
export const calculatorRules = {
  propertyValue: moneyRule('a property value', MAX_PROPERTY_VALUE),
  depositAmount: moneyRule('a deposit amount', MAX_PROPERTY_VALUE),
  interestRate: {
    min: MIN_INTEREST_RATE_PERCENT,
    max: MAX_INTEREST_RATE_PERCENT,
    message: `Enter an interest rate from ${MIN_INTEREST_RATE_PERCENT}% to ${MAX_INTEREST_RATE_PERCENT}%`,
  },
  weeklyRent: moneyRule('a weekly rent', MAX_WEEKLY_RENT),
  purchaseCosts: moneyRule('purchase costs', MAX_RENTAL_EXPENSE),
  councilRates: moneyRule('council rates', MAX_RENTAL_EXPENSE),
  insurance: moneyRule('an insurance cost', MAX_RENTAL_EXPENSE),
  maintenance: moneyRule('a maintenance cost', MAX_RENTAL_EXPENSE),
  managementFeePercent: { min: 0, max: MAX_MANAGEMENT_FEE_PERCENT, message: `Enter a management fee from 0% to ${MAX_MANAGEMENT_FEE_PERCENT}%` },
  otherExpenses: moneyRule('other expenses', MAX_RENTAL_EXPENSE),
} satisfies Record<string, NumberRule>;
