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
import { AmountInput } from './AmountInput';
import { formatPercent } from './calculator-format';
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

const fields: { key: Field; label: string; kind: 'money' | 'percent'; step: number }[] = [
  { key: 'weeklyRent', label: 'Weekly rent', kind: 'money', step: 10 },
  { key: 'purchaseCosts', label: 'Purchase costs', kind: 'money', step: 1000 },
  { key: 'councilRates', label: 'Council rates (per year)', kind: 'money', step: 100 },
  { key: 'insurance', label: 'Insurance (per year)', kind: 'money', step: 100 },
  { key: 'maintenance', label: 'Maintenance (per year)', kind: 'money', step: 100 },
  { key: 'managementFeePercent', label: 'Management fee (% of rent)', kind: 'percent', step: 1 },
  { key: 'otherExpenses', label: 'Other expenses (per year)', kind: 'money', step: 100 },
];

/**
 * The rental yield calculator (consumer spec §5, §9). Every default is editable: purchase costs
 * $25,000, council rates $4,000, insurance $1,500, maintenance $3,000, management 8 % of the rent,
 * other expenses $1,000. Shows gross and net yield, ROI, the yield label of the net yield, the
 * 'Low Yield Warning' (under 3 %) or 'Excellent Yield' (6 % or more), and — with the mortgage
 * calculator's result — monthly cash flow, cash-on-cash return and PROFITABLE / REQUIRES FUNDING.
 */
export function RentalYieldCalculator({ propertyValue, mortgage, showTitle = true, adLocation }: RentalYieldCalculatorProps) {
  const id = useId();
  const [value, setValue] = useState<number | null>(propertyValue);
  const [shownFor, setShownFor] = useState(propertyValue);
  if (shownFor !== propertyValue) {
    setShownFor(propertyValue);
    setValue(propertyValue);
  }
  const [inputs, setInputs] = useState<Record<Field, number | null>>({ weeklyRent: null, ...RENTAL_DEFAULTS });
  const set = (key: Field) => (v: number | null) => setInputs((prev) => ({ ...prev, [key]: v }));

  const result = calculateRentalYield(
    {
      propertyValue: value ?? 0,
      weeklyRent: inputs.weeklyRent ?? 0,
      purchaseCosts: inputs.purchaseCosts ?? 0,
      councilRates: inputs.councilRates ?? 0,
      insurance: inputs.insurance ?? 0,
      maintenance: inputs.maintenance ?? 0,
      managementFeePercent: inputs.managementFeePercent ?? 0,
      otherExpenses: inputs.otherExpenses ?? 0,
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
          <AmountInput id={`${id}-value`} value={value} onChange={setValue} step={10_000} />
        </div>
        {fields.map((f) => (
          <div className="calc-field" key={f.key}>
            <label htmlFor={`${id}-${f.key}`}>{f.label}</label>
            <AmountInput
              id={`${id}-${f.key}`}
              kind={f.kind}
              value={inputs[f.key]}
              onChange={set(f.key)}
              step={f.step}
              max={f.kind === 'percent' ? 100 : undefined}
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
          Enter a property value and the weekly rent to see the yield.
        </p>
      )}

      {adLocation && <LocalPartnerAdvert placement="rental_assessment" targetRole="property-manager" {...adLocation} />}
    </section>
  );
}
