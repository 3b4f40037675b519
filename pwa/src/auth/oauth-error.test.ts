import { describe, expect, it } from 'vitest';
import { oauthErrorMessage } from './oauth-error';

describe('oauthErrorMessage', () => {
  it('words the known codes', () => {
    expect(oauthErrorMessage('failed', 'google')).toBe('Google did not confirm the sign-in. Please try again.');
    expect(oauthErrorMessage('unverified', 'github')).toMatch(/^Your GitHub account has no verified email address/);
    expect(oauthErrorMessage('expired', null)).toBe('That sign-in link has expired. Please try again.');
  });
  it('ignores anything else, so no text can be injected through the address', () => {
    expect(oauthErrorMessage('<b>Call 0800 SCAM</b>', 'google')).toBeNull();
    expect(oauthErrorMessage(null, null)).toBeNull();
  });
});
