import { AD_RECORD_COLUMNS, type AdRecord, type AdRecordColumn, type AdRecordEncoder } from '@kainga/projections/ad-records';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';

/**
 * Parquet for `npm run replay -- ads --format parquet`, written with hyparquet-writer.
 *
 * Why that library (compared on the npm registry, November 2026): it is maintained (releases
 * every few weeks, 0.17.0 in October 2026), plain JavaScript with a single dependency (its sibling
 * reader, hyparquet): under 1 MB installed, both together. Its ParquetWriter writes one row group
 * per `write` call and the footer at `finish`, so the replay hands it a row group as soon as the
 * pages have filled one, and memory holds one row group, never the range. @dsnp/parquetjs (also
 * maintained) streams row groups too, but brings thirteen dependencies, among them the AWS S3
 * client, thrift, bson and brotli-wasm; parquet-wasm writes a whole Arrow table at once (apache-arrow
 * to build it, a WASM module to run it), no row group at a time.
 *
 * The file: every column of AD_RECORD_COLUMNS in that order, as UTF-8 strings (position too: it is
 * an opaque, zero-padded key that sorts in log order; times stay ISO-8601 text as in NDJSON and CSV,
 * `CAST(at AS TIMESTAMP)` in DuckDB or `pd.to_datetime` reads them). The columns a record always has
 * are REQUIRED, the others OPTIONAL with nulls kept. Snappy, the codec every reader has. Nothing
 * about the run goes in (no time, no host; `created_by` is fixed), so a range gives the same bytes
 * every time.
 */

/** Rows per row group: DuckDB's and pandas' readers parallelise and skip by row group; ~100k rows of ~400 B keeps memory to tens of MB. */
export const PARQUET_ROW_GROUP_ROWS = 100_000;

export const PARQUET_CREATED_BY = 'Kāinga replay (hyparquet-writer)';

/** Never null in a record (toAdRecord takes them from the event itself, not its data). */
const REQUIRED: ReadonlySet<AdRecordColumn> = new Set(['position', 'recordedAt', 'kind', 'eventId']);

type Schema = ConstructorParameters<typeof ParquetWriter>[0]['schema'];

const SCHEMA: Schema = [
  { name: 'root', num_children: AD_RECORD_COLUMNS.length },
  ...AD_RECORD_COLUMNS.map((name) => ({
    name,
    type: 'BYTE_ARRAY' as const,
    converted_type: 'UTF8' as const,
    logical_type: { type: 'STRING' as const },
    repetition_type: REQUIRED.has(name) ? ('REQUIRED' as const) : ('OPTIONAL' as const),
  })),
];

/** A new encoder per file: it holds the row group being filled and the footer's metadata. */
export function parquetEncoder(rowGroupRows = PARQUET_ROW_GROUP_ROWS): AdRecordEncoder {
  const writer = new ByteWriter();
  let parquet: ParquetWriter | null = null;
  let columns = AD_RECORD_COLUMNS.map((): (string | null)[] => []);
  let rows = 0;

  /** The bytes written since the last take. `offset` keeps counting, as the footer's offsets need. */
  const take = (): Uint8Array => {
    const bytes = writer.getBytes().slice();
    writer.index = 0;
    return bytes;
  };
  const flushGroup = () => {
    if (rows === 0) return;
    // One write, one row group (ByteWriter has no flush, so this is synchronous).
    void parquet!.write({ columnData: AD_RECORD_COLUMNS.map((name, i) => ({ name, data: columns[i]! })), rowGroupSize: rows });
    columns = AD_RECORD_COLUMNS.map(() => []);
    rows = 0;
  };

  return {
    start() {
      // The constructor writes the leading magic bytes.
      parquet = new ParquetWriter({ writer, schema: SCHEMA, codec: 'SNAPPY', createdBy: PARQUET_CREATED_BY });
      return take();
    },
    page(records: readonly AdRecord[]) {
      for (const r of records) {
        for (let i = 0; i < AD_RECORD_COLUMNS.length; i += 1) columns[i]!.push(r[AD_RECORD_COLUMNS[i]!]);
        rows += 1;
        if (rows === rowGroupRows) flushGroup();
      }
      return take();
    },
    end() {
      flushGroup();
      void parquet!.finish();
      return take();
    },
  };
}
