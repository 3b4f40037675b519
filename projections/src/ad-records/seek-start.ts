import type { EventStore, Position } from '@kainga/platform';
import { AD_ACTIVITY_FILTER } from './replay-ads';
import { reached, startAfter, type Bound } from './replay-range';

const pad = (n: number): Position => String(n).padStart(20, '0');

/**
 * readAll's `after` for a range starting at `from`. A position is exact (startAfter). A time on
 * the embedded store, whose positions are consecutive numbers, is found by bisecting positions:
 * the smallest m whose first ad event after it has reached `from` (about 2·log2(log length) index
 * look-ups), so `--from` a late day does not read every ad event before it. This agrees with a
 * scan from the start as long as recorded times go forward with the log (see replayAds); either
 * way one store gives one answer, so the output stays the same run after run. Elsewhere (no
 * index to bisect on EventStoreDB's client-side reads) the replay scans from the first ad event.
 */
export async function seekStart(store: EventStore, from: Bound | null, adapter: 'sqlite' | 'eventstoredb'): Promise<Position | null> {
  if (from?.kind !== 'time' || adapter !== 'sqlite') return startAfter(from, adapter);
  const head = await store.headPosition(AD_ACTIVITY_FILTER);
  if (head === null) return null;
  const startsAfter = async (m: number) => {
    const [first] = await store.readAll({ after: m === 0 ? null : pad(m), filter: AD_ACTIVITY_FILTER, limit: 1 });
    return first === undefined || reached(first, from);
  };
  let lo = 0;
  let hi = Number(head);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await startsAfter(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo === 0 ? null : pad(lo);
}
