import { describe, expect, it } from 'vitest';
import { signInOffer } from './sign-in-offer';

describe('signInOffer', () => {
  it('promises only email until the providers are known', () => {
    expect(signInOffer(undefined)).toBe('Sign in with your email address');
  });
  it('promises only email when no other provider is configured', () => {
    expect(signInOffer({ google: false, github: false, email: true })).toBe('Sign in with your email address');
  });
  it('names each configured provider', () => {
    expect(signInOffer({ google: true, github: false, email: true })).toBe('Sign in with Google or email');
    expect(signInOffer({ google: false, github: true, email: true })).toBe('Sign in with GitHub or email');
    expect(signInOffer({ google: true, github: true, email: true })).toBe('Sign in with Google, GitHub or email');
  });
});
