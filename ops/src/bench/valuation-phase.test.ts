import { describe, expect, it } from 'vitest';
import { markdownTable } from './table';
import { mergeValuationRows } from './valuation-phase';

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

  it('declines a file with no table', () => {
    expect(mergeValuationRows('nothing here\n', [], '_x_')).toBeNull();
  });
});
