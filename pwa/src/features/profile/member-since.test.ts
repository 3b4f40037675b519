import { describe, expect, it } from 'vitest';
import { formatMemberSince } from './member-since';

describe('formatMemberSince (en-NZ: year numeric, month short, day numeric)', () => {
  it('formats', () => {
    const out = formatMemberSince('2025-03-05T10:00:00.000Z');
    expect(out).toMatch(/^5 Mar(\.)? 2025$/);
  });
  it('handles missing or bad dates', () => {
    expect(formatMemberSince(null)).toBe('—');
    expect(formatMemberSince('nope')).toBe('—');
  });
});
