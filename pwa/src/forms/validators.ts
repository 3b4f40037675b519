/**
 * Client-side field validation with the exact rules and messages of the contracts' schemas
 * (`RegisterRequest`, `LoginRequest`, `ProfileUpdateRequest` in @kainga/contracts; partner/admin
 * spec §5 for the profile messages). They are re-stated here so the PWA ships no zod;
 * validators.test.ts checks them against the schemas themselves, so they cannot drift.
 */

/** A validator answers the first problem's message, or null when the value is fine. */
export type FieldValidator = (value: unknown) => string | null;

/** zod's default e-mail pattern (zod/v4/core/regexes.ts `email`), used by the contracts. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** First name / last name: required after trimming, at most 100 characters. */
export function nameValidator(label: 'First name' | 'Last name'): FieldValidator {
  return (value) => {
    if (typeof value !== 'string') return `${label} is required`;
    const v = value.trim();
    if (v.length < 1) return `${label} is required`;
    if (v.length > 100) return `${label} is too long`;
    return null;
  };
}

export const emailValidator: FieldValidator = (value) => {
  if (typeof value !== 'string') return EMAIL_MESSAGE;
  const v = value.trim();
  if (v.length > 254 || !EMAIL_PATTERN.test(v)) return EMAIL_MESSAGE;
  return null;
};

/** A new account's password: 8 to 200 characters. */
export const newPasswordValidator: FieldValidator = (value) => {
  if (typeof value !== 'string') return 'Password is required';
  if (value.length < 8) return 'Password must be at least 8 characters';
  if (value.length > 200) return 'Password is too long';
  return null;
};

/** Signing in: any non-empty password up to 200 characters. */
export const passwordValidator: FieldValidator = (value) => {
  if (typeof value !== 'string' || value.length < 1) return 'Password is required';
  if (value.length > 200) return 'Password is too long';
  return null;
};

/** An antd Form rule from a validator. */
export function rule(validate: FieldValidator) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const message = validate(value ?? '');
      if (message) throw new Error(message);
    },
  };
}

/** Map the server's 400 field issues to antd `setFields` entries (only for fields the form has). */
export function issuesToFields<F extends string>(
  issues: readonly { path: string; message: string }[],
  fields: readonly F[],
): { name: F; errors: string[] }[] {
  const byField = new Map<F, string[]>();
  for (const issue of issues) {
    const name = issue.path.split('.')[0] as F;
    if (!fields.includes(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
