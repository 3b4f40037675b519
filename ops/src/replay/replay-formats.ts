import { REPLAY_FORMATS, textEncoder, type AdRecordEncoder, type ReplayFormat } from '@kainga/projections/ad-records';
import { parquetEncoder } from './parquet-encoder';

/** The CLI's formats: the text ones the API shares, and Parquet, a file for an analyst's tools. */
export type ReplayFileFormat = ReplayFormat | 'parquet';
export const REPLAY_FILE_FORMATS: readonly ReplayFileFormat[] = [...REPLAY_FORMATS, 'parquet'];

/** "ndjson, csv or parquet", for messages. */
export const formatList = (): string => `${REPLAY_FILE_FORMATS.slice(0, -1).join(', ')} or ${REPLAY_FILE_FORMATS.at(-1)}`;

/** A fresh encoder per output (Parquet's holds its row group and footer). */
export const encoderFor = (format: ReplayFileFormat): AdRecordEncoder => (format === 'parquet' ? parquetEncoder() : textEncoder(format));
