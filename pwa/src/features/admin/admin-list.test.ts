import { describe, expect, it } from 'vitest';
import { listUrl, moreText, totalOf } from './admin-list';

describe('admin list paging', () => {
  it('asks for one page, with the search when there is one', () => {
    expect(listUrl('/api/admin/users', { page: 1, pageSize: 20, search: '' })).toBe('/api/admin/users?page=1&pageSize=20');
    expect(listUrl('/api/admin/properties', { page: 3, pageSize: 10, search: '  12 Kauri St ' })).toBe('/api/admin/properties?page=3&pageSize=10&search=12+Kauri+St');
    expect(listUrl('/api/admin/users', { page: 2, pageSize: 20, search: 'rēwi&co' })).toBe('/api/admin/users?page=2&pageSize=20&search=r%C4%93wi%26co');
  });

  it('reads the total from X-Total-Count, else counts the page', () => {
    expect(totalOf(new Headers({ 'X-Total-Count': '1234' }), [1, 2])).toBe(1234);
    expect(totalOf(new Headers(), [1, 2])).toBe(2);
    expect(totalOf(new Headers({ 'X-Total-Count': 'many' }), [1])).toBe(1);
  });

  it("says how many properties come after the page shown (the spec's 'And N more properties...')", () => {
    expect(moreText(25, { page: 1, pageSize: 10 })).toBe('And 15 more properties...');
    expect(moreText(11, { page: 1, pageSize: 10 })).toBe('And 1 more property...');
    expect(moreText(2500, { page: 2, pageSize: 10 })).toBe('And 2,480 more properties...');
    expect(moreText(10, { page: 1, pageSize: 10 })).toBeNull();
    expect(moreText(25, { page: 3, pageSize: 10 })).toBeNull();
  });
});
