import { describe, expect, it } from 'vitest';
import { addDays, instantOfNZ, instantOfNZInput, nzDateTimeInput, nzDay, startOfNZDay } from './nz-time';

describe('New Zealand wall-clock time', () => {
  it("gives New Zealand's date, not the device's", () => {
    // 10:57 am on 27 November in Auckland (NZDT, UTC+13) is 26 November in UTC and in Los Angeles.
    expect(nzDay(new Date('2026-11-26T21:57:56Z'))).toBe('2026-11-27');
    expect(nzDateTimeInput('2026-11-26T21:57:56Z')).toBe('2026-11-27T10:57');
    expect(nzDateTimeInput('2026-07-05T12:30:00Z')).toBe('2026-07-06T00:30');
    expect(nzDateTimeInput('later')).toBe('');
    expect(nzDateTimeInput(undefined)).toBe('');
  });

  it('reads a date and time as New Zealand time, in summer and winter', () => {
    expect(instantOfNZInput('2026-11-27T10:57')).toBe('2026-11-26T21:57:00.000Z');
    expect(instantOfNZInput('2026-07-06T00:30:15')).toBe('2026-07-05T12:30:15.000Z');
    expect(instantOfNZInput('1 March')).toBeUndefined();
    expect(instantOfNZInput('2026-13-01T00:00')).toBeUndefined();
  });

  it('lands on the right side of a daylight-saving change', () => {
    // Clocks go back at 3 am NZDT on 5 April 2026 (to 2 am NZST) and forward at 2 am NZST on 27 September.
    expect(instantOfNZ(2026, 4, 5, 1, 0).toISOString()).toBe('2026-04-04T12:00:00.000Z');
    expect(instantOfNZ(2026, 4, 5, 4, 0).toISOString()).toBe('2026-04-04T16:00:00.000Z');
    expect(instantOfNZ(2026, 9, 27, 1, 0).toISOString()).toBe('2026-09-26T13:00:00.000Z');
    expect(instantOfNZ(2026, 9, 27, 4, 0).toISOString()).toBe('2026-09-26T15:00:00.000Z');
  });

  it('starts a day at midnight in New Zealand, and refuses a day that is not one', () => {
    expect(startOfNZDay('2026-11-25').toISOString()).toBe('2026-11-24T11:00:00.000Z');
    expect(startOfNZDay('2026-06-01').toISOString()).toBe('2026-05-31T12:00:00.000Z');
    expect(Number.isNaN(startOfNZDay('2026-02-31').getTime())).toBe(true);
    expect(Number.isNaN(startOfNZDay('soon').getTime())).toBe(true);
    expect([addDays('2026-11-30', 1), addDays('2026-12-31', 1), addDays('2028-02-28', 1)]).toEqual(['2026-12-01', '2027-01-01', '2028-02-29']);
  });
});
