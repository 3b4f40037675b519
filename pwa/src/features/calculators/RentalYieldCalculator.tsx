import { useId, useState } from 'react';
import { Alert, Tag } from 'antd';
import {
  EXCELLENT_YIELD_TEXT,
  EXCELLENT_YIELD_TITLE,
  LOW_YIELD_WARNING_TEXT,
  LOW_YIELD_WARNING_TITLE,
  RENTAL_DEFAULTS,
  calculateRentalYield,
  type YieldLabel,
} from '@kainga/contracts/browser';
import { LocalPartnerAdvert, type AdLocation } from '../adverts';
import { formatNZD, formatSignedNZD } from '../../format/format';
import { readNumberEntry } from '../../format/number-entry';
import { AmountInput, useAmountEntry } from './AmountInput';
import { calculatorRules, entryText, formatPercent } from './calculator-format';
import type { MortgageSummary } from './MortgageCalculator';
import './calculators.css';

export interface RentalYieldCalculatorProps {
  /** The valuation's estimated value: prefills the property value (editable). */
  propertyValue: number;
  /** The mortgage calculator's result: adds cash flow and cash-on-cash when given. */
  mortgage: MortgageSummary | null;
  /** Show the 'Rental Yield Calculator' heading (the calculator modal has its own title). Default true. */
  showTitle?: boolean;
  /** The property's place: shows the property managers' local-partner advert (consumer spec §2). */
  adLocation?: AdLocation;
}

const labelColour: Record<YieldLabel, string> = { Excellent: 'green', Good: 'cyan', Fair: 'gold', Poor: 'red' };

type Field = 'weeklyRent' | 'purchaseCosts' | 'councilRates' | 'insurance' | 'maintenance' | 'managementFeePercent' | 'otherExpenses';

const fields: { key: Field; label: string; kind: 'money' | 'percent' }[] = [
  { key: 'weeklyRent', label: 'Weekly rent', kind: 'money' },
  { key: 'purchaseCosts', label: 'Purchase costs', kind: 'money' },
  { key: 'councilRates', label: 'Council rates (per year)', kind: 'money' },
  { key: 'insurance', label: 'Insurance (per year)', kind: 'money' },
  { key: 'maintenance', label: 'Maintenance (per year)', kind: 'money' },
  { key: 'managementFeePercent', label: 'Management fee (% of rent)', kind: 'percent' },
  { key: 'otherExpenses', label: 'Other expenses (per year)', kind: 'money' },
];
const kindOf = Object.fromEntries(fields.map((f) => [f.key, f.kind])) as Record<Field, 'money' | 'percent'>;

const initialTexts = (): Record<Field, string> => {
  const start: Record<Field, number | null> = { weeklyRent: null, ...RENTAL_DEFAULTS };
  return Object.fromEntries(fields.map((f) => [f.key, entryText(start[f.key], f.kind)])) as Record<Field, string>;
};

/**
 * The rental yield calculator (consumer spec §5, §9). Every default is editable: purchase costs
 * $25,000, council rates $4,000, insurance $1,500, maintenance $3,000, management 8 % of the rent,
 * other expenses $1,000. Shows gross and net yield, ROI, the yield label of the net yield, the
 * 'Low Yield Warning' (under 3 %) or 'Excellent Yield' (6 % or more), and — with the mortgage
 * calculator's result — monthly cash flow, cash-on-cash return and PROFITABLE / REQUIRES FUNDING.
 * Each field keeps what was typed and says under it when that is not a number in its range; no
 * result is shown until every field is correct.
 */
export function RentalYieldCalculator({ propertyValue, mortgage, showTitle = true, adLocation }: RentalYieldCalculatorProps) {
  const id = useId();
  const valueEntry = useAmountEntry(propertyValue, calculatorRules.propertyValue);
  const [shownFor, setShownFor] = useState(propertyValue);
  if (shownFor !== propertyValue) {
    setShownFor(propertyValue);
    valueEntry.show(propertyValue);
  }
  const [texts, setTexts] = useState<Record<Field, string>>(initialTexts);
  const entries = Object.fromEntries(fields.map((f) => [f.key, readNumberEntry(texts[f.key], calculatorRules[f.key])])) as Record<
    Field,
    ReturnType<typeof readNumberEntry>
  >;
  const setText = (key: Field) => (text: string) => setTexts((prev) => ({ ...prev, [key]: text }));
  const tidy = (key: Field) => () => {
    const n = entries[key].value;
    if (n !== null && kindOf[key] === 'money') setText(key)(entryText(n, 'money'));
  };
  const hasError = Boolean(valueEntry.error) || fields.some((f) => entries[f.key].error);
  const amount = (key: Field) => entries[key].value ?? 0;

  const result = hasError
    ? null
    : calculateRentalYield(
        {
          propertyValue: valueEntry.value ?? 0,
          weeklyRent: amount('weeklyRent'),
          purchaseCosts: amount('purchaseCosts'),
          councilRates: amount('councilRates'),
          insurance: amount('insurance'),
          maintenance: amount('maintenance'),
          managementFeePercent: amount('managementFeePercent'),
          otherExpenses: amount('otherExpenses'),
        },
        mortgage,
      );
  const cashFlow = result?.cashFlow ?? null;

  return (
    <section className="calculator" aria-labelledby={showTitle ? `${id}-title` : undefined} aria-label={showTitle ? undefined : 'Rental Yield Calculator'}>
      {showTitle && (
        <h2 id={`${id}-title`} className="calculator-title">
          Rental Yield Calculator
        </h2>
      )}
      <div className="calc-grid">
        <div className="calc-field">
          <label htmlFor={`${id}-value`}>Property value</label>
          <AmountInput id={`${id}-value`} text={valueEntry.text} error={valueEntry.error} onTextChange={valueEntry.setText} onBlur={valueEntry.tidy} />
        </div>
        {fields.map((f) => (
          <div className="calc-field" key={f.key}>
            <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
            <AmountInput
              id={`${id}-${f.key}`}
              kind={f.kind}
              text={texts[f.key]}
              error={entries[f.key].error}
              onTextChange={setText(f.key)}
              onBlur={tidy(f.key)}
              placeholder={f.key === 'weeklyRent' ? 'e.g. 650' : undefined}
            />
          </div>
        ))}
      </div>

      {result ? (
        <div className="calc-results" aria-live="polite">
          <div className="calc-yields">
            <p className="calc-headline">
              <span className="calc-headline-label">Gross yield</span>
              <strong className="calc-headline-value">{formatPercent(result.grossYieldPercent)}</strong>
            </p>
            <p className="calc-headline">
              <span className="calc-headline-label">Net yield</span>
              <strong className="calc-headline-value">{formatPercent(result.netYieldPercent)}</strong>
              <Tag color={labelColour[result.label]} className="calc-label-tag">
                {result.label}
              </Tag>
            </p>
            <p className="calc-headline">
              <span className="calc-headline-label">ROI</span>
              <strong className="calc-headline-value">{formatPercent(result.roiPercent)}</strong>
            </p>
          </div>
          <dl className="calc-figures">
            <div>
              <dt>Annual rent</dt>
              <dd>{formatNZD(result.annualRent)}</dd>
            </div>
            <div>
              <dt>Management fee</dt>
              <dd>{formatNZD(result.managementFee)}</dd>
            </div>
            <div>
              <dt>Annual expenses</dt>
              <dd>{formatNZD(result.annualExpenses)}</dd>
            </div>
            <div>
              <dt>Net annual income</dt>
              <dd>{formatNZD(result.netAnnualIncome)}</dd>
            </div>
          </dl>
          {result.lowYieldWarning && <Alert type="warning" showIcon title={LOW_YIELD_WARNING_TITLE} description={LOW_YIELD_WARNING_TEXT} />}
          {result.excellentYield && <Alert type="success" showIcon title={EXCELLENT_YIELD_TITLE} description={EXCELLENT_YIELD_TEXT} />}

          {cashFlow && (
            <div className="calc-cashflow">
              <h3>Cash flow with your mortgage</h3>
              <dl className="calc-figures">
                <div>
                  <dt>Monthly net income</dt>
                  <dd>{formatNZD(cashFlow.monthlyNetIncome)}</dd>
                </div>
                <div>
                  <dt>Monthly mortgage payment</dt>
                  <dd>{formatNZD(cashFlow.monthlyMortgagePayment)}</dd>
                </div>
                <div>
                  <dt>Monthly cash flow</dt>
                  <dd className={cashFlow.monthlyCashFlow >= 0 ? 'calc-positive' : 'calc-negative'}>{formatSignedNZD(cashFlow.monthlyCashFlow)}</dd>
                </div>
                <div>
                  <dt>Annual cash flow</dt>
                  <dd className={cashFlow.annualCashFlow >= 0 ? 'calc-positive' : 'calc-negative'}>{formatSignedNZD(cashFlow.annualCashFlow)}</dd>
                </div>
                <div>
                  <dt>Cash-on-cash return</dt>
                  <dd>{formatPercent(cashFlow.cashOnCashPercent)}</dd>
                </div>
              </dl>
              <p className="calc-status">
                <Tag color={cashFlow.status === 'PROFITABLE' ? 'green' : 'red'} className="calc-status-tag">
                  {cashFlow.status}
                </Tag>
                <span className="calc-hint">
                  Cash invested: {formatNZD(cashFlow.cashInvested)} (deposit plus purchase costs)
                </span>
              </p>
            </div>
          )}
        </div>
      ) : (
        <p className="calc-empty" role="status">
          {hasError ? 'Correct the highlighted figures to see the yield.' : 'Enter a property value and the weekly rent to see the yield.'}
        </p>
      )}

      {adLocation && <LocalPartnerAdvert placement="rental_assessment" targetRole="property-manager" {...adLocation} />}
    </section>
  );
}
