import { describe, expect, it } from 'vitest';
import { displayName, initials } from './display-name';

describe('displayName', () => {
  it('is the full name', () => {
    expect(displayName({ firstName: 'Aroha', lastName: 'Ngata', email: 'a@example.nz' })).toBe('Aroha Ngata');
  });
  it('falls back to the email, then User', () => {
    expect(displayName({ firstName: '', lastName: ' ', email: 'a@example.nz' })).toBe('a@example.nz');
    expect(displayName({ firstName: null, lastName: null, email: null })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
  it('uses whichever name part exists', () => {
    expect(displayName({ firstName: 'Aroha', lastName: '', email: 'a@example.nz' })).toBe('Aroha');
  });
});

describe('initials', () => {
  it('are the first letters of first and last name, upper-cased', () => {
    expect(initials({ firstName: 'aroha', lastName: 'ngata', email: 'x@y.nz' })).toBe('AN');
    expect(initials({ firstName: 'Ōtautahi', lastName: 'Ēru' })).toBe('ŌĒ');
  });
  it('fall back to the first letter of the email, then U', () => {
    expect(initials({ firstName: '', lastName: '', email: 'kiri@example.nz' })).toBe('K');
    expect(initials({ email: '' })).toBe('U');
    expect(initials(undefined)).toBe('U');
  });
});
