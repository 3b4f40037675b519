import { describe, expect, it } from 'vitest';
import { deepFreeze, freezeDocument, isDeepFrozen } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes everything inside, and remembers the value it was called on', () => {
    const doc = { _id: 'a', list: [{ n: 1 }, [2]], nested: { deeper: { x: 1 } } };
    expect(deepFreeze(doc)).toBe(doc);
    expect(isDeepFrozen(doc)).toBe(true);
    for (const part of [doc.list, doc.list[0], doc.list[1], doc.nested, doc.nested.deeper]) expect(Object.isFrozen(part)).toBe(true);
    expect(() => {
      (doc.nested.deeper as { x: number }).x = 2;
    }).toThrow(TypeError);
  });

  it('does not take a shallow freeze for a deep one', () => {
    const inner = { x: 1 };
    const shallow = Object.freeze({ inner });
    expect(isDeepFrozen(shallow)).toBe(false);
    deepFreeze({ _id: 'a', shallow });
    expect(Object.isFrozen(inner)).toBe(true);
  });

  it('leaves values other than objects alone', () => {
    expect(deepFreeze('s')).toBe('s');
    expect(deepFreeze(null)).toBe(null);
    expect(isDeepFrozen('s')).toBe(false);
  });

  it('freezeDocument freezes everything inside too, without remembering it as shareable', () => {
    const doc = { _id: 'a', list: [{ n: 1 }], nested: { x: 1 } };
    expect(freezeDocument(doc)).toBe(doc);
    for (const part of [doc, doc.list, doc.list[0], doc.nested]) expect(Object.isFrozen(part)).toBe(true);
    expect(isDeepFrozen(doc)).toBe(false);
    expect(freezeDocument(null)).toBe(null);
  });
});
