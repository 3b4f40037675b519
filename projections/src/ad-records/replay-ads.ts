import { adActivityEventTypes } from '@kainga/contracts';
import type { EventFilter, EventStore, Position, RecordedEvent } from '@kainga/platform';
import type { Writable } from 'node:stream';
import { toAdRecord, type AdRecord, type AdRecordEncoder } from './ad-records';
import { reached, type ReplayRange } from './replay-range';

/** Only impressions and clicks are ever read: the store skips every other type. */
export const AD_ACTIVITY_FILTER: EventFilter = { eventTypes: [...adActivityEventTypes] };

/** Events per readAll page: measured fastest on the embedded store (larger pages cost more in GC than they save in awaits). */
export const REPLAY_PAGE_SIZE = 1000;

export interface ReplayReadOptions {
  range: ReplayRange;
  /** readAll's exclusive start (see startAfter and seekStart); null reads from the first ad event. */
  after?: Position | null;
  pageSize?: number;
  /** After each page: ad events read so far (in the range or not). */
  onProgress?: (read: number) => void;
}

export interface ReplayOptions extends ReplayReadOptions {
  /** The format: textEncoder('ndjson' | 'csv'), or the CLI's Parquet encoder. */
  encoder: AdRecordEncoder;
  out: Writable;
}

export interface ReplayCounts {
  impressions: number;
  clicks: number;
  /** Ad events read, including those skipped before the range. */
  read: number;
}

export const noCounts = (): ReplayCounts => ({ impressions: 0, clicks: 0, read: 0 });

/**
 * The events of a range of the log that match `filter`, in log order, a store page at a time
 * (pages wholly outside the range yield nothing). Nothing is read until the consumer asks for the
 * next page, so a slow consumer holds the read back and memory stays at about one page.
 * `progress.read` counts the matching events read so far, in the range or not.
 *
 * The range is a contiguous slice of the log: it starts at the first matching event that has
 * reached `from` and ends before the first one after that which has reached `to`. For positions
 * that is exactly "from ≤ position < to"; for times it is "recorded at or after from, before to"
 * as long as recorded times go forward with the log (they do, give or take a clock step back), and
 * it means two adjacent ranges never share or drop an event.
 *
 * The end is fixed when the first page is asked for (the last matching event in the log then), so
 * events appended while it runs never make two runs over one range differ.
 */
export async function* rangePages(store: EventStore, filter: EventFilter, options: ReplayReadOptions, progress: { read: number } = { read: 0 }): AsyncGenerator<RecordedEvent[]> {
  const { range } = options;
  const pageSize = options.pageSize ?? REPLAY_PAGE_SIZE;
  const head = await store.headPosition(filter);
  if (head === null) return;
  let after = options.after ?? null;
  let started = range.from === null;
  let done = after !== null && after >= head;
  while (!done) {
    const page = await store.readAll({ after, filter, limit: pageSize });
    if (page.length === 0) break;
    const inRange: RecordedEvent[] = [];
    for (const e of page) {
      if (e.position > head) {
        done = true;
        break;
      }
      progress.read += 1;
      if (!started) {
        if (!reached(e, range.from!)) continue;
        started = true;
      }
      if (range.to && reached(e, range.to)) {
        done = true;
        break;
      }
      inRange.push(e);
      if (e.position === head) {
        done = true;
        break;
      }
    }
    after = page[page.length - 1]!.position;
    options.onProgress?.(progress.read);
    if (inRange.length > 0) yield inRange;
  }
}

/** The records of the ad events of a range (see rangePages), a page at a time; `counts` kept up to date as pages are read. */
export async function* adRecordPages(store: EventStore, options: ReplayReadOptions, counts: ReplayCounts = noCounts()): AsyncGenerator<AdRecord[]> {
  for await (const page of rangePages(store, AD_ACTIVITY_FILTER, options, counts)) {
    const records = page.map(toAdRecord);
    for (const record of records) {
      if (record.kind === 'impression') counts.impressions += 1;
      else counts.clicks += 1;
    }
    yield records;
  }
}

/** The encoder's bytes for those pages: its start, each page, its end; empty chunks left out. */
export async function* encodedChunks(pages: AsyncIterable<readonly AdRecord[]>, encoder: AdRecordEncoder): AsyncGenerator<string | Uint8Array> {
  const start = encoder.start();
  if (start.length > 0) yield start;
  for await (const records of pages) {
    const chunk = encoder.page(records);
    if (chunk.length > 0) yield chunk;
  }
  const end = encoder.end();
  if (end.length > 0) yield end;
}

/**
 * Writes the ad events of a range (see rangePages) to `out` in the encoder's format, a page at a
 * time, waiting for `drain` when the stream asks, so memory stays flat however long the range.
 */
export async function replayAds(store: EventStore, options: ReplayOptions): Promise<ReplayCounts> {
  const counts = noCounts();
  for await (const chunk of encodedChunks(adRecordPages(store, options, counts), options.encoder)) await write(options.out, chunk);
  return counts;
}

/** Writes and, when the stream's buffer is full, waits until it drains (or fails). */
export function write(out: Writable, chunk: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: unknown) => reject(error);
    out.once('error', onError);
    const ok = out.write(chunk, (error) => {
      if (error) reject(error);
    });
    const settle = () => {
      out.off('error', onError);
      resolve();
    };
    if (ok) settle();
    else out.once('drain', settle);
  });
}
