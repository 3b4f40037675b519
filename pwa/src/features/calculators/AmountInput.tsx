import { useState } from 'react';
import { Input } from 'antd';
import { readNumberEntry, type NumberRule } from '../../format/number-entry';
import { entryText, type AmountKind } from './calculator-format';

export interface AmountInputProps {
  id: string;
  /** exactly what the field shows */
  text: string;
  /** the message shown under the field, or null */
  error: string | null;
  onTextChange: (text: string) => void;
  /** '$' before for money (default), '%' after for a percentage. */
  kind?: AmountKind;
  placeholder?: string;
  onBlur?: () => void;
  onPressEnter?: () => void;
  describedBy?: string;
}

/**
 * A number input for the calculators: a text field that keeps what was typed (issue 11: a number
 * input showed 9999 while computing with 9, and dropped letters unseen), with the message under it
 * when the text is not a number in range.
 */
export function AmountInput({ id, text, error, onTextChange, kind = 'money', placeholder, onBlur, onPressEnter, describedBy }: AmountInputProps) {
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <Input
        id={id}
        className="calc-input"
        value={text}
        prefix={kind === 'money' ? '$' : undefined}
        suffix={kind === 'money' ? undefined : '%'}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onTextChange(e.target.value)}
        onBlur={onBlur}
        onPressEnter={onPressEnter}
      />
      {error && (
        <small id={errorId} className="calc-error" role="alert">
          {error}
        </small>
      )}
    </>
  );
}

/** A calculator field's text, the number it means (null when empty or wrong) and its message. */
export interface AmountEntry {
  text: string;
  value: number | null;
  error: string | null;
  setText: (text: string) => void;
  /** Shows a number given from outside (a new valuation's value). */
  show: (value: number | null) => void;
  /** On leaving the field: a correct money amount is shown with thousands separators. */
  tidy: () => void;
}

export function useAmountEntry(initial: number | null, rule: NumberRule, kind: AmountKind = 'money'): AmountEntry {
  const [text, setText] = useState(() => entryText(initial, kind));
  const { value, error } = readNumberEntry(text, rule);
  return {
    text,
    value,
    error,
    setText,
    show: (n) => setText(entryText(n, kind)),
    tidy: () => {
      if (value !== null && kind === 'money') setText(entryText(value, kind));
    },
  };
}
