import { describe, expect, it } from 'vitest';
import { nzCalendarDay, RULE_YEARS } from './nz-calendar-day';

const intl = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', year: 'numeric', month: 'numeric', day: 'numeric' });
const intlDay = (ms: number) => {
  const parts = Object.fromEntries(intl.formatToParts(ms).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
};

describe('nzCalendarDay', () => {
  it("agrees with Intl's Pacific/Auckland on each side of every New Zealand midnight of the rules' years", () => {
    // New Zealand's day turns at 11:00 UTC (NZDT) or 12:00 UTC (NZST): the only instants where
    // the offset decides the date. Each is checked a millisecond before and at the hour.
    const mismatches: string[] = [];
    for (let day = Date.UTC(RULE_YEARS.first, 0, 1); day <= Date.UTC(RULE_YEARS.last, 11, 31); day += 86_400_000) {
      for (const ms of [11, 12].flatMap((h) => [day + h * 3_600_000 - 1, day + h * 3_600_000])) {
        const ours = nzCalendarDay(ms);
        const theirs = intlDay(ms);
        if (JSON.stringify(ours) !== JSON.stringify(theirs)) mismatches.push(`${new Date(ms).toISOString()}: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('knows the days around the 2026 daylight-saving changes', () => {
    // NZDT ends 3:00 am on Sunday 5 April 2026 (14:00 UTC on the 4th) and starts 2:00 am on Sunday 27 September 2026.
    expect(nzCalendarDay(Date.parse('2026-04-04T10:59:59Z'))).toEqual({ year: 2026, month: 4, day: 4 });
    expect(nzCalendarDay(Date.parse('2026-04-04T11:00:00Z'))).toEqual({ year: 2026, month: 4, day: 5 });
    expect(nzCalendarDay(Date.parse('2026-04-05T11:30:00Z'))).toEqual({ year: 2026, month: 4, day: 5 });
    expect(nzCalendarDay(Date.parse('2026-09-27T11:30:00Z'))).toEqual({ year: 2026, month: 9, day: 28 });
    expect(nzCalendarDay(Date.parse('2026-12-31T11:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
  });

  it('leaves instants outside the rules to Intl', () => {
    expect(nzCalendarDay(Date.parse('2007-06-01T00:00:00Z'))).toBeNull();
    expect(nzCalendarDay(Date.parse('2100-06-01T00:00:00Z'))).toBeNull();
    expect(nzCalendarDay(Number.NaN)).toBeNull();
  });
});
