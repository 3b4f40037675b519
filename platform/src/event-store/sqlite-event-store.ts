import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store';

interface Row {
  position: number;
  event_id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

interface PendingAppend {
  stream: string;
  events: readonly NewEvent[];
  expectedRevision: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

const PAD = 20;
export const toSqlitePosition = (n: number): Position => String(n).padStart(PAD, '0');
const fromPosition = (p: Position | null | undefined): number => (p ? Number(p) : 0);

/** The event store's page cache: 64 MB (negative: KiB, as SQLite's cache_size reads it). */
const EVENT_STORE_CACHE_KIB = -65_536;

/** How often a live subscription looks for events appended by another process on the same file. */
const POLL_MS = 250;

/**
 * The embedded event store: one SQLite file in WAL mode, one transaction per append,
 * a global autoincrement position and a unique (stream, revision) and unique event id.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly appendTx: ReturnType<SqliteEventStore['prepareAppend']>;
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // Checkpoint the WAL less often (about 40 MB): checkpoints are where SQLite syncs to disk.
    this.db.pragma('wal_autocheckpoint = 10000');
    // Up to 64 MB of pages held (SQLite's default is 2 MB): an append looks up and inserts each
    // new event id, a random UUID, in the event_id index, so every append lands on a random leaf
    // of it. At bench:scale's 100× (1M events, an index of ~60 MB) a random lookup took 52 µs with
    // 2 MB and 13 µs with 64 MB, and appends were ~0.6 ms of a warm valuation's CPU. A small log
    // never fills it.
    this.db.pragma(`cache_size = ${EVENT_STORE_CACHE_KIB}`);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        stream TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        UNIQUE (stream, revision)
      );
      CREATE INDEX IF NOT EXISTS events_type ON events (type, position);
    `);
    this.appended.setMaxListeners(0);
    this.appendTx = this.prepareAppend();
    this.readPageTx = this.db.transaction((after: number, filter: EventFilter | undefined, limit: number) => this.readPageIn(after, filter, limit));
  }

  /**
   * Appends arriving in the same turn of the event loop are committed together (group commit):
   * each runs in its own savepoint, so each stays atomic and a refused one rolls back alone,
   * while the disk sees one commit for all of them.
   */
  append(stream: string, events: readonly NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise((resolve, reject) => {
      this.pending.push({ stream, events, expectedRevision, resolve, reject });
      if (this.pending.length === 1) queueMicrotask(() => this.flush());
    });
  }

  private pending: PendingAppend[] = [];

  private flush() {
    const batch = this.pending;
    this.pending = [];
    if (this.closed) {
      for (const p of batch) p.reject(new Error('The event store is closed.'));
      return;
    }
    const outcomes: ({ ok: true; result: AppendOutcome } | { ok: false; error: unknown })[] = [];
    const runAll = () => {
      for (const p of batch) {
        try {
          outcomes.push({ ok: true, result: this.appendTx(p.stream, p.events, p.expectedRevision) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    };
    try {
      // A lone append needs no outer transaction (and no savepoint) around its own.
      if (batch.length === 1) runAll();
      else this.db.transaction(runAll)();
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) p.resolve({ nextRevision: o.result.nextRevision, position: o.result.position });
      else p.reject(o.error);
    });
    if (outcomes.some((o) => o.ok && !o.result.idempotent)) this.appended.emit('appended', appendedIn(batch, outcomes));
  }

  private prepareAppend() {
    const byEventId = this.db.prepare<[string], Row>('SELECT * FROM events WHERE event_id = ?');
    const streamHead = this.db.prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream = ?');
    const insert = this.db.prepare('INSERT INTO events (event_id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    return this.db.transaction((stream: string, events: readonly NewEvent[], expected: ExpectedRevision): AppendOutcome => {
    const existing = events.map((e) => byEventId.get(e.id)).filter((row): row is Row => row !== undefined);
    if (existing.length > 0) {
      // A retried append: the same ids, same stream, same types means it already happened.
      const same = existing.length === events.length && existing.every((row, i) => row.stream === stream && row.event_id === events[i]!.id && row.type === events[i]!.type);
      if (!same) throw new DuplicateEventIdError(existing[0]!.event_id);
      const last = existing[existing.length - 1]!;
      return { nextRevision: last.revision, position: toSqlitePosition(last.position), idempotent: true, first: 0, last: 0 };
    }
    const current = streamHead.get(stream)?.revision ?? null;
    if (expected !== 'any') {
      const ok = expected === 'no_stream' ? current === null : current === expected;
      if (!ok) throw new WrongExpectedRevisionError(stream, expected, current ?? 'no_stream');
    }
    const now = new Date().toISOString();
    let revision = current ?? -1;
    let first = 0;
    let position = 0;
    for (const e of events) {
      revision += 1;
      const info = insert.run(e.id, stream, revision, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), now);
      position = Number(info.lastInsertRowid);
      first ||= position;
    }
    return { nextRevision: revision, position: toSqlitePosition(position), idempotent: false, first, last: position };
    });
  }

  async readStream(stream: string, options?: { fromRevision?: number; limit?: number }): Promise<RecordedEvent[]> {
    // LIMIT -1 is SQLite's "no limit"; either way one range of the (stream, revision) index.
    return this.statement('SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?')
      .all(stream, options?.fromRevision ?? 0, options?.limit ?? -1)
      .map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readPage(fromPosition(options.after), options.filter, options.limit ?? 1000).events;
  }

  private readonly statements = new Map<string, Database.Statement<unknown[], unknown>>();

  /** Prepared once per SQL text; cursors open at the same time need a statement each, hence the slot. */
  private statement<R = Row>(sql: string, slot = 0): Database.Statement<unknown[], R> {
    const key = `${slot}:${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare<unknown[], unknown>(sql);
      this.statements.set(key, statement);
    }
    return statement as Database.Statement<unknown[], R>;
  }

  /**
   * A page of the log after `after`, and how far it was scanned: the last event of a full page,
   * or the log's head when the page is short (everything up to the head was looked at). Far from
   * the head, both are read in one read transaction, so an append by another process between the
   * two reads cannot be skipped; near it, every read is bounded by the head read first.
   */
  private readPage(after: number, filter: EventFilter | undefined, limit: number): Page {
    if (limit > 0 && filter) {
      // A live subscription's page, a few events behind the head. No transaction: positions at
      // or before the head read here are committed and never change.
      const head = this.statement<{ p: number | null }>(HEAD_SQL).get()?.p ?? 0;
      if (head <= after) return { events: [], scanned: after };
      if (head - after <= nearHeadRows(filter)) return this.readNearHead(after, head, filter, limit);
    }
    return this.readPageTx(after, filter, limit);
  }

  /**
   * The events matching `filter` among the few after `after` up to `head`: their positions, types
   * and streams read in one walk of the primary key and tested here, then each match read by its
   * position. bench:scale's 100× store (8 types, 5 events behind): 6 µs against 108 µs for a
   * cursor per type, each opened to find nothing; an SQL walk testing `type IN (…)` costs 16 µs
   * before its first row. A warm POST /api/valuations wakes every subscription after each append,
   * and the cursors were ~3 ms of its ~11 ms of CPU.
   */
  private readNearHead(after: number, head: number, filter: EventFilter, limit: number): Page {
    if (selectsNothing(filter)) return { events: [], scanned: head };
    const byPosition = this.rawStatement(BY_POSITION_SQL);
    const rows: RawRow[] = [];
    for (const [position, type, stream] of this.rawStatement(GAP_SQL).all(after, head) as unknown as [number, string, string][]) {
      if (!matches(filter, type, stream)) continue;
      rows.push(byPosition.get(position)!);
      if (rows.length === limit) return { events: rows.map(rawToRecorded), scanned: position };
    }
    return { events: rows.map(rawToRecorded), scanned: head };
  }

  private readonly readPageTx: (after: number, filter: EventFilter | undefined, limit: number) => Page;

  private readPageIn(after: number, filter: EventFilter | undefined, limit: number): Page {
    if (limit <= 0) return { events: [], scanned: after };
    // The head first: a caught-up subscription's poll (every subscription, four times a second)
    // then costs one index lookup instead of a cursor per event type.
    const head = this.statement<{ p: number | null }>(HEAD_SQL).get()?.p ?? 0;
    if (head <= after) return { events: [], scanned: after };
    const q = pageQueries(filter);
    const rows = q.kind === 'nothing' ? [] : q.kind === 'log' ? this.rawStatement(q.sql).all(after, ...q.params, limit) : this.mergeByType(q, after, limit);
    const scanned = rows.length === limit ? rows[rows.length - 1]![0] : Math.max(after, head);
    return { events: rows.map(rawToRecorded), scanned };
  }

  /**
   * The first `limit` events of the given types after `after`, in log order: one cursor per type
   * on the (type, position) index, merged by position. Each cursor steps lazily, so the page
   * costs its own rows plus one look-ahead per type, however many events of other types lie
   * between them. (EXPLAIN QUERY PLAN of each cursor: `SEARCH events USING INDEX events_type
   * (type=? AND position>?)`, no sort; a single `type IN (…) ORDER BY position` would instead
   * either walk the log or sort every matching event.)
   */
  private mergeByType(q: Extract<PageQuery, { kind: 'byType' }>, after: number, limit: number): RawRow[] {
    if (q.types.length === 1) return this.rawStatement(q.sql).all(q.types[0], after, ...q.params, limit);
    const cursors = q.types.map((type, i) => this.rawStatement(q.sql, i).iterate(type, after, ...q.params, limit));
    try {
      const heads = cursors.map((c) => c.next());
      const rows: RawRow[] = [];
      while (rows.length < limit) {
        let min = -1;
        for (let i = 0; i < heads.length; i++) {
          const h = heads[i]!;
          if (!h.done && (min < 0 || h.value[0] < (heads[min]!.value as RawRow)[0])) min = i;
        }
        if (min < 0) break;
        rows.push(heads[min]!.value as RawRow);
        heads[min] = cursors[min]!.next();
      }
      return rows;
    } finally {
      for (const c of cursors) c.return?.();
    }
  }

  /** A page statement in raw mode: rows as arrays (PAGE_COLUMNS' order), cheaper than an object each. */
  private rawStatement(sql: string, slot = 0): Database.Statement<unknown[], RawRow> {
    const key = `raw:${slot}:${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare<unknown[], unknown>(sql).raw(true);
      this.statements.set(key, statement);
    }
    return statement as Database.Statement<unknown[], RawRow>;
  }

  /** Through the type index (backwards, stopping at the first match) or the stream index. */
  async headPosition(filter?: EventFilter): Promise<Position | null> {
    const positions: (number | null)[] = [];
    if (filter?.eventTypes) {
      const { where, params } = prefixSql(filter.streamPrefixes);
      const sql = `SELECT position AS p FROM events WHERE type = ? ${where} ORDER BY position DESC LIMIT 1`;
      for (const type of new Set(filter.eventTypes)) positions.push(this.statement<{ p: number }>(sql).get(type, ...params)?.p ?? null);
    } else if (filter?.streamPrefixes) {
      for (const range of prefixRanges(filter.streamPrefixes)) {
        positions.push(this.statement<{ p: number | null }>(`SELECT MAX(position) AS p FROM events WHERE ${range.where}`).get(...range.params)?.p ?? null);
      }
    } else {
      positions.push(this.statement<{ p: number | null }>(HEAD_SQL).get()?.p ?? null);
    }
    const p = Math.max(0, ...positions.map((x) => x ?? 0));
    return p ? toSqlitePosition(p) : null;
  }

  /** Through the type index, or the stream index for prefixes alone. */
  async countEvents(filter?: EventFilter): Promise<number> {
    const count = (sql: string, params: unknown[]) => this.statement<{ n: number }>(sql).get(...params)!.n;
    if (filter?.eventTypes) {
      const types = [...new Set(filter.eventTypes)];
      if (types.length === 0) return 0;
      const { where, params } = prefixSql(filter.streamPrefixes);
      return count(`SELECT COUNT(*) AS n FROM events WHERE type IN (${types.map(() => '?').join(',')}) ${where}`, [...types, ...params]);
    }
    if (filter?.streamPrefixes) return prefixRanges(filter.streamPrefixes).reduce((n, r) => n + count(`SELECT COUNT(*) AS n FROM events WHERE ${r.where}`, r.params), 0);
    return count('SELECT COUNT(*) AS n FROM events', []);
  }

  subscribe(options: SubscribeOptions): Subscription {
    let stopped = false;
    let wake: (() => void) | null = null;
    /** The loop waits for an append or the next poll, with everything up to `after` delivered. */
    let waiting = false;
    // Set by an append in this process, so one made while a batch was being handled is read at once.
    let appendedSinceRead = false;
    let after = fromPosition(options.after);
    const onAppend = (appended: Appended) => {
      // Nothing for this subscription, right after what it has read: it moves past without a read.
      if (waiting && !stopped && passesOver(options.filter, appended, after)) {
        after = appended.last;
        options.onCheckpoint?.(toSqlitePosition(after));
        return;
      }
      appendedSinceRead = true;
      wake?.();
    };
    this.appended.on('appended', onAppend);
    const batchSize = Math.max(1, options.batchSize ?? 500);

    const loop = async () => {
      /** Whether onCaughtUp was the last thing reported (see SubscribeOptions.onFellBehind). */
      let caughtUp = false;
      while (!stopped && !this.closed) {
        appendedSinceRead = false;
        const { events, scanned } = this.readPage(after, options.filter, batchSize);
        if (events.length > 0 && caughtUp) {
          caughtUp = false;
          options.onFellBehind?.();
        }
        if (events.length > 0) await options.onBatch(events);
        if (scanned > after) {
          after = scanned;
          options.onCheckpoint?.(toSqlitePosition(after));
        }
        if (events.length === batchSize || appendedSinceRead) continue;
        // A short page read with nothing appended since: everything up to the head is delivered.
        caughtUp = true;
        options.onCaughtUp?.(after ? toSqlitePosition(after) : null);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            waiting = false;
            resolve();
          }, POLL_MS);
          wake = () => {
            waiting = false;
            clearTimeout(timer);
            resolve();
          };
          waiting = true;
        });
        wake = null;
      }
    };
    const done = loop()
      .catch((error) => options.onError?.(error))
      .finally(() => this.appended.off('appended', onAppend));
    const subscription: Subscription = {
      done,
      stop: async () => {
        stopped = true;
        wake?.();
        await done;
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.closed = true;
    this.db.close();
  }
}

const HEAD_SQL = 'SELECT MAX(position) AS p FROM events';

/** A filter with an empty list of types or of prefixes: no event matches it. */
const selectsNothing = (filter: EventFilter) => filter.eventTypes?.length === 0 || filter.streamPrefixes?.length === 0;

/** Whether an event of `type` on `stream` is one `filter` asks for. */
function matches(filter: EventFilter, type: string, stream: string): boolean {
  const types = typeSetOf(filter);
  if (types && !types.has(type)) return false;
  const prefixes = filter.streamPrefixes;
  return !prefixes || prefixes.some((p) => stream.startsWith(p));
}

/** What one flush of appends wrote: the positions first…last, every one of them ours, and each event's type and stream. */
interface Appended {
  first: number;
  last: number;
  events: readonly { type: string; stream: string }[];
}

type AppendOutcome = AppendResult & { idempotent: boolean; first: number; last: number };

/**
 * The events a flush appended, in log order. Its appends ran in one write transaction (a lone
 * append is one itself), so no other process wrote between them and, SQLite's positions being
 * the table's rowids, they lie at first…last with nothing else among them.
 */
function appendedIn(batch: readonly PendingAppend[], outcomes: readonly ({ ok: true; result: AppendOutcome } | { ok: false; error: unknown })[]): Appended {
  const events: { type: string; stream: string }[] = [];
  let first = 0;
  let last = 0;
  outcomes.forEach((o, i) => {
    if (!o.ok || o.result.idempotent) return;
    const p = batch[i]!;
    for (const e of p.events) events.push({ type: e.type, stream: p.stream });
    first ||= o.result.first;
    last = o.result.last;
  });
  return { first, last, events };
}

/**
 * Whether a subscription that has delivered everything up to `after` can move past `appended`
 * without reading it: the appends follow `after` directly (no other process wrote in between)
 * and none of their events is one the filter asks for. Without this every append woke every
 * subscription in the process to read the head and the gap, and find nothing in most of them.
 */
function passesOver(filter: EventFilter | undefined, appended: Appended, after: number): boolean {
  if (!filter || appended.first !== after + 1 || appended.last - appended.first + 1 !== appended.events.length) return false;
  return appended.events.every((e) => !matches(filter, e.type, e.stream));
}

/**
 * How far behind the head a filtered page is read by `readNearHead`: its walk visits every event
 * in the gap (~0.5 µs each), where a read by type pays ~13 µs a type before its first row.
 */
export const NEAR_HEAD_ROWS_PER_TYPE = 16;
const nearHeadRows = (filter: EventFilter) => NEAR_HEAD_ROWS_PER_TYPE * Math.max(1, filter.eventTypes?.length ?? 1);

/** Each filter's types as a set, made once per filter object (a subscription keeps its own). */
const typeSets = new WeakMap<EventFilter, ReadonlySet<string>>();
function typeSetOf(filter: EventFilter): ReadonlySet<string> | null {
  if (!filter.eventTypes) return null;
  let set = typeSets.get(filter);
  if (!set) typeSets.set(filter, (set = new Set(filter.eventTypes)));
  return set;
}

interface Page {
  events: RecordedEvent[];
  /** Every event at or before this position was looked at; 0 when the log is empty. */
  scanned: number;
}

type PageQuery =
  | { kind: 'nothing' }
  /** Walk the log by position (the primary key), filtering each row. */
  | { kind: 'log'; sql: string; params: unknown[] }
  /** One index search per type, merged; params follow the type and `after`. */
  | { kind: 'byType'; sql: string; types: string[]; params: unknown[] };

/**
 * The statements a page read runs (exported so a test can EXPLAIN them). A filter of a few types
 * reads the (type, position) index, so events of other types are never visited; one of many
 * types (WALK_MIN_TYPES) walks the log and tests each row's type. Stream prefixes alone walk
 * the log: the (stream, revision) index orders by stream, so log order across the streams of a
 * prefix would need a sort of every event under the prefix, on every page. Since subscriptions
 * resume from the position they scanned, that walk only visits events appended since the last
 * page, and no projection filters on prefixes alone.
 */
export function pageQueries(filter?: EventFilter): PageQuery {
  if (filter && selectsNothing(filter)) return { kind: 'nothing' };
  const { where, params } = prefixSql(filter?.streamPrefixes);
  if (filter?.eventTypes) {
    const types = [...new Set(filter.eventTypes)];
    if (types.length >= WALK_MIN_TYPES) {
      // `+type`: the unary plus keeps SQLite from reading the type index for the IN list (which
      // would sort every matching event after `after` on every page); the walk tests each row.
      const list = types.map(() => '?').join(', ');
      return { kind: 'log', sql: `SELECT ${PAGE_COLUMNS} FROM events WHERE position > ? AND +type IN (${list}) ${where} ORDER BY position LIMIT ?`, params: [...types, ...params] };
    }
    return { kind: 'byType', sql: `SELECT ${PAGE_COLUMNS} FROM events WHERE type = ? AND position > ? ${where} ORDER BY position LIMIT ?`, types, params };
  }
  return { kind: 'log', sql: `SELECT ${PAGE_COLUMNS} FROM events WHERE position > ? ${where} ORDER BY position LIMIT ?`, params };
}

/**
 * From this many event types a page walks the log (testing each row's type) instead of merging
 * a cursor per type: the merge pays, for every event it returns, a step of its cursor and a look
 * at every other cursor's head, and a cursor opened per type per page. A filter of that many
 * types (the audit log's, a rebuild's union of every read model's) wants most of the log anyway.
 * Reading the 30,311 events of bench:scale's 10× for every read model (63 types, 100,000 events
 * in the log) took 320–400 ms of CPU merged, 220–310 ms walked (decoding included); the demo
 * log's 2,907, 27–54 ms merged, 13–29 ms walked.
 */
export const WALK_MIN_TYPES = 16;

/** A row filter for stream prefixes; substr rather than LIKE so '_' and '%' in a prefix are literal. */
function prefixSql(prefixes?: readonly string[]): { where: string; params: unknown[] } {
  if (!prefixes) return { where: '', params: [] };
  if (prefixes.length === 0) return { where: 'AND 0', params: [] };
  // SQLite's substr counts characters (code points), not UTF-16 units.
  return { where: `AND (${prefixes.map(() => 'substr(stream, 1, ?) = ?').join(' OR ')})`, params: prefixes.flatMap((p) => [[...p].length, p]) };
}

/**
 * Each prefix as a range of the (stream, revision) index: the strings starting with p are those
 * in [p, p with its last code point incremented), as SQLite compares text by code point (UTF-8
 * bytes). Prefixes covered by a shorter one are dropped, so the ranges never overlap.
 */
function prefixRanges(prefixes: readonly string[]): { where: string; params: unknown[] }[] {
  const distinct = [...new Set(prefixes)];
  const kept = distinct.filter((p) => !distinct.some((q) => q !== p && p.startsWith(q)));
  return kept.map((p) => {
    const upper = successor(p);
    return upper === null ? { where: 'stream >= ?', params: [p] } : { where: 'stream >= ? AND stream < ?', params: [p, upper] };
  });
}

/** The least string greater than every string starting with p; null when there is none. */
function successor(p: string): string | null {
  const points = [...p].map((c) => c.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < 0x10ffff) return String.fromCodePoint(...points, last + 1 === 0xd800 ? 0xe000 : last + 1);
  }
  return null;
}

/** The columns of a page read, in the order of RawRow. */
const PAGE_COLUMNS = 'position, event_id, stream, revision, type, data, metadata, recorded_at';
type RawRow = [position: number, eventId: string, stream: string, revision: number, type: string, data: string, metadata: string, recordedAt: string];
/** The events after a position up to the head, as much of each as a filter tests. */
const GAP_SQL = 'SELECT position, type, stream FROM events WHERE position > ? AND position <= ? ORDER BY position';
const BY_POSITION_SQL = `SELECT ${PAGE_COLUMNS} FROM events WHERE position = ?`;

function rawToRecorded(row: RawRow): RecordedEvent {
  return {
    id: row[1],
    type: row[4],
    data: JSON.parse(row[5]),
    metadata: JSON.parse(row[6]),
    streamName: row[2],
    revision: row[3],
    position: toSqlitePosition(row[0]),
    recordedAt: row[7],
  };
}

function toRecorded(row: Row): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    streamName: row.stream,
    revision: row.revision,
    position: toSqlitePosition(row.position),
    recordedAt: row.recorded_at,
  };
}
