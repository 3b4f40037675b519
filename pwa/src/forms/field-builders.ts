/**
 * Builders of field validators with the rules and messages of a contracts' zod schema, for the
 * forms whose fields are plain text, numbers or choices (the partner application forms, the
 * admin's create-partner form). Each answers the message zod gives first, or null; the tests beside
 * each form's validators check them against the schemas themselves.
 */
import { EMAIL_PATTERN, type FieldValidator } from './validators';

/** A required text: trimmed, then at least `min` and at most `max` characters. */
export function requiredText(min: number, minMessage: string, max: number, maxMessage: string): FieldValidator {
  return (value) => {
    if (typeof value !== 'string') return minMessage;
    const v = value.trim();
    if (v.length < min) return minMessage;
    if (v.length > max) return maxMessage;
    return null;
  };
}

/** An optional text: absent, null or blank are fine; otherwise at most `max` characters. */
export function optionalText(max: number, maxMessage: string): FieldValidator {
  return (value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') return maxMessage;
    return value.trim().length > max ? maxMessage : null;
  };
}

/** An email address, trimmed (zod's pattern, as the contracts use it), under one message. */
export function emailWith(message: string): FieldValidator {
  return (value) => {
    if (typeof value !== 'string') return message;
    const v = value.trim();
    return v.length > 254 || !EMAIL_PATTERN.test(v) ? message : null;
  };
}

/** A choice among ids (a select): required, any non-empty string. */
export function requiredChoice(message: string): FieldValidator {
  return (value) => (typeof value === 'string' && value.length > 0 ? null : message);
}

export interface NumberRule {
  /** the message for a missing value or one that is not a number */
  notNumber: string;
  /** when given, the message for a missing value (a required field left empty) in place of notNumber */
  required?: string;
  /** when given, the number must be whole, with this message */
  whole?: string;
  min: number;
  minMessage: string;
  max: number;
  maxMessage: string;
}

/** A number (an antd InputNumber's value). `optional`: null and absent are fine. */
export function numberField(rule: NumberRule, optional: boolean): FieldValidator {
  return (value) => {
    if (value === undefined || value === null) return optional ? null : (rule.required ?? rule.notNumber);
    if (typeof value !== 'number' || Number.isNaN(value)) return rule.notNumber;
    if (rule.whole !== undefined && !Number.isInteger(value)) return rule.whole;
    if (value < rule.min) return rule.minMessage;
    if (value > rule.max) return rule.maxMessage;
    return null;
  };
}

/** An antd Form rule from a validator, given the field's value as it is (undefined and null included). */
export function fieldRule(validate: FieldValidator) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const message = validate(value);
      if (message) throw new Error(message);
    },
  };
}

/** A text field's value for the request: trimmed, or null when blank or absent. */
export function textOrNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}
