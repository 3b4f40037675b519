import { csvRows } from '@kainga/contracts';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv', () => {
  it('reads plain records with LF or CRLF line ends', () => {
    expect(fields('a,b,c\n1,2,3\n')).toEqual([['a', 'b', 'c'], ['1', '2', '3']]);
    expect(fields('a,b,c\r\n1,2,3\r\n')).toEqual([['a', 'b', 'c'], ['1', '2', '3']]);
    expect(fields('a,b\r\n1,2')).toEqual([['a', 'b'], ['1', '2']]);
    expect(fields('a,b\r1,2\r')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('keeps empty fields', () => {
    expect(fields('a,,c,\n,,x,\n')).toEqual([['a', '', 'c', ''], ['', '', 'x', '']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(fields('"Flat 2, 37 Seaview Road","$1,250,000"\n')).toEqual([['Flat 2, 37 Seaview Road', '$1,250,000']]);
    expect(fields('"She said ""hi""",x\n')).toEqual([['She said "hi"', 'x']]);
    expect(fields('"two\r\nlines",x\r\nnext,y\r\n')).toEqual([['two\nlines', 'x'], ['next', 'y']]);
    expect(fields('"",""\n')).toEqual([]);
    expect(fields('"",x\n')).toEqual([['', 'x']]);
  });

  it('skips a byte order mark', () => {
    expect(fields('\uFEFFaddress,city\n1 A St,Nelson\n')).toEqual([['address', 'city'], ['1 A St', 'Nelson']]);
  });

  it('skips blank lines and all-blank rows but counts them in line numbers', () => {
    const records = parseCsv('h1,h2\n\n1,2\r\n,\n   \n"multi\nline",3\n4,5\n\n');
    expect(records.map((r) => r.fields)).toEqual([['h1', 'h2'], ['1', '2'], ['multi\nline', '3'], ['4', '5']]);
    expect(records.map((r) => r.line)).toEqual([1, 3, 6, 8]);
  });

  it('is lenient with stray quotes', () => {
    expect(fields('12 O"Brien St,x\n')).toEqual([['12 O"Brien St', 'x']]);
    expect(fields('"12" Main Rd,x\n')).toEqual([['12 Main Rd', 'x']]);
  });

  it('reports a quote that is never closed, with its line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(/line 2/);
  });

  it('reads an empty file as no records', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n')).toEqual([]);
  });
});

describe("reading back Kāinga's own CSV (contracts' csvRows)", () => {
  it('reads every value as it was written, a neutralised formula with its apostrophe', () => {
    const rows = [['row', 'message'], [3, 'price "abc" is not a number; city, really'], [4, 'two\nlines'], [5, ' padded '], [6, null], [7, '-36.85'], [8, '=SUM(A1)']];
    expect(fields(csvRows(rows))).toEqual(rows.map((r) => r.map((v) => (v === null ? '' : v === '=SUM(A1)' ? "'=SUM(A1)" : String(v)))));
  });
});
