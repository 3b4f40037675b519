import { describe, expect, it } from 'vitest';
import { sanitizeReturnTo } from './return-to';

describe('sanitizeReturnTo', () => {
  it('keeps same-origin application paths with query and hash', () => {
    expect(sanitizeReturnTo('/profile')).toBe('/profile');
    expect(sanitizeReturnTo('/property/abc?tab=1#x')).toBe('/property/abc?tab=1#x');
  });
  it('defaults to home', () => {
    expect(sanitizeReturnTo(null)).toBe('/');
    expect(sanitizeReturnTo(undefined)).toBe('/');
    expect(sanitizeReturnTo('')).toBe('/');
  });
  it('refuses other origins and tricks', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'profile',
      '/%0d%0aSet-Cookie:x',
      '/\tprofile',
      ' //evil.example',
    ]) {
      const out = sanitizeReturnTo(bad);
      expect(out.startsWith('/') && !out.startsWith('//'), bad).toBe(true);
      expect(out.includes('evil'), bad).toBe(false);
    }
    expect(sanitizeReturnTo('https://evil.example/')).toBe('/');
    expect(sanitizeReturnTo('//evil.example/x')).toBe('/');
  });
  it('does not send the browser to API endpoints or back to sign-in', () => {
    expect(sanitizeReturnTo('/api/logout')).toBe('/');
    expect(sanitizeReturnTo('/api')).toBe('/');
    expect(sanitizeReturnTo('/sign-in?returnTo=/x')).toBe('/');
    expect(sanitizeReturnTo('/apply')).toBe('/apply');
  });
});
