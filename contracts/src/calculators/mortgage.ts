/**
 * The mortgage calculator (consumer spec §5 "Mortgage calculation", §9 "Mortgage calculator
 * defaults"). Pure functions, no I/O, no zod: the web app imports them from
 * '@kainga/contracts/browser'.
 *
 * - Deposit choices 5 % to 40 % in steps of 5 (default 20 %). A typed deposit amount converts to a
 *   percentage rounded to the nearest 5 and clamped to 5–40.
 * - Terms 15, 20, 25 or 30 years (default 30); interest 4.5 % a year by default.
 * - Monthly payment by the standard amortisation formula M = P·r·(1+r)^n / ((1+r)^n − 1) with
 *   r the monthly rate and n the number of months; weekly = monthly × 12 / 52; fortnightly =
 *   monthly × 12 / 26. Total paid = monthly × n; total interest = total paid − loan.
 * - Loan-to-value ratio (LVR) = loan / value; a warning shows when it is above 80 %.
 * - No result when the loan is zero or less, or the rate or the term is zero or less; none either
 *   for a value above $50,000,000 or a rate above 25 % (MAX_PROPERTY_VALUE, MAX_INTEREST_RATE_PERCENT).
 *
 * Amounts are not rounded here (the screen shows NZD without decimals).
 */

/** Deposit choices, in percent of the property value: 5, 10, … 40. */
export const DEPOSIT_PERCENT_CHOICES = [5, 10, 15, 20, 25, 30, 35, 40] as const;
export const DEFAULT_DEPOSIT_PERCENT = 20;
export const MIN_DEPOSIT_PERCENT = 5;
export const MAX_DEPOSIT_PERCENT = 40;
export const DEPOSIT_PERCENT_STEP = 5;

/** Loan terms in years. */
export const MORTGAGE_TERM_CHOICES = [15, 20, 25, 30] as const;
export const DEFAULT_MORTGAGE_TERM_YEARS = 30;

/** Interest rate in percent per year. */
export const DEFAULT_INTEREST_RATE_PERCENT = 4.5;

/**
 * Bounds of what the calculator accepts (the spec gives none). A NZ home above $50 million or a
 * rate above 25 % a year is a typing slip, not a scenario: the screen says so rather than showing
 * repayments for it, and the calculation gives no result beyond them.
 */
export const MAX_PROPERTY_VALUE = 50_000_000;
export const MIN_INTEREST_RATE_PERCENT = 0;
export const MAX_INTEREST_RATE_PERCENT = 25;

/** The loan-to-value warning shows when the loan is above this share (percent) of the value. */
export const LVR_WARNING_THRESHOLD_PERCENT = 80;
export const LVR_WARNING_TITLE = 'High Loan-to-Value Ratio';
export const LVR_WARNING_TEXT =
  'Your loan is more than 80% of the property value. Lenders may ask for a larger deposit or charge a low-equity margin or fee.';

export type PaymentFrequency = 'monthly' | 'weekly' | 'fortnightly';
export const PAYMENT_FREQUENCIES: readonly PaymentFrequency[] = ['monthly', 'weekly', 'fortnightly'];
export const PAYMENT_FREQUENCY_LABELS: Record<PaymentFrequency, string> = {
  monthly: 'Monthly',
  fortnightly: 'Fortnightly',
  weekly: 'Weekly',
};
export const DEFAULT_PAYMENT_FREQUENCY: PaymentFrequency = 'monthly';

export interface MortgageInput {
  /** NZD */
  propertyValue: number;
  /** percent of the value, e.g. 20 */
  depositPercent: number;
  /** percent per year, e.g. 4.5 */
  annualRatePercent: number;
  termYears: number;
}

export interface MortgageResult extends MortgageInput {
  /** propertyValue × depositPercent / 100 */
  deposit: number;
  /** propertyValue − deposit */
  loanAmount: number;
  /** termYears × 12 */
  numberOfPayments: number;
  monthlyPayment: number;
  /** monthly × 12 / 52 */
  weeklyPayment: number;
  /** monthly × 12 / 26 */
  fortnightlyPayment: number;
  /** monthly × numberOfPayments */
  totalPaid: number;
  /** totalPaid − loanAmount */
  totalInterest: number;
  /** loan / value × 100 */
  lvrPercent: number;
  /** LVR above 80 % */
  lvrWarning: boolean;
}

const finite = (n: number) => typeof n === 'number' && Number.isFinite(n);

/** Clamp a percentage to the deposit range (5–40) and snap it to the nearest step of 5. */
export function snapDepositPercent(percent: number): number {
  if (!finite(percent)) return DEFAULT_DEPOSIT_PERCENT;
  const snapped = Math.round(percent / DEPOSIT_PERCENT_STEP) * DEPOSIT_PERCENT_STEP;
  return Math.min(MAX_DEPOSIT_PERCENT, Math.max(MIN_DEPOSIT_PERCENT, snapped));
}

/**
 * A typed deposit amount as a deposit choice: amount / value in percent, rounded to the nearest 5
 * and clamped to 5–40. Null when it cannot be worked out (no positive value, or no number).
 */
export function depositPercentFromAmount(amount: number, propertyValue: number): number | null {
  if (!finite(amount) || !finite(propertyValue) || propertyValue <= 0) return null;
  return snapDepositPercent((amount / propertyValue) * 100);
}

/** The deposit in NZD for a percentage of the value. */
export const depositAmount = (propertyValue: number, depositPercent: number) => (propertyValue * depositPercent) / 100;

/**
 * The standard amortised monthly payment of a loan: P·r·(1+r)^n / ((1+r)^n − 1), r = the yearly
 * rate / 12, n = years × 12. Null when the loan, the rate or the term is zero or less.
 */
export function monthlyRepayment(loanAmount: number, annualRatePercent: number, termYears: number): number | null {
  if (!finite(loanAmount) || !finite(annualRatePercent) || !finite(termYears)) return null;
  if (loanAmount <= 0 || annualRatePercent <= 0 || termYears <= 0) return null;
  const r = annualRatePercent / 100 / 12;
  const n = termYears * 12;
  const growth = Math.pow(1 + r, n);
  return (loanAmount * r * growth) / (growth - 1);
}

/** The whole calculation, or null when there is no result (loan, rate or term zero or less). */
export function calculateMortgage(input: MortgageInput): MortgageResult | null {
  const { propertyValue, depositPercent, annualRatePercent, termYears } = input;
  if (!finite(propertyValue) || !finite(depositPercent)) return null;
  if (propertyValue > MAX_PROPERTY_VALUE || annualRatePercent > MAX_INTEREST_RATE_PERCENT) return null;
  const deposit = depositAmount(propertyValue, depositPercent);
  const loanAmount = propertyValue - deposit;
  const monthlyPayment = monthlyRepayment(loanAmount, annualRatePercent, termYears);
  if (monthlyPayment === null) return null;
  const numberOfPayments = termYears * 12;
  const totalPaid = monthlyPayment * numberOfPayments;
  const lvrPercent = (loanAmount / propertyValue) * 100;
  return {
    propertyValue,
    depositPercent,
    annualRatePercent,
    termYears,
    deposit,
    loanAmount,
    numberOfPayments,
    monthlyPayment,
    weeklyPayment: (monthlyPayment * 12) / 52,
    fortnightlyPayment: (monthlyPayment * 12) / 26,
    totalPaid,
    totalInterest: totalPaid - loanAmount,
    lvrPercent,
    lvrWarning: lvrPercent > LVR_WARNING_THRESHOLD_PERCENT,
  };
}

/** The repayment at a frequency. */
export function paymentAt(result: Pick<MortgageResult, 'monthlyPayment' | 'weeklyPayment' | 'fortnightlyPayment'>, frequency: PaymentFrequency): number {
  switch (frequency) {
    case 'weekly':
      return result.weeklyPayment;
    case 'fortnightly':
      return result.fortnightlyPayment;
    default:
      return result.monthlyPayment;
  }
}
