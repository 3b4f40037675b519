import { describe, expect, it } from 'vitest';
import { nzMonthStart } from './nz-month';

describe('nzMonthStart', () => {
  it('is midnight on the 1st in New Zealand, in summer (UTC+13) and winter (UTC+12)', () => {
    expect(nzMonthStart(new Date('2026-01-20T05:00:00Z'))).toBe('2025-12-31T11:00:00.000Z');
    expect(nzMonthStart(new Date('2026-07-15T00:00:00Z'))).toBe('2026-06-30T12:00:00.000Z');
  });

  it('follows the NZ calendar where UTC is still in the previous month', () => {
    // 31 Oct 12:30 UTC is 1 Nov 01:30 in Auckland (NZDT).
    expect(nzMonthStart(new Date('2026-10-31T12:30:00Z'))).toBe('2026-10-31T11:00:00.000Z');
    // Daylight time began on 27 September, so 1 October started at UTC+13.
    expect(nzMonthStart(new Date('2026-10-31T10:59:00Z'))).toBe('2026-09-30T11:00:00.000Z');
  });
});
