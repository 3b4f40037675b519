import { describe, expect, it } from 'vitest';
import { applyUpdate } from './apply-update';

describe('applyUpdate', () => {
  it('sets, increments and unsets along dotted paths', () => {
    const doc: Record<string, unknown> = { _id: 'a', n: 1, stats: { views: 2 } };
    expect(applyUpdate(doc, { $set: { 'stats.city': 'Napier', name: 'x' }, $inc: { n: 2, 'stats.views': 1, fresh: 5 } })).toBe(true);
    expect(doc).toEqual({ _id: 'a', n: 3, name: 'x', fresh: 5, stats: { views: 3, city: 'Napier' } });
    expect(applyUpdate(doc, { $unset: { 'stats.city': '', missing: '' } })).toBe(true);
    expect(doc.stats).toEqual({ views: 3 });
  });

  it('pushes, adds to sets (with $each) and pulls', () => {
    const doc: Record<string, unknown> = { _id: 'a', tags: ['a'] };
    applyUpdate(doc, { $push: { log: 1 }, $addToSet: { tags: { $each: ['a', 'b', 'b'] } } });
    expect(doc).toMatchObject({ log: [1], tags: ['a', 'b'] });
    applyUpdate(doc, { $pull: { tags: 'a' } });
    expect(doc.tags).toEqual(['b']);
    const objs: Record<string, unknown> = { _id: 'b', items: [{ n: 1 }, { n: 5 }] };
    applyUpdate(objs, { $pull: { items: { n: { $gt: 2 } } } });
    expect(objs.items).toEqual([{ n: 1 }]);
  });

  it('reports no change when nothing changes', () => {
    const doc: Record<string, unknown> = { _id: 'a', name: 'x', tags: ['a'] };
    expect(applyUpdate(doc, { $set: { name: 'x' }, $addToSet: { tags: 'a' }, $inc: { n: 0 } })).toBe(true); // $inc creates n
    expect(applyUpdate(doc, { $set: { name: 'x' }, $addToSet: { tags: 'a' }, $inc: { n: 0 } })).toBe(false);
  });

  it('does not share values with the update', () => {
    const roles = ['general'];
    const doc: Record<string, unknown> = { _id: 'a' };
    applyUpdate(doc, { $set: { roles } });
    roles.push('admin');
    expect(doc.roles).toEqual(['general']);
  });

  it('refuses to $inc text', () => {
    expect(() => applyUpdate({ _id: 'a', n: 'x' }, { $inc: { n: 1 } })).toThrow(/non-numeric/);
  });
});
