import { describe, expect, it } from 'vitest';
import { markdownTable } from './table';
import { isEndToEndRow, mergeValuationRows } from './valuation-phase';

const base = `${markdownTable([
  { measure: 'Single-event appends', result: '7,643 /s', aim: '≥ 10,000 /s' },
  { measure: '…the same, 50 in flight', result: '23,812 /s', aim: '—' },
])}\n\n_Measured 2026-11-22 with \`npm run bench\` on Node._\n`;

describe('mergeValuationRows', () => {
  it('appends the valuation rows, keeps the other rows and notes, and replaces them on the next merge', () => {
    const first = mergeValuationRows(base, [{ measure: 'Valuation MdAPE', result: '11.3 %', aim: '≤ 10 %' }], '_Valuation rows measured day 1._')!;
    expect(first).toContain('| Single-event appends');
    expect(first).toContain('| …the same, 50 in flight');
    expect(first).toContain('| Valuation MdAPE');
    expect(first).toContain('_Measured 2026-11-22 with `npm run bench` on Node._');
    expect(first.trimEnd().endsWith('_Valuation rows measured day 1._')).toBe(true);

    const second = mergeValuationRows(first, [{ measure: 'Valuation MdAPE', result: '4.6 %', aim: '≤ 10 %' }], '_Valuation rows measured day 2._')!;
    expect(second).not.toContain('11.3 %');
    expect(second).toContain('4.6 %');
    expect(second).not.toContain('day 1');
    expect(second.match(/\| Valuation MdAPE/g)).toHaveLength(1);
    expect(second.split('\n').filter((l) => l.startsWith('|'))).toHaveLength(5);
  });

  it('keeps the old valuation rows `keep` picks (end-to-end rows of a run that skipped the load), after the new ones', () => {
    const first = mergeValuationRows(
      base,
      [
        { measure: 'Valuation MdAPE', result: '11.3 %', aim: '≤ 10 %' },
        { measure: 'Valuations end to end: one at a time', result: '19.5 /s', aim: '—' },
      ],
      '_Valuation rows measured day 1._',
    )!;
    const second = mergeValuationRows(first, [{ measure: 'Valuation MdAPE', result: '6.9 %', aim: '≤ 1.2×' }], '_Valuation rows measured day 2._', isEndToEndRow)!;
    const lines = second.split('\n').filter((l) => l.startsWith('|'));
    expect(lines).toHaveLength(6);
    expect(lines[4]).toContain('6.9 %');
    expect(lines[5]).toContain('19.5 /s');
    expect(mergeValuationRows(first, [{ measure: 'Valuation MdAPE', result: '6.9 %', aim: '—' }], '_x_')).not.toContain('19.5 /s');
  });

  it('declines a file with no table', () => {
    expect(mergeValuationRows('nothing here\n', [], '_x_')).toBeNull();
  });
});
