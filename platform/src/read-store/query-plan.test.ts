import { describe, expect, it } from 'vitest';
import { EmbeddedIndex } from './embedded-index';
import { planQuery, walk } from './query-plan';

const docs = [
  { _id: 'a', status: 'completed', createdAt: '2026-01-03', userId: 'u1' },
  { _id: 'b', status: 'pending', createdAt: '2026-01-02', userId: 'u1' },
  { _id: 'c', status: 'completed', createdAt: '2026-01-01', userId: 'u2' },
  { _id: 'd', status: 'completed', createdAt: '2026-01-04' },
];
const index = (keys: Record<string, 1 | -1>) => {
  const i = new EmbeddedIndex({ keys });
  i.build(docs);
  return i;
};

describe('planQuery', () => {
  const byStatus = index({ status: 1, createdAt: -1, _id: 1 });
  const byUser = index({ userId: 1, createdAt: -1, _id: 1 });

  it('walks the equality prefix in the sort order, exactly, so a limit stops the walk', () => {
    const plan = planQuery([byUser, byStatus], { status: 'completed' }, { createdAt: -1, _id: 1 })!;
    expect(plan).toMatchObject({ index: byStatus, servesSort: true, reverse: false, exact: true });
    expect([...walk(plan)].map((e) => e._id)).toEqual(['d', 'a', 'c']);
    const backwards = planQuery([byStatus], { status: 'completed' }, { createdAt: 1, _id: -1 })!;
    expect(backwards).toMatchObject({ servesSort: true, reverse: true });
    expect([...walk(backwards)].map((e) => e._id)).toEqual(['c', 'a', 'd']);
  });

  it('bounds ranges by type and takes $in as several ranges in index order', () => {
    const range = planQuery([byStatus], { status: 'completed', createdAt: { $gte: '2026-01-02' } }, { createdAt: -1, _id: 1 })!;
    expect(range.exact).toBe(true);
    expect([...walk(range)].map((e) => e._id)).toEqual(['d', 'a']);
    const among = planQuery([byUser], { userId: { $in: ['u2', 'u1'] } })!;
    expect([...walk(among)].map((e) => e._id)).toEqual(['a', 'b', 'c']); // u1 newest first, then u2
    // A missing field is null to an index, as to a query.
    expect([...walk(planQuery([byUser], { userId: null })!)].map((e) => e._id)).toEqual(['d']);
  });

  it('sorts only the index it picks, when the indexes are still to be built', () => {
    const byCreated = new EmbeddedIndex({ keys: { createdAt: 1 } });
    const byUserLater = new EmbeddedIndex({ keys: { userId: 1, createdAt: -1, _id: 1 } });
    const byStatusLater = new EmbeddedIndex({ keys: { status: 1, createdAt: -1, _id: 1 } });
    const all = new Map(docs.map((d) => [d._id, d]));
    for (const i of [byCreated, byUserLater, byStatusLater]) i.buildLater(all);
    const plan = planQuery([byCreated, byUserLater, byStatusLater], { userId: 'u1' }, { createdAt: -1, _id: 1 })!;
    expect(plan.index).toBe(byUserLater);
    expect([byCreated.built, byUserLater.built, byStatusLater.built]).toEqual([false, true, false]);
    expect([...walk(plan)].map((e) => e._id)).toEqual(['a', 'b']);
  });

  it('leaves what no index covers to a scan, and tests what an index only narrows', () => {
    expect(planQuery([byStatus], { userId: 'u1' })).toBeNull();
    expect(planQuery([byStatus], {}, { _id: 1 })).toBeNull();
    expect(planQuery([byStatus], { status: 'completed', userId: 'u1' })).toMatchObject({ index: byStatus, exact: false });
    expect(planQuery([byStatus], { status: 'completed' }, { userId: 1 })).toMatchObject({ servesSort: false });
    const withArrays = new EmbeddedIndex({ keys: { tags: 1 } });
    withArrays.build([{ _id: 'x', tags: ['a', 'b'] }]);
    expect(planQuery([withArrays], { tags: 'a' })).toBeNull(); // an array value: MongoDB would index each element
  });
});
