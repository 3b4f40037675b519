import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import { matcherOf } from './filter-matcher';
import type { Doc, Filter } from './read-store';

/** A small deterministic generator, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const VALUES: unknown[] = ['a', 'b', '', 0, 1, -1, 2.5, true, false, null, ['a', 'b'], [1, 2], [], { a: 1 }, undefined];
const SCALARS: unknown[] = ['a', 'b', '', 0, 1, 2.5, true, false];
const FIELDS = ['x', 'y', 'z'];

describe('matcherOf', () => {
  it('answers as mingo does for equalities, $ne and other operators, on random documents', () => {
    const random = prng(20261125);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    let checked = 0;
    for (let f = 0; f < 400; f++) {
      const filter: Filter = {};
      for (const field of FIELDS) {
        const r = random();
        if (r < 0.4) continue;
        if (r < 0.7) filter[field] = pick(SCALARS);
        else if (r < 0.85) filter[field] = { $ne: pick(SCALARS) };
        else if (r < 0.93) filter[field] = { $in: [pick(SCALARS), pick(SCALARS)] };
        else filter[field] = { $gt: pick([0, 1, 'a']) };
      }
      const matches = matcherOf(filter);
      const query = new Query(filter);
      for (let d = 0; d < 30; d++) {
        const doc: Doc = { _id: `d${d}` };
        for (const field of FIELDS) if (random() < 0.85) doc[field] = pick(VALUES);
        expect(matches(doc), `${JSON.stringify(filter)} on ${JSON.stringify(doc)}`).toBe(query.test(doc));
        checked += 1;
      }
    }
    expect(checked).toBe(12_000);
  });

  it('keeps filters apart that JSON would blur (regular expressions, dates, NaN)', () => {
    const doc: Doc = { _id: '1', name: 'Aroha', at: new Date(0), n: null };
    expect(matcherOf({ name: /^Ar/ })(doc)).toBe(true);
    expect(matcherOf({ name: /^Zz/ })(doc)).toBe(false);
    expect(matcherOf({ name: { $regex: 'oha$' } })(doc)).toBe(true);
    expect(matcherOf({ name: { $regex: 'xyz' } })(doc)).toBe(false);
    expect(matcherOf({ at: new Date(0) })(doc)).toBe(new Query({ at: new Date(0) }).test(doc));
    expect(matcherOf({ at: new Date(0).toISOString() })(doc)).toBe(new Query({ at: new Date(0).toISOString() }).test(doc));
    expect(matcherOf({ n: { $ne: NaN } })(doc)).toBe(new Query({ n: { $ne: NaN } }).test(doc));
    expect(matcherOf({ n: { $ne: null } })(doc)).toBe(false);
  });
});
