import { describe, expect, it } from 'vitest';
import { applyUpdate, copyValue } from './apply-update';

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

  it('copies values deeply, fields in their order, an own "__proto__" field as a field', () => {
    const value = JSON.parse('{"b":1,"a":{"list":[1,{"x":2}],"n":null},"__proto__":{"polluted":true},"z":"s"}') as Record<string, unknown>;
    const copy = copyValue(value);
    expect(copy).toEqual(value);
    expect(Object.keys(copy)).toEqual(['b', 'a', '__proto__', 'z']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).not.toBe(Object.getOwnPropertyDescriptor(value, '__proto__')?.value);
    const a = copy['a'] as { list: [number, { x: number }] };
    expect(a).not.toBe(value['a']);
    expect(a.list[1]).not.toBe((value['a'] as { list: unknown[] }).list[1]);
    // A frozen original gives a copy that can change.
    const frozen = Object.freeze({ n: 1, inner: Object.freeze({ m: 2 }) });
    const thawed = copyValue(frozen) as { n: number; inner: { m: number } };
    thawed.n = 2;
    thawed.inner.m = 3;
    expect(frozen).toEqual({ n: 1, inner: { m: 2 } });
  });
});
