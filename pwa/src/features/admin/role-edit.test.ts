import { describe, expect, it } from 'vitest';
import { roleSaveBlock, sameRoles } from './role-edit';

describe('a role edit', () => {
  it('compares roles as sets', () => {
    expect(sameRoles(['general', 'admin'], ['admin', 'general'])).toBe(true);
    expect(sameRoles(['general'], ['general', 'admin'])).toBe(false);
    expect(sameRoles(['general', 'admin'], ['general', 'mortgage_broker'])).toBe(false);
  });

  it('may be saved only when the ticked roles differ from the current ones', () => {
    expect(roleSaveBlock(['general'], ['general'], false)).toBe('unchanged');
    expect(roleSaveBlock(['admin', 'general'], ['general', 'admin'], false)).toBe('unchanged');
    expect(roleSaveBlock(['general', 'admin'], ['general'], false)).toBeNull();
    expect(roleSaveBlock([], ['general'], false)).toBe('none');
    expect(roleSaveBlock(['admin'], ['general'], true)).toBe('saving');
  });
});
