/**
 * A small RFC 4180 CSV reader, enough for sale imports from spreadsheets (Kāinga writes its CSV
 * with contracts' csvRows): fields separated by commas, records by CRLF or LF (or a lone CR),
 * fields in double quotes may hold commas, quotes (doubled: "") and line breaks. A UTF-8 byte
 * order mark is skipped.
 * Blank lines (and rows whose fields are all blank, as spreadsheets export) are skipped.
 * Lenient where RFC 4180 is strict and the meaning is clear: a quote inside an unquoted field
 * is kept as is, text after a closing quote is appended to the field.
 */
export interface CsvRecord {
  /** The line of the file where the record starts (1-based; the header is usually line 1). */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvError';
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;

  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };

  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else if (c === '\r' || c === '\n') {
        // A line break inside quotes belongs to the field; CRLF is kept as one \n.
        if (c === '\r' && s[i + 1] === '\n') i++;
        field += '\n';
        line++;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
  }
  if (quoted) throw new CsvError('a quoted field is never closed (a " is missing)', quoteLine);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
