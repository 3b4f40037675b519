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
    const outcomes: ({ ok: true; result: AppendResult & { idempotent: boolean } } | { ok: false; error: unknown })[] = [];
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
    if (outcomes.some((o) => o.ok && !o.result.idempotent)) this.appended.emit('appended');
  }

  private prepareAppend() {
    const byEventId = this.db.prepare<[string], Row>('SELECT * FROM events WHERE event_id = ?');
    const streamHead = this.db.prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream = ?');
    const insert = this.db.prepare('INSERT INTO events (event_id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    return this.db.transaction((stream: string, events: readonly NewEvent[], expected: ExpectedRevision): AppendResult & { idempotent: boolean } => {
    const existing = events.map((e) => byEventId.get(e.id)).filter((row): row is Row => row !== undefined);
    if (existing.length > 0) {
      // A retried append: the same ids, same stream, same types means it already happened.
      const same = existing.length === events.length && existing.every((row, i) => row.stream === stream && row.event_id === events[i]!.id && row.type === events[i]!.type);
      if (!same) throw new DuplicateEventIdError(existing[0]!.event_id);
      const last = existing[existing.length - 1]!;
      return { nextRevision: last.revision, position: toSqlitePosition(last.position), idempotent: true };
    }
    const current = streamHead.get(stream)?.revision ?? null;
    if (expected !== 'any') {
      const ok = expected === 'no_stream' ? current === null : current === expected;
      if (!ok) throw new WrongExpectedRevisionError(stream, expected, current ?? 'no_stream');
    }
    const now = new Date().toISOString();
    let revision = current ?? -1;
    let position = 0;
    for (const e of events) {
      revision += 1;
      const info = insert.run(e.id, stream, revision, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), now);
      position = Number(info.lastInsertRowid);
    }
    return { nextRevision: revision, position: toSqlitePosition(position), idempotent: false };
    });
  }

  async readStream(stream: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    return this.db
      .prepare<[string, number], Row>('SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision')
      .all(stream, options?.fromRevision ?? 0)
      .map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readPage(fromPosition(options.after), options.filter, options.limit ?? 1000);
  }

  private readonly pageStatements = new Map<string, Database.Statement<unknown[], Row>>();

  private readPage(after: number, filter: EventFilter | undefined, limit: number): RecordedEvent[] {
    const { where, params } = filterSql(filter);
    let statement = this.pageStatements.get(where);
    if (!statement) {
      // Walk the log in position order (the primary key) and filter as it goes, rather than
      // through the type index, which would need a sort of every page.
      statement = this.db.prepare<unknown[], Row>(`SELECT * FROM events WHERE position > ? ${where.replace('type IN', '+type IN')} ORDER BY position LIMIT ?`);
      this.pageStatements.set(where, statement);
    }
    return statement.all(after, ...params, limit).map(toRecorded);
  }

  async headPosition(filter?: EventFilter): Promise<Position | null> {
    const { where, params } = filterSql(filter);
    const row = this.db.prepare<unknown[], { p: number | null }>(`SELECT MAX(position) AS p FROM events WHERE 1 = 1 ${where}`).get(...params);
    return row?.p ? toSqlitePosition(row.p) : null;
  }

  async countEvents(filter?: EventFilter): Promise<number> {
    const { where, params } = filterSql(filter);
    return this.db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM events WHERE 1 = 1 ${where}`).get(...params)!.n;
  }

  subscribe(options: SubscribeOptions): Subscription {
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppend = () => wake?.();
    this.appended.on('appended', onAppend);
    const batchSize = options.batchSize ?? 500;

    const loop = async () => {
      let after = fromPosition(options.after);
      while (!stopped && !this.closed) {
        const page = this.readPage(after, options.filter, batchSize);
        if (page.length > 0) {
          await options.onBatch(page);
          after = Number(page[page.length - 1]!.position);
          continue;
        }
        options.onCaughtUp?.(after ? toSqlitePosition(after) : null);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
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

function filterSql(filter?: EventFilter): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter?.eventTypes) {
    parts.push(filter.eventTypes.length ? `type IN (${filter.eventTypes.map(() => '?').join(',')})` : '0');
    params.push(...filter.eventTypes);
  }
  if (filter?.streamPrefixes) {
    // substr comparison instead of LIKE so '_' and '%' in a prefix are literal.
    parts.push(filter.streamPrefixes.length ? `(${filter.streamPrefixes.map(() => 'substr(stream, 1, ?) = ?').join(' OR ')})` : '0');
    for (const p of filter.streamPrefixes) params.push(p.length, p);
  }
  return { where: parts.map((p) => `AND ${p}`).join(' '), params };
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
