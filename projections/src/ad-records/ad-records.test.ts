import type { RecordedEvent } from '@kainga/platform';
import { describe, expect, it } from 'vitest';
import { AD_RECORD_COLUMNS, csvHeader, csvLine, ndjsonLine, toAdRecord } from './ad-records';
import { click, impression } from './ad-log.fixture';

const recorded = (e: ReturnType<typeof impression>, position: string): RecordedEvent => ({ ...e, streamName: 'adActivity-2026-03-01', revision: 0, position, recordedAt: '2026-03-01T10:00:00.000Z' });

describe('ad records', () => {
  it('flattens an impression and a click into one record shape, keys in the column order', () => {
    const i = toAdRecord(recorded(impression(1, '2026-03-01T09:00:00.000Z'), '00000000000000000001'));
    const c = toAdRecord(recorded(click(1, '2026-03-01T09:00:01.000Z', { userId: 'u-1' }), '00000000000000000002'));
    expect(Object.keys(i)).toEqual([...AD_RECORD_COLUMNS]);
    expect(Object.keys(c)).toEqual([...AD_RECORD_COLUMNS]);
    expect(i).toMatchObject({ kind: 'impression', activityId: 'impression-1', eventId: 'event-impression-1', userId: null, at: '2026-03-01T09:00:00.000Z' });
    expect(c).toMatchObject({ kind: 'click', activityId: 'click-1', eventId: 'event-click-1', userId: 'u-1' });
  });

  it('keeps a field missing from old data as null, never dropping the key', () => {
    const e = recorded(impression(1, '2026-03-01T09:00:00.000Z'), '00000000000000000001');
    const r = toAdRecord({ ...e, data: { impressionId: 'i-1' } });
    expect(Object.keys(r)).toEqual([...AD_RECORD_COLUMNS]);
    expect(r.tier).toBeNull();
    expect(ndjsonLine(r)).toContain('"tier":null,');
  });

  it('neutralises in CSV the anonymous fields a spreadsheet would run as formulas, and leaves NDJSON as recorded', () => {
    const formulas = { city: '=HYPERLINK("https://evil.example","x")', suburb: '+SUM(1,2)', propertyId: '@SUM(A1)', userAgent: "=cmd|' /C calc'!A0" };
    const r = toAdRecord(recorded(click(1, '2026-03-01T09:00:01.000Z', formulas), '00000000000000000002'));
    expect(csvLine(r)).toContain(`,"'=HYPERLINK(""https://evil.example"",""x"")","'+SUM(1,2)",,'@SUM(A1),'=cmd|' /C calc'!A0,`);
    expect(JSON.parse(ndjsonLine(r))).toMatchObject(formulas);
  });

  it('writes a header and rows of the same width, each ending in CRLF', () => {
    const r = toAdRecord(recorded(click(1, '2026-03-01T09:00:01.000Z', { userAgent: 'x, "y"' }), '00000000000000000002'));
    expect(csvHeader()).toBe(`${AD_RECORD_COLUMNS.join(',')}\r\n`);
    expect(csvLine(r)).toContain(',"x, ""y""",');
    expect(csvLine(r).endsWith('\r\n')).toBe(true);
  });
});
