import { adActivityEventTypes } from '@kainga/contracts';
import type { EventFilter, EventStore, Position } from '@kainga/platform';
import type { Writable } from 'node:stream';
import { adKind, csvHeader, formatRecord, toAdRecord, type ReplayFormat } from './ad-records';
import { reached, type ReplayRange } from './replay-range';

/** Only impressions and clicks are ever read: the store skips every other type. */
export const AD_ACTIVITY_FILTER: EventFilter = { eventTypes: [...adActivityEventTypes] };

/** Events per readAll page: measured fastest on the embedded store (larger pages cost more in GC than they save in awaits). */
export const REPLAY_PAGE_SIZE = 1000;

export interface ReplayOptions {
  range: ReplayRange;
  format: ReplayFormat;
  out: Writable;
  /** readAll's exclusive start (see startAfter); null reads from the first ad event. */
  after?: Position | null;
  pageSize?: number;
  /** After each page: ad events read so far (in the range or not). */
  onProgress?: (read: number) => void;
}

export interface ReplayCounts {
  impressions: number;
  clicks: number;
  /** Ad events read, including those skipped before the range. */
  read: number;
}

/**
 * Writes the ad events of a range, in log order, as NDJSON or CSV (with its header).
 *
 * The range is a contiguous slice of the log: it starts at the first ad event that has reached
 * `from` and ends before the first one after that which has reached `to`. For positions that is
 * exactly "from ≤ position < to"; for times it is "recorded at or after from, before to" as long
 * as recorded times go forward with the log (they do, give or take a clock step back), and it
 * means two adjacent ranges never share or drop an event.
 *
 * The end is fixed when the replay starts (the last ad event in the log then), so events appended
 * while it runs never make two runs over one range differ. Output is written a page at a time,
 * waiting for `drain` when the stream asks, so memory stays flat however long the range.
 */
export async function replayAds(store: EventStore, options: ReplayOptions): Promise<ReplayCounts> {
  const { range, format, out } = options;
  const pageSize = options.pageSize ?? REPLAY_PAGE_SIZE;
  const line = formatRecord(format);
  const counts: ReplayCounts = { impressions: 0, clicks: 0, read: 0 };
  if (format === 'csv') await write(out, csvHeader());
  const head = await store.headPosition(AD_ACTIVITY_FILTER);
  if (head === null) return counts;
  let after = options.after ?? null;
  let started = range.from === null;
  let done = after !== null && after >= head;
  while (!done) {
    const page = await store.readAll({ after, filter: AD_ACTIVITY_FILTER, limit: pageSize });
    if (page.length === 0) break;
    let chunk = '';
    for (const e of page) {
      if (e.position > head) {
        done = true;
        break;
      }
      counts.read += 1;
      if (!started) {
        if (!reached(e, range.from!)) continue;
        started = true;
      }
      if (range.to && reached(e, range.to)) {
        done = true;
        break;
      }
      chunk += line(toAdRecord(e));
      if (adKind(e.type) === 'impression') counts.impressions += 1;
      else counts.clicks += 1;
      if (e.position === head) {
        done = true;
        break;
      }
    }
    after = page[page.length - 1]!.position;
    if (chunk) await write(out, chunk);
    options.onProgress?.(counts.read);
  }
  return counts;
}

/** Writes and, when the stream's buffer is full, waits until it drains (or fails). */
function write(out: Writable, chunk: string): Promise<void> {
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
