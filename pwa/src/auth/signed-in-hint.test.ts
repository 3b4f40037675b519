import { SIGNED_IN_HINT_COOKIE } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './signed-in-hint';

describe('hasSignedInHint', () => {
  it('reads the hint among other cookies', () => {
    expect(hasSignedInHint(`a=b; ${SIGNED_IN_HINT_COOKIE}=1; c=d`)).toBe(true);
    expect(hasSignedInHint(`${SIGNED_IN_HINT_COOKIE}=1`)).toBe(true);
  });

  it('is false without it, with another value, or for a cookie whose name only ends the same', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('a=b')).toBe(false);
    expect(hasSignedInHint(`${SIGNED_IN_HINT_COOKIE}=0`)).toBe(false);
    expect(hasSignedInHint(`x${SIGNED_IN_HINT_COOKIE}=1`)).toBe(false);
  });

  it('is false outside a browser (no document: the build-time prerender)', () => {
    expect(hasSignedInHint()).toBe(false);
  });
});
