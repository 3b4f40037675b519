import { describe, expect, it } from 'vitest';
import { confirmMessage, invitationQueryKey, invitationToken } from './invitation';

describe('invitationToken', () => {
  it('reads the token, or null without one', () => {
    expect(invitationToken(new URLSearchParams('token=abc_DEF-1'))).toBe('abc_DEF-1');
    expect(invitationToken(new URLSearchParams('token=%20'))).toBeNull();
    expect(invitationToken(new URLSearchParams(''))).toBeNull();
  });
  it('puts it in the query key encoded', () => {
    expect(invitationQueryKey('a b&c')).toEqual(['/api/auth/invitation?token=a%20b%26c']);
  });
});

describe('confirmMessage', () => {
  it('asks for the same password again', () => {
    expect(confirmMessage('secret-pass', '')).toBe('Please confirm your password');
    expect(confirmMessage('secret-pass', undefined)).toBe('Please confirm your password');
    expect(confirmMessage('secret-pass', 'secret-pasS')).toBe('The passwords do not match');
    expect(confirmMessage('secret-pass', 'secret-pass')).toBeNull();
  });
});
