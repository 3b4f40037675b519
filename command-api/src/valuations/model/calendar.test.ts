import { describe, expect, it } from 'vitest';
import { daysBetween, formatIsoDate, monthsBefore, nzDateOf, parseIsoDate } from './calendar';

describe('calendar', () => {
  it('reads today in New Zealand, not in UTC', () => {
    // 20:00 UTC on 21 Nov is 09:00 NZDT on 22 Nov.
    expect(nzDateOf(new Date('2026-11-21T20:00:00Z'))).toEqual({ year: 2026, month: 11, day: 22 });
    // 00:00 UTC on 15 June is 12:00 NZST the same day.
    expect(nzDateOf(new Date('2026-06-15T00:00:00Z'))).toEqual({ year: 2026, month: 6, day: 15 });
  });

  it('parses real dates only', () => {
    expect(parseIsoDate('2026-02-28')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(parseIsoDate('2026-02-28T10:00:00Z')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('28/02/2026')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
  });

  it('goes back whole calendar months, clamping to the month end', () => {
    expect(formatIsoDate(monthsBefore({ year: 2026, month: 5, day: 31 }, 3))).toBe('2026-02-28');
    expect(formatIsoDate(monthsBefore({ year: 2024, month: 5, day: 31 }, 3))).toBe('2024-02-29');
    expect(formatIsoDate(monthsBefore({ year: 2026, month: 2, day: 15 }, 3))).toBe('2025-11-15');
    expect(formatIsoDate(monthsBefore({ year: 2026, month: 1, day: 10 }, 24))).toBe('2024-01-10');
    expect(formatIsoDate(monthsBefore({ year: 2026, month: 12, day: 10 }, 12))).toBe('2025-12-10');
  });

  it('counts days between calendar dates', () => {
    expect(daysBetween({ year: 2026, month: 5, day: 16 }, { year: 2026, month: 6, day: 15 })).toBe(30);
    expect(daysBetween({ year: 2026, month: 4, day: 16 }, { year: 2026, month: 6, day: 15 })).toBe(60);
    // Across the April DST change in New Zealand: still whole days.
    expect(daysBetween({ year: 2026, month: 4, day: 1 }, { year: 2026, month: 4, day: 10 })).toBe(9);
    expect(daysBetween({ year: 2026, month: 6, day: 15 }, { year: 2026, month: 6, day: 14 })).toBe(-1);
  });
});
