import { describe, expect, it } from 'vitest';
import { activeDays, quietDaysText } from './daily-table';

describe('the chart’s table of days', () => {
  const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
  it('lists only the days with activity and counts the others', () => {
    const lines = [{ values: [0, 12, 0, 0] }, { values: [0, 0, 0, 1] }];
    expect(activeDays(days, lines)).toEqual({ rows: [1, 3], quietDays: 2 });
  });
  it('does not count a figure that is not available as activity', () => {
    expect(activeDays(days, [{ values: [null, 0, 0.5, null] }])).toEqual({ rows: [2], quietDays: 3 });
  });
  it('counts a rate of 0 (impressions without a click) as a figure, only a missing rate as nothing', () => {
    expect(activeDays(days, [{ values: [0, null, 0.25, null], rate: true }])).toEqual({ rows: [0, 2], quietDays: 2 });
  });
  it('lists the days the caller says had activity, when given', () => {
    expect(activeDays(days, [{ values: [null, null, 0.5, null], rate: true }], [false, true, true, false])).toEqual({ rows: [1, 2], quietDays: 2 });
  });
  it('says how many days had none', () => {
    expect(quietDaysText(28, 30)).toBe('28 of the 30 days had no activity and are not listed.');
    expect(quietDaysText(4, 4)).toBe('No activity on any of the 4 days.');
    expect(quietDaysText(0, 30)).toBeNull();
  });
});
