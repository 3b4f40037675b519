import { describe, expect, it } from 'vitest';
import { LoginRequest, ProfileUpdateRequest, RegisterRequest } from '@kainga/contracts';
import {
  EMAIL_MESSAGE,
  emailValidator,
  issuesToFields,
  nameValidator,
  newPasswordValidator,
  passwordValidator,
  type FieldValidator,
} from './validators';

/** The first message the contracts' schema gives, or null: what the PWA's validator must match. */
function schemaMessage(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? 'invalid');
}

const emails = [
  'aroha@example.nz',
  '  Aroha.Ngata@Example.co.nz ',
  'a+tag@sub.example.org',
  "o'brien@example.ie",
  '',
  'not-an-email',
  'a@b',
  'a@b.c',
  '.a@example.nz',
  'a..b@example.nz',
  'a@-example.nz',
  'a b@example.nz',
  `${'x'.repeat(250)}@example.nz`,
];
const names = ['Aroha', '  Kiri ', '', '   ', 'x'.repeat(100), 'x'.repeat(101), 'Ōtautahi'];
const passwords = ['', 'short', '1234567', '12345678', 'x'.repeat(200), 'x'.repeat(201)];

function same(validator: FieldValidator, schema: Parameters<typeof schemaMessage>[0], values: unknown[]) {
  for (const v of values) expect(validator(v), JSON.stringify(v)).toBe(schemaMessage(schema, v));
}

describe('field validators match the contracts (partner/admin spec §5)', () => {
  it('profile', () => {
    same(nameValidator('First name'), ProfileUpdateRequest.shape.firstName, names);
    same(nameValidator('Last name'), ProfileUpdateRequest.shape.lastName, names);
    same(emailValidator, ProfileUpdateRequest.shape.email, emails);
  });
  it('register', () => {
    same(nameValidator('First name'), RegisterRequest.shape.firstName, names);
    same(nameValidator('Last name'), RegisterRequest.shape.lastName, names);
    same(emailValidator, RegisterRequest.shape.email, emails);
    same(newPasswordValidator, RegisterRequest.shape.password, passwords);
  });
  it('login', () => {
    same(emailValidator, LoginRequest.shape.email, emails);
    same(passwordValidator, LoginRequest.shape.password, passwords);
  });
  it('uses the spec texts', () => {
    expect(nameValidator('First name')('')).toBe('First name is required');
    expect(nameValidator('Last name')(' ')).toBe('Last name is required');
    expect(emailValidator('nope')).toBe('Please enter a valid email address');
    expect(EMAIL_MESSAGE).toBe('Please enter a valid email address');
  });
});

describe('issuesToFields', () => {
  it('groups server issues by the form fields', () => {
    expect(
      issuesToFields(
        [
          { path: 'email', message: 'Please enter a valid email address' },
          { path: 'password', message: 'Password must be at least 8 characters' },
          { path: 'unknown', message: 'x' },
          { path: 'email', message: 'second' },
        ],
        ['email', 'password'] as const,
      ),
    ).toEqual([
      { name: 'email', errors: ['Please enter a valid email address', 'second'] },
      { name: 'password', errors: ['Password must be at least 8 characters'] },
    ]);
  });
});
