import { describe, expect, it } from 'vitest';
import { keysNotOwnedBy, privateKey } from './private-store';

describe('the personal store on the device', () => {
  const stored = [privateKey('u1', 'partner-inbox/mortgage_broker'), privateKey('u1', 'partner-outbox'), privateKey('u12', 'partner-outbox'), privateKey('u2', 'partner-outbox'), 42];
  it('keeps only the new owner’s entries when the person changes (an id that merely starts alike is not theirs)', () => {
    expect(keysNotOwnedBy(stored, 'u1')).toEqual([privateKey('u12', 'partner-outbox'), privateKey('u2', 'partner-outbox'), 42]);
  });
  it('keeps nothing when signed out', () => {
    expect(keysNotOwnedBy(stored, null)).toEqual(stored);
  });
});
