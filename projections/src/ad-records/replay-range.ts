import type { Position, RecordedEvent } from '@kainga/platform';

/**
 * One end of a replay range: a time (compared with the event's recorded time, in milliseconds
 * since the epoch) or a log position (compared with the event's position as the port promises:
 * positions sort lexicographically in log order).
 */
export type Bound = { kind: 'time'; ms: number; text: string } | { kind: 'position'; position: Position };

/** `from` is inclusive, `to` exclusive; null means the start (or the end) of the log. */
export interface ReplayRange {
  from: Bound | null;
  to: Bound | null;
}

/** A bad range or argument: the CLI prints the message and exits with 2, the API answers 400 with it. */
export class ReplayUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayUsageError';
  }
}

const POSITION_DIGITS = 20;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A timestamp must say its zone: "10:00" without one would mean the analyst's local time.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const INTEGER = /^\d+$/;
// EventStoreDB's positions as its adapter reports them: <commit>-<prepare>, 20 digits each.
const ESDB_POSITION = /^\d{20}-\d{20}$/;

/** How the ends are named in messages: the CLI's flags, or the API's query parameters. */
export type BoundName = '--from' | '--to' | 'from' | 'to';
export const CLI_BOUND_NAMES = { from: '--from', to: '--to' } as const;
export const QUERY_BOUND_NAMES = { from: 'from', to: 'to' } as const;

/**
 * Parses a `--from`/`--to` value:
 * - `YYYY-MM-DD`: a UTC day, its first instant, for both ends: the range is half-open,
 *   [from, to), so `--from 2026-03-01 --to 2026-03-02` is the whole of 1 March and chained ranges
 *   (D1 to D2, then D2 to D3) never hold an event twice (issue 49).
 * - a full ISO timestamp with a zone (`2026-03-01T10:00:00Z`, `…+13:00`): that instant.
 * - a non-negative integer: a log position (SQLite: the event's number in the log; EventStoreDB:
 *   its commit position). Written as the store's 20-digit padded form so it compares with
 *   positions; on EventStoreDB, `N` sorts before every event of commit position N.
 * - a position exactly as a record shows it (`00000000000000000042`, or `<commit>-<prepare>`).
 */
export function parseBound(flag: BoundName, value: string): Bound {
  const v = value.trim();
  const day = DAY.exec(v);
  if (day) {
    const ms = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    // Date.UTC rolls 2026-02-30 over to March: refuse a day that does not exist.
    if (new Date(ms).toISOString().slice(0, 10) !== v) throw new ReplayUsageError(`${flag} ${value}: no such day (expected YYYY-MM-DD).`);
    return { kind: 'time', ms, text: new Date(ms).toISOString() };
  }
  if (TIMESTAMP.test(v)) {
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) throw new ReplayUsageError(`${flag} ${value}: not a valid timestamp.`);
    return { kind: 'time', ms, text: new Date(ms).toISOString() };
  }
  if (INTEGER.test(v)) {
    if (v.replace(/^0+(?=\d)/, '').length > POSITION_DIGITS) throw new ReplayUsageError(`${flag} ${value}: a position has at most ${POSITION_DIGITS} digits.`);
    return { kind: 'position', position: BigInt(v).toString().padStart(POSITION_DIGITS, '0') };
  }
  if (ESDB_POSITION.test(v)) return { kind: 'position', position: v };
  throw new ReplayUsageError(
    `${flag} ${value}: expected a date (YYYY-MM-DD), a timestamp with its zone (e.g. 2026-03-01T10:00:00Z) or a log position (a whole number).`,
  );
}

/** Both ends; refuses a range that is empty by its own ends (when both are of one kind), surely a slip. */
export function parseRange(
  from: string | undefined,
  to: string | undefined,
  names: { from: BoundName; to: BoundName } = CLI_BOUND_NAMES,
): ReplayRange {
  const range: ReplayRange = { from: from === undefined ? null : parseBound(names.from, from), to: to === undefined ? null : parseBound(names.to, to) };
  const { from: f, to: t } = range;
  const empty = `${names.to} ${to} is not after ${names.from} ${from}: the range is empty.`;
  if (f && t && f.kind === 'time' && t.kind === 'time' && t.ms <= f.ms) throw new ReplayUsageError(empty);
  if (f && t && f.kind === 'position' && t.kind === 'position' && t.position <= f.position) throw new ReplayUsageError(empty);
  return range;
}

/** Whether the event is at or past the bound (the event belongs to `--from`'s side of it, not before). */
export function reached(e: Pick<RecordedEvent, 'position' | 'recordedAt'>, bound: Bound): boolean {
  return bound.kind === 'position' ? e.position >= bound.position : Date.parse(e.recordedAt) >= bound.ms;
}

/**
 * Where to start reading (exclusive, as readAll's `after`) for a position or no `--from`. A
 * position `--from N` on the embedded store starts right after N-1, so nothing before it is read.
 * On EventStoreDB the replay reads from the first ad event and skips to the range: a server
 * position cannot be made from a commit position alone (and its adapter scans `$all` on the
 * client anyway). Times are found by seekStart.
 */
export function startAfter(from: Bound | null, adapter: 'sqlite' | 'eventstoredb'): Position | null {
  if (adapter !== 'sqlite' || from?.kind !== 'position' || !INTEGER.test(from.position)) return null;
  const n = BigInt(from.position);
  return n <= 0n ? null : (n - 1n).toString().padStart(POSITION_DIGITS, '0');
}
