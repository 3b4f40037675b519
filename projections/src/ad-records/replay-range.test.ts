import { describe, expect, it } from 'vitest';
import { parseBound, parseRange, QUERY_BOUND_NAMES, reached, ReplayUsageError, startAfter } from './replay-range';

describe('replay range', () => {
  it('reads a day as its first instant (UTC) at either end: the range is [from, to), so a range can start where another ends', () => {
    expect(parseBound('--from', '2026-03-01')).toEqual({ kind: 'time', ms: Date.parse('2026-03-01T00:00:00Z'), text: '2026-03-01T00:00:00.000Z' });
    expect(parseBound('--to', '2026-03-01')).toEqual(parseBound('--from', '2026-03-01'));
    expect(parseBound('--to', '2026-12-31')).toMatchObject({ text: '2026-12-31T00:00:00.000Z' });
    expect(() => parseRange('2026-03-01', '2026-03-01')).toThrow('--to 2026-03-01 is not after --from 2026-03-01: the range is empty.');
  });

  it('reads a timestamp with its zone as that instant', () => {
    expect(parseBound('--from', '2026-03-02T13:00+13:00')).toMatchObject({ kind: 'time', text: '2026-03-02T00:00:00.000Z' });
    expect(parseBound('--to', '2026-03-02T10:00:00.250Z')).toMatchObject({ kind: 'time', text: '2026-03-02T10:00:00.250Z' });
  });

  it('reads a whole number, or a position as the store writes it, as a log position', () => {
    expect(parseBound('--from', '42')).toEqual({ kind: 'position', position: '00000000000000000042' });
    expect(parseBound('--from', '00000000000000000042')).toEqual({ kind: 'position', position: '00000000000000000042' });
    const esdb = '00000000000000001234-00000000000000001200';
    expect(parseBound('--to', esdb)).toEqual({ kind: 'position', position: esdb });
  });

  it.each(['', 'today', '2026-3-1', '2026-02-29', '2026-13-01', '2026-03-01T10:00', '2026-03-01 10:00Z', '1.5', '-1', '0x10', '123456789012345678901'])('refuses %j', (value) => {
    expect(() => parseBound('--from', value)).toThrow(ReplayUsageError);
  });

  it('refuses a range empty by its own ends, allows mixed kinds', () => {
    expect(() => parseRange('2026-03-02', '2026-03-01')).toThrow('--to 2026-03-01 is not after --from 2026-03-02: the range is empty.');
    expect(() => parseRange('9', '10')).not.toThrow();
    expect(() => parseRange('10', '9')).toThrow(ReplayUsageError);
    expect(parseRange('10', '2026-03-01')).toMatchObject({ from: { kind: 'position' }, to: { kind: 'time' } });
    expect(parseRange(undefined, undefined)).toEqual({ from: null, to: null });
  });

  it('compares positions in log order and times by instant', () => {
    const e = { position: '00000000000000000010', recordedAt: '2026-03-01T10:00:00.000Z' };
    expect(reached(e, parseBound('--from', '10'))).toBe(true);
    expect(reached(e, parseBound('--from', '11'))).toBe(false);
    expect(reached(e, parseBound('--from', '2026-03-01T10:00:00Z'))).toBe(true);
    expect(reached(e, parseBound('--from', '2026-03-01T10:00:00.001Z'))).toBe(false);
    // On EventStoreDB, N sorts before every event of commit position N.
    expect(reached({ ...e, position: '00000000000000000010-00000000000000000008' }, parseBound('--from', '10'))).toBe(true);
    expect(reached({ ...e, position: '00000000000000000009-00000000000000000009' }, parseBound('--from', '10'))).toBe(false);
  });

  it('starts the embedded store right before a --from position, and from the first ad event otherwise', () => {
    expect(startAfter(parseBound('--from', '42'), 'sqlite')).toBe('00000000000000000041');
    expect(startAfter(parseBound('--from', '1'), 'sqlite')).toBe('00000000000000000000');
    expect(startAfter(parseBound('--from', '0'), 'sqlite')).toBeNull();
    expect(startAfter(parseBound('--from', '42'), 'eventstoredb')).toBeNull();
    expect(startAfter(parseBound('--from', '2026-03-01'), 'sqlite')).toBeNull();
    expect(startAfter(null, 'sqlite')).toBeNull();
  });

  it('names the ends as the API’s query parameters when asked, with the same rules', () => {
    expect(parseBound('to', '2026-03-01')).toMatchObject({ text: '2026-03-01T00:00:00.000Z' });
    expect(parseBound('from', '2026-03-01')).toMatchObject({ text: '2026-03-01T00:00:00.000Z' });
    expect(() => parseRange('2026-03-02', '2026-03-01', QUERY_BOUND_NAMES)).toThrow('to 2026-03-01 is not after from 2026-03-02: the range is empty.');
    expect(() => parseRange('soon', undefined, QUERY_BOUND_NAMES)).toThrow(/^from soon: expected a date/);
  });
});
