import { describe, expect, it } from 'vitest';
import { oncePerFrozen } from './once-per-frozen';

describe('oncePerFrozen', () => {
  it('derives once per frozen value, and every time for a value that could change', () => {
    let calls = 0;
    const lengthOf = oncePerFrozen((doc: { text: string }) => {
      calls += 1;
      return doc.text.length;
    });
    const frozen = Object.freeze({ text: 'abc' });
    expect([lengthOf(frozen), lengthOf(frozen)]).toEqual([3, 3]);
    expect(calls).toBe(1);
    const open = { text: 'abc' };
    expect(lengthOf(open)).toBe(3);
    open.text = 'abcdef';
    expect(lengthOf(open)).toBe(6);
    expect(calls).toBe(3);
  });
});
