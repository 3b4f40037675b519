import { AD_RECORD_COLUMNS, type AdRecord } from '@kainga/projections/ad-records';
import { adLogDataDir } from '@kainga/projections/ad-records/testing';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARQUET_CREATED_BY, parquetEncoder } from './parquet-encoder';
import { main } from './replay-cli';

/** Read back with hyparquet, a reader independent of how the bytes were put together. */
const arrayBufferOf = (bytes: Uint8Array): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const readRows = (bytes: Uint8Array) => parquetReadObjects({ file: arrayBufferOf(bytes) });

/** The encoder's chunks joined, as a file would hold them. */
function encode(pages: AdRecord[][], rowGroupRows?: number): Uint8Array {
  const encoder = parquetEncoder(rowGroupRows);
  const chunks = [encoder.start(), ...pages.map((p) => encoder.page(p)), encoder.end()].map((c) => (typeof c === 'string' ? Buffer.from(c) : c));
  return Buffer.concat(chunks);
}

const record = (n: number, over: Partial<AdRecord> = {}): AdRecord => {
  const r = Object.fromEntries(AD_RECORD_COLUMNS.map((c) => [c, `${c}-${n}`])) as AdRecord;
  return { ...r, position: String(n).padStart(20, '0'), kind: n % 3 === 0 ? 'click' : 'impression', ...over };
};

describe('Parquet encoder', () => {
  it('writes every column as a UTF-8 string, the always-present ones required, in the record column order', () => {
    const meta = parquetMetadata(arrayBufferOf(encode([[record(1)]])));
    const [root, ...columns] = meta.schema;
    expect(root!.num_children).toBe(AD_RECORD_COLUMNS.length);
    expect(columns.map((c) => c.name)).toEqual([...AD_RECORD_COLUMNS]);
    for (const c of columns) {
      expect(c).toMatchObject({ type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } });
      expect(c.repetition_type).toBe(['position', 'recordedAt', 'kind', 'eventId'].includes(c.name) ? 'REQUIRED' : 'OPTIONAL');
    }
    // Nothing of the run in the file: a fixed writer name, no key-value metadata (no time, no host).
    expect(meta.created_by).toBe(PARQUET_CREATED_BY);
    expect(meta.key_value_metadata ?? []).toEqual([]);
  });

  it('reads back the records written, in order, nulls kept, across pages and row groups', async () => {
    const records = Array.from({ length: 7 }, (_, i) => record(i + 1, i % 2 === 0 ? { userId: null, city: null } : { userAgent: 'Agent "X", v2 — ā' }));
    // Pages of 3, 0 and 4 records into row groups of 3: groups of 3, 3, 1.
    const bytes = encode([records.slice(0, 3), [], records.slice(3)], 3);
    const meta = parquetMetadata(arrayBufferOf(bytes));
    expect(meta.num_rows).toBe(7n);
    expect(meta.row_groups.map((g) => g.num_rows)).toEqual([3n, 3n, 1n]);
    const rows = await readRows(bytes);
    expect(rows).toEqual(records);
    expect(rows[0]!.userId).toBeNull();
    expect(rows.map((r) => Object.keys(r))).toEqual(records.map(() => [...AD_RECORD_COLUMNS]));
  });

  it('writes a valid file of no rows for an empty range', async () => {
    const bytes = encode([]);
    expect(parquetMetadata(arrayBufferOf(bytes)).num_rows).toBe(0n);
    expect(await readRows(bytes)).toEqual([]);
  });

  it('gives the same bytes for the same records every time', () => {
    const pages = [[record(1), record(2)], [record(3, { tier: null })]];
    expect(Buffer.from(encode(pages)).equals(Buffer.from(encode(pages)))).toBe(true);
  });
});

describe('npm run replay -- ads --format parquet', () => {
  let dataDir: string;
  let outDir: string;
  beforeAll(async () => {
    dataDir = await adLogDataDir();
    outDir = mkdtempSync(join(tmpdir(), 'replay-parquet-'));
  });

  const quiet = () => new Writable({ write: (_chunk, _encoding, done) => done() });
  let runs = 0;
  async function replay(...args: string[]): Promise<Buffer> {
    const file = join(outDir, `out-${(runs += 1)}`);
    expect(await main(['ads', ...args, '--out', file], { env: { DATA_DIR: dataDir }, stderr: quiet() })).toBe(0);
    return readFileSync(file);
  }

  it('holds the same records as the NDJSON of the range, and the same bytes run after run', async () => {
    for (const range of [[], ['--from', '2026-03-01T10:30:00Z', '--to', '2026-03-02'], ['--from', '5']]) {
      const parquet = await replay('--format', 'parquet', ...range);
      const ndjson = (await replay('--format', 'ndjson', ...range)).toString().split('\n').filter(Boolean);
      expect(await readRows(parquet)).toEqual(ndjson.map((line) => JSON.parse(line) as unknown));
      expect((await replay('--format', 'parquet', ...range)).equals(parquet)).toBe(true);
    }
    const whole = await readRows(await replay('--format', 'parquet'));
    expect(whole.map((r) => Number(r.position))).toEqual([1, 2, 4, 5, 7, 8]);
    expect(whole.map((r) => r.kind)).toEqual(['impression', 'impression', 'click', 'impression', 'click', 'impression']);
    expect(whole[1]).toMatchObject({ city: null, suburb: null, userId: null });
    expect(whole[2]).toMatchObject({ userAgent: 'Agent "X", v2', userId: 'user-9', propertyId: 'property-7' });
  });
});
