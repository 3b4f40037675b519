/**
 * The rental yield calculator (consumer spec §5 "Rental calculation", §9 "Rental calculator
 * defaults"). Pure functions, no I/O, no zod.
 *
 * - Defaults: purchase costs $25,000, council rates $4,000, insurance $1,500, maintenance $3,000,
 *   management fee 8 % of the rent, other expenses $1,000 (all a year).
 * - Annual rent = weekly rent × 52. Expenses = rates + insurance + maintenance + management +
 *   other. Net income = annual rent − expenses.
 * - Gross yield = rent / value; net yield = net income / value; ROI = net income / (value +
 *   purchase costs); all in percent.
 * - The yield label reads the net yield: Excellent at 6 or above, Good at 4.5 or above, Fair at 3
 *   or above, otherwise Poor. 'Low Yield Warning' under 3 % net; 'Excellent Yield' at 6 % or above.
 * - With mortgage data: monthly cash flow = monthly net income (net income / 12) − the monthly
 *   mortgage payment; cash-on-cash = annual cash flow / (mortgage deposit + purchase costs);
 *   PROFITABLE when the cash flow is 0 or more, else REQUIRES FUNDING.
 * - No result when the property value or the weekly rent is zero or less.
 */

export const RENTAL_DEFAULTS = {
  purchaseCosts: 25_000,
  councilRates: 4_000,
  insurance: 1_500,
  maintenance: 3_000,
  /** percent of the annual rent */
  managementFeePercent: 8,
  otherExpenses: 1_000,
} as const;

export const WEEKS_PER_YEAR = 52;

/**
 * Bounds of the rental calculator's entries (the spec gives none): beyond them an entry is a
 * typing slip, and the screen says so. The property value shares the mortgage calculator's bound.
 */
export const MAX_WEEKLY_RENT = 100_000;
/** purchase costs and each yearly expense */
export const MAX_RENTAL_EXPENSE = 10_000_000;
export const MAX_MANAGEMENT_FEE_PERCENT = 100;

export type YieldLabel = 'Excellent' | 'Good' | 'Fair' | 'Poor';

export const EXCELLENT_YIELD_PERCENT = 6;
export const GOOD_YIELD_PERCENT = 4.5;
export const FAIR_YIELD_PERCENT = 3;

export const LOW_YIELD_WARNING_TITLE = 'Low Yield Warning';
export const LOW_YIELD_WARNING_TEXT =
  'The net yield is under 3%. After expenses the rent returns little on the purchase price — check the rent, the costs and the price.';
export const EXCELLENT_YIELD_TITLE = 'Excellent Yield';
export const EXCELLENT_YIELD_TEXT = 'The net yield is 6% or more: a strong return for a rental property.';

export type CashFlowStatus = 'PROFITABLE' | 'REQUIRES FUNDING';

/** Yield label of a yield in percent. */
export function yieldLabel(yieldPercent: number): YieldLabel {
  if (yieldPercent >= EXCELLENT_YIELD_PERCENT) return 'Excellent';
  if (yieldPercent >= GOOD_YIELD_PERCENT) return 'Good';
  if (yieldPercent >= FAIR_YIELD_PERCENT) return 'Fair';
  return 'Poor';
}

export interface RentalInput {
  /** NZD */
  propertyValue: number;
  /** NZD a week */
  weeklyRent: number;
  purchaseCosts: number;
  councilRates: number;
  insurance: number;
  maintenance: number;
  /** percent of the annual rent */
  managementFeePercent: number;
  otherExpenses: number;
}

/** What the rental calculator needs of the mortgage calculator's result. */
export interface RentalMortgageData {
  monthlyPayment: number;
  deposit: number;
}

export interface RentalCashFlow {
  /** net income / 12 */
  monthlyNetIncome: number;
  monthlyMortgagePayment: number;
  /** monthly net income − monthly mortgage payment */
  monthlyCashFlow: number;
  /** monthly cash flow × 12 */
  annualCashFlow: number;
  /** mortgage deposit + purchase costs */
  cashInvested: number;
  /** annual cash flow / cash invested, in percent; null when nothing is invested */
  cashOnCashPercent: number | null;
  status: CashFlowStatus;
}

export interface RentalResult {
  annualRent: number;
  managementFee: number;
  annualExpenses: number;
  netAnnualIncome: number;
  grossYieldPercent: number;
  netYieldPercent: number;
  roiPercent: number;
  /** label of the net yield */
  label: YieldLabel;
  /** net yield under 3 % */
  lowYieldWarning: boolean;
  /** net yield 6 % or above */
  excellentYield: boolean;
  /** only with mortgage data */
  cashFlow: RentalCashFlow | null;
}

const finite = (n: number) => typeof n === 'number' && Number.isFinite(n);
/** An expense left empty (or not a number) counts as 0. */
const amount = (n: number) => (finite(n) ? n : 0);

/** The calculation, or null when the property value or the weekly rent is zero or less. */
export function calculateRentalYield(input: RentalInput, mortgage?: RentalMortgageData | null): RentalResult | null {
  const { propertyValue, weeklyRent } = input;
  if (!finite(propertyValue) || !finite(weeklyRent) || propertyValue <= 0 || weeklyRent <= 0) return null;
  const purchaseCosts = amount(input.purchaseCosts);
  const annualRent = weeklyRent * WEEKS_PER_YEAR;
  const managementFee = (annualRent * amount(input.managementFeePercent)) / 100;
  const annualExpenses =
    amount(input.councilRates) + amount(input.insurance) + amount(input.maintenance) + managementFee + amount(input.otherExpenses);
  const netAnnualIncome = annualRent - annualExpenses;
  const grossYieldPercent = (annualRent / propertyValue) * 100;
  const netYieldPercent = (netAnnualIncome / propertyValue) * 100;
  const roiBase = propertyValue + purchaseCosts;
  const roiPercent = roiBase > 0 ? (netAnnualIncome / roiBase) * 100 : 0;

  let cashFlow: RentalCashFlow | null = null;
  if (mortgage && finite(mortgage.monthlyPayment) && finite(mortgage.deposit)) {
    const monthlyNetIncome = netAnnualIncome / 12;
    const monthlyCashFlow = monthlyNetIncome - mortgage.monthlyPayment;
    const annualCashFlow = monthlyCashFlow * 12;
    const cashInvested = mortgage.deposit + purchaseCosts;
    cashFlow = {
      monthlyNetIncome,
      monthlyMortgagePayment: mortgage.monthlyPayment,
      monthlyCashFlow,
      annualCashFlow,
      cashInvested,
      cashOnCashPercent: cashInvested > 0 ? (annualCashFlow / cashInvested) * 100 : null,
      status: monthlyCashFlow >= 0 ? 'PROFITABLE' : 'REQUIRES FUNDING',
    };
  }

  return {
    annualRent,
    managementFee,
    annualExpenses,
    netAnnualIncome,
    grossYieldPercent,
    netYieldPercent,
    roiPercent,
    label: yieldLabel(netYieldPercent),
    lowYieldWarning: netYieldPercent < FAIR_YIELD_PERCENT,
    excellentYield: netYieldPercent >= EXCELLENT_YIELD_PERCENT,
    cashFlow,
  };
}
