import { InputNumber } from 'antd';
import { groupDigits, parseAmount } from './calculator-format';

export interface AmountInputProps {
  id: string;
  value: number | null;
  onChange: (value: number | null) => void;
  /** '$' for money (default), '%' after for a percentage. The step also sets the decimals shown (at least as many as the step has). */
  kind?: 'money' | 'percent';
  step?: number;
  min?: number;
  max?: number;
  placeholder?: string;
  onBlur?: () => void;
  onPressEnter?: () => void;
  describedBy?: string;
}

/** A number input for the calculators: NZD with thousands separators, or a percentage. */
export function AmountInput({ id, value, onChange, kind = 'money', step, min = 0, max, placeholder, onBlur, onPressEnter, describedBy }: AmountInputProps) {
  const money = kind === 'money';
  return (
    <InputNumber<number>
      id={id}
      className="calc-input"
      value={value}
      min={min}
      max={max}
      step={step ?? (money ? 1000 : 1)}
      prefix={money ? '$' : undefined}
      suffix={money ? undefined : '%'}
      inputMode="decimal"
      placeholder={placeholder}
      formatter={money ? (v) => groupDigits(v) : undefined}
      parser={money ? (text) => parseAmount(text) ?? (undefined as unknown as number) : undefined}
      onChange={(v) => onChange(typeof v === 'number' && Number.isFinite(v) ? v : null)}
      onBlur={onBlur}
      onPressEnter={onPressEnter}
      aria-describedby={describedBy}
    />
  );
}
