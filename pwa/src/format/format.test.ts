import { describe, expect, it } from 'vitest';
import { formatArea, formatDateNZ, formatDateTimeNZ, formatKm, formatNumber, formatNZD, formatSignedNZD } from './format';

describe('formats', () => {
  it('formats NZD without decimals', () => {
    expect(formatNZD(1250000.4)).toBe('$1,250,000');
    expect(formatNZD(null)).toBe('—');
  });
  it("writes NZD, whole numbers and areas exactly as Intl's en-NZ does, without asking it for plain figures", () => {
    const intlNzd = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const values = [0, -0, 0.4, 0.5, -0.4, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, 7, 999, 999.5, 1000, 12345.678, -4500, 1250000.4, 123456789, 2 ** 53 - 1, 2 ** 53 + 2, 1e21, -1e22];
    for (const v of values) {
      expect(formatNZD(v), String(v)).toBe(intlNzd.format(v));
      expect(formatSignedNZD(v), String(v)).toBe(`${v >= 0 ? '+' : '-'}${intlNzd.format(Math.abs(v))}`);
      expect(formatNumber(v), String(v)).toBe(v.toLocaleString('en-NZ'));
      expect(formatArea(v), String(v)).toBe(`${v.toLocaleString('en-NZ')} m²`);
    }
  });
  it("writes dates as Intl's en-NZ does on New Zealand's calendar, inside and outside the daylight-saving rules it knows", () => {
    const intlDate = new Intl.DateTimeFormat('en-NZ', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'Pacific/Auckland' });
    for (let month = 0; month < 12; month += 1) {
      for (const iso of [`2025-${String(month + 1).padStart(2, '0')}-15T11:30:00Z`, `1999-${String(month + 1).padStart(2, '0')}-01T11:30:00Z`]) {
        expect(formatDateNZ(iso), iso).toBe(intlDate.format(new Date(iso)));
      }
    }
    expect(formatDateNZ('2025-09-15T00:00:00Z')).toBe('15 Sept 2025');
  });
  it('signs breakdown amounts', () => {
    expect(formatSignedNZD(12000)).toBe('+$12,000');
    expect(formatSignedNZD(0)).toBe('+$0');
    expect(formatSignedNZD(-8000)).toBe('-$8,000');
  });
  it('formats en-NZ dates', () => {
    expect(formatDateNZ('2025-03-05T10:00:00Z')).toBe('5 Mar 2025');
    expect(formatDateNZ('nope')).toBe('—');
  });
  it("dates on New Zealand's calendar, whatever the device's time zone", () => {
    // 10:57 am on 27 November in Auckland (NZDT, UTC+13) is still 26 November in UTC.
    expect(formatDateNZ('2026-11-26T21:57:56Z')).toBe('27 Nov 2026');
    // 11:30 pm on 5 July in Auckland (NZST, UTC+12).
    expect(formatDateNZ('2026-07-05T11:30:00Z')).toBe('5 Jul 2026');
    expect(formatDateNZ('2026-07-05T12:30:00Z')).toBe('6 Jul 2026');
  });
  it("dates and times on New Zealand's clock, whatever the device's time zone", () => {
    // 11:02:07 pm on 25 November in UTC is 12:02:07 pm on 26 November in Auckland (NZDT).
    expect(formatDateTimeNZ('2026-11-25T23:02:07Z')).toBe('26 Nov 2026, 12:02 pm');
    expect(formatDateTimeNZ('2026-11-25T23:02:07Z', { seconds: true })).toBe('26 Nov 2026, 12:02:07 pm');
    expect(formatDateTimeNZ('yesterday')).toBe('yesterday');
    expect(formatDateTimeNZ(null)).toBe('—');
  });
  it('formats areas', () => {
    expect(formatArea(1650)).toBe('1,650 m²');
  });
  it('formats distances to one decimal, and none as a dash', () => {
    expect([formatKm(0), formatKm(1.26), formatKm(12.04), formatKm(null)]).toEqual(['0 km', '1.3 km', '12 km', '—']);
  });
});
