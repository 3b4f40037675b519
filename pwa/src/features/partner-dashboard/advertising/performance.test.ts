import { describe, expect, it } from 'vitest';
import { addDays, nzDay } from '../../../format/nz-time';
import { clickThroughRate, dailySeries, dayLabel, formatClickThrough, hasActivity } from './performance';

describe('NZ days', () => {
  it('takes the calendar day in New Zealand, not UTC', () => {
    // 11:30 UTC on 1 March is 00:30 on 2 March in NZ (NZDT, +13).
    expect(nzDay(new Date('2026-03-01T11:30:00Z'))).toBe('2026-03-02');
    expect(nzDay(new Date('2026-03-01T10:30:00Z'))).toBe('2026-03-01');
  });
  it('adds days across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
  it('labels a day like "5 Mar"', () => {
    expect(dayLabel('2026-03-05')).toBe('5 Mar');
  });
});

describe('dailySeries', () => {
  it('has one point per day of the window ending today, oldest first, missing days as zeros', () => {
    const series = dailySeries(
      {
        days: [
          { date: '2026-03-02', impressions: 10, clicks: 1, leads: 0 },
          { date: '2026-02-20', impressions: 99, clicks: 9, leads: 9 }, // outside the window
          { date: '2026-03-04', impressions: 5, clicks: 0, leads: 2 },
        ],
      },
      4,
      '2026-03-04',
    );
    expect(series).toEqual([
      { date: '2026-03-01', impressions: 0, clicks: 0, leads: 0 },
      { date: '2026-03-02', impressions: 10, clicks: 1, leads: 0 },
      { date: '2026-03-03', impressions: 0, clicks: 0, leads: 0 },
      { date: '2026-03-04', impressions: 5, clicks: 0, leads: 2 },
    ]);
  });
});

describe('totals', () => {
  it('gives click-through with one decimal, and a dash before any impression', () => {
    expect(formatClickThrough(299, 12450)).toBe('2.4%');
    expect(formatClickThrough(1, 3)).toBe('33.3%');
    expect(formatClickThrough(0, 10)).toBe('0.0%');
    expect(formatClickThrough(0, 0)).toBe('—');
  });
  it('has no click-through for clicks without a counted impression (filtered, or before the period), never "0%"', () => {
    expect(clickThroughRate(1, 0)).toBeNull();
    expect(formatClickThrough(1, 0)).toBe('—');
    expect(clickThroughRate(3, 1)).toBeNull();
    expect(clickThroughRate(1, 4)).toBe(0.25);
    expect(clickThroughRate(0, 4)).toBe(0);
  });
  it('knows an empty window', () => {
    const totals = { impressions: 0, clicks: 0, leads: 0, clickThroughRate: 0 };
    expect(hasActivity({ totals, days: [] })).toBe(false);
    expect(hasActivity({ totals: { ...totals, leads: 1 }, days: [] })).toBe(true);
  });
});
