import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert, Checkbox, Radio, Select } from 'antd';
import {
  DEFAULT_DEPOSIT_PERCENT,
  DEFAULT_INTEREST_RATE_PERCENT,
  DEFAULT_MORTGAGE_TERM_YEARS,
  DEFAULT_PAYMENT_FREQUENCY,
  DEPOSIT_PERCENT_CHOICES,
  LVR_WARNING_TEXT,
  LVR_WARNING_TITLE,
  MORTGAGE_TERM_CHOICES,
  PAYMENT_FREQUENCIES,
  PAYMENT_FREQUENCY_LABELS,
  calculateMortgage,
  depositAmount,
  depositPercentFromAmount,
  paymentAt,
  type PaymentFrequency,
} from '@kainga/contracts/browser';
import type { MortgageResult } from '@kainga/contracts';
import { LocalPartnerAdvert, type AdLocation } from '../adverts';
import { formatNZD } from '../../format/format';
import { readNumberEntry } from '../../format/number-entry';
import { AmountInput, useAmountEntry } from './AmountInput';
import { calculatorRules, entryText, formatPercent } from './calculator-format';
import './calculators.css';

/** What the mortgage calculator tells the screen around it (the rental yield calculator reads it). */
export type MortgageSummary = MortgageResult;

export interface MortgageCalculatorProps {
  /** The valuation's estimated value: prefills the property value (editable). */
  propertyValue: number;
  /** The current result, or null when there is none (loan, rate or term zero or less). */
  onMortgageChange?: (mortgage: MortgageSummary | null) => void;
  /** Whether the person says the property will be rented out; the control shows only with this callback. */
  onRentalUsageChange?: (used: boolean) => void;
  /** Show the 'Mortgage Calculator' heading (the calculator modal has its own title). Default true. */
  showTitle?: boolean;
  /** The property's place: shows the mortgage brokers' local-partner advert (consumer spec §2). */
  adLocation?: AdLocation;
}

/**
 * The mortgage calculator (consumer spec §5, §9): property value prefilled from the valuation; a
 * deposit of 5–40 % (default 20 %) chosen from a list or typed as an amount (converted to the
 * nearest 5 %, clamped to 5–40); interest (default 4.5 % a year); term 15/20/25/30 years (default
 * 30); payments monthly, weekly or fortnightly. Shows the payment, the total interest and total
 * paid, and the loan-to-value warning above 80 %.
 *
 * Each field keeps what was typed; one that is not a number in its range (value up to
 * $50,000,000, rate 0–25 %) says so under it, and no result is shown until it is corrected, so the
 * repayments always belong to the figures on screen.
 */
export function MortgageCalculator({ propertyValue, onMortgageChange, onRentalUsageChange, showTitle = true, adLocation }: MortgageCalculatorProps) {
  const id = useId();
  const ids = {
    title: `${id}-title`,
    value: `${id}-value`,
    deposit: `${id}-deposit`,
    depositAmount: `${id}-deposit-amount`,
    depositHint: `${id}-deposit-hint`,
    rate: `${id}-rate`,
    term: `${id}-term`,
    frequency: `${id}-frequency`,
  };

  const valueEntry = useAmountEntry(propertyValue, calculatorRules.propertyValue);
  const [shownFor, setShownFor] = useState(propertyValue);
  if (shownFor !== propertyValue) {
    // A new valuation: start again from its value.
    setShownFor(propertyValue);
    valueEntry.show(propertyValue);
  }
  const value = valueEntry.value;
  const [depositPercent, setDepositPercent] = useState<number>(DEFAULT_DEPOSIT_PERCENT);
  /** What is being typed into the deposit amount, until it is converted (blur or Enter). */
  const [typedDeposit, setTypedDeposit] = useState<string | undefined>(undefined);
  const depositEntry = typedDeposit === undefined ? null : readNumberEntry(typedDeposit, calculatorRules.depositAmount);
  const rateEntry = useAmountEntry(DEFAULT_INTEREST_RATE_PERCENT, calculatorRules.interestRate, 'percent');
  const rate = rateEntry.value;
  const [term, setTerm] = useState<number>(DEFAULT_MORTGAGE_TERM_YEARS);
  const [frequency, setFrequency] = useState<PaymentFrequency>(DEFAULT_PAYMENT_FREQUENCY);
  const [rental, setRental] = useState(false);
  const hasError = Boolean(valueEntry.error || rateEntry.error || depositEntry?.error);

  const result = useMemo(
    () => (hasError ? null : calculateMortgage({ propertyValue: value ?? 0, depositPercent, annualRatePercent: rate ?? 0, termYears: term })),
    [hasError, value, depositPercent, rate, term],
  );

  const onMortgageChangeRef = useRef(onMortgageChange);
  useEffect(() => {
    onMortgageChangeRef.current = onMortgageChange;
  }, [onMortgageChange]);
  useEffect(() => {
    onMortgageChangeRef.current?.(result);
  }, [result]);

  const convertTypedDeposit = () => {
    // A wrong amount stays as typed, with its message, until it is corrected or cleared.
    if (depositEntry === null || depositEntry.error) return;
    const percent = depositEntry.value === null ? null : depositPercentFromAmount(depositEntry.value, value ?? 0);
    if (percent !== null) setDepositPercent(percent);
    setTypedDeposit(undefined);
  };

  const frequencyLabel = PAYMENT_FREQUENCY_LABELS[frequency];

  return (
    <section className="calculator" aria-labelledby={showTitle ? ids.title : undefined} aria-label={showTitle ? undefined : 'Mortgage Calculator'}>
      {showTitle && (
        <h2 id={ids.title} className="calculator-title">
          Mortgage Calculator
        </h2>
      )}
      <div className="calc-grid">
        <div className="calc-field">
          <label htmlFor={ids.value}>Property value</label>
          <AmountInput id={ids.value} text={valueEntry.text} error={valueEntry.error} onTextChange={valueEntry.setText} onBlur={valueEntry.tidy} />
        </div>
        <div className="calc-field">
          <label htmlFor={ids.deposit}>Deposit</label>
          <Select<number>
            id={ids.deposit}
            value={depositPercent}
            onChange={setDepositPercent}
            options={DEPOSIT_PERCENT_CHOICES.map((p) => ({ value: p, label: `${p}%` }))}
          />
        </div>
        <div className="calc-field">
          <label htmlFor={ids.depositAmount}>Deposit amount</label>
          <AmountInput
            id={ids.depositAmount}
            text={typedDeposit ?? (value === null ? '' : entryText(Math.round(depositAmount(value, depositPercent)), 'money'))}
            error={depositEntry?.error ?? null}
            onTextChange={setTypedDeposit}
            onBlur={convertTypedDeposit}
            onPressEnter={convertTypedDeposit}
            describedBy={ids.depositHint}
          />
          <small id={ids.depositHint} className="calc-hint">
            A typed amount is rounded to the nearest 5% (5% to 40%).
          </small>
        </div>
        <div className="calc-field">
          <label htmlFor={ids.rate}>Interest rate (% per year)</label>
          <AmountInput id={ids.rate} kind="percent" text={rateEntry.text} error={rateEntry.error} onTextChange={rateEntry.setText} />
        </div>
        <div className="calc-field">
          <label htmlFor={ids.term}>Loan term</label>
          <Select<number>
            id={ids.term}
            value={term}
            onChange={setTerm}
            options={MORTGAGE_TERM_CHOICES.map((t) => ({ value: t, label: `${t} years` }))}
          />
        </div>
        <div className="calc-field calc-field-wide">
          <span id={ids.frequency} className="calc-label">
            Payment frequency
          </span>
          <Radio.Group
            aria-labelledby={ids.frequency}
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as PaymentFrequency)}
            optionType="button"
            options={PAYMENT_FREQUENCIES.map((f) => ({ value: f, label: PAYMENT_FREQUENCY_LABELS[f] }))}
          />
        </div>
      </div>

      {result ? (
        <div className="calc-results" aria-live="polite">
          <p className="calc-headline">
            <span className="calc-headline-label">{frequencyLabel} payment</span>
            <strong className="calc-headline-value" data-testid="mortgage-payment">
              {formatNZD(paymentAt(result, frequency))}
            </strong>
          </p>
          <dl className="calc-figures">
            <div>
              <dt>Loan amount</dt>
              <dd>{formatNZD(result.loanAmount)}</dd>
            </div>
            <div>
              <dt>Deposit</dt>
              <dd>
                {formatNZD(result.deposit)} ({result.depositPercent}%)
              </dd>
            </div>
            <div>
              <dt>Total interest</dt>
              <dd>{formatNZD(result.totalInterest)}</dd>
            </div>
            <div>
              <dt>Total paid</dt>
              <dd>{formatNZD(result.totalPaid)}</dd>
            </div>
            <div>
              <dt>Loan-to-value ratio</dt>
              <dd>{formatPercent(result.lvrPercent, 1)}</dd>
            </div>
          </dl>
          {result.lvrWarning && <Alert type="warning" showIcon title={LVR_WARNING_TITLE} description={LVR_WARNING_TEXT} />}
        </div>
      ) : (
        <p className="calc-empty" role="status">
          {hasError
            ? 'Correct the highlighted figures to see the repayments.'
            : 'Enter a property value and an interest rate above zero to see the repayments.'}
        </p>
      )}

      {onRentalUsageChange && (
        <div className="calc-rental-toggle">
          <Checkbox
            checked={rental}
            onChange={(e) => {
              setRental(e.target.checked);
              onRentalUsageChange(e.target.checked);
            }}
          >
            I plan to rent out this property
          </Checkbox>
        </div>
      )}

      {adLocation && <LocalPartnerAdvert placement="mortgage_calculator" targetRole="mortgage-broker" {...adLocation} />}
    </section>
  );
}
