import type { EventStore, ReadStore } from '@kainga/platform';
import { pageAuditLog, type AuditLogDoc, type AuditLogQuery } from '@kainga/projections';
import { dataOf } from '../admin/audit/event-views';
import type { ExportScope } from './export-scope';
import { EXPORT_PAGE_SIZE } from './paged-reads';

/**
 * The event history that concerns a person, from the audit read model's indexes (actor, stream)
 * a page at a time, each page's data read back from the log through the EventStore port: never
 * a scan of the log.
 *
 * Two lists: what the person did (every event whose actor they are), and what others (admins,
 * partners answering, Kāinga itself) did on the person's own records. An event's data is given
 * when its stream is one of the person's; an event the person did on someone else's record (an
 * admin's approval of another person's advert) shows only that they did it, when and where,
 * since its data is the other person's.
 */
export interface HistoryEntry {
  type: string;
  /** The stream of one of the person's records, or only the kind of someone else's. */
  stream: string;
  recordedAt: string;
  occurredAt: string | null;
  by: 'you' | 'an administrator' | 'Kāinga' | 'another person';
  data?: unknown;
  note?: string;
}

const OTHER_RECORD = 'This event is on another person’s record: only the fact that you did it is included.';

/** Secrets and the keys that stand for them never leave: a link's token hash, a message's digest. */
const SECRET_KEY = /hash|digest|secret|password/i;

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_KEY.test(k)).map(([k, v]) => [k, withoutSecrets(v)]));
}

function byWhom(doc: AuditLogDoc, userId: string): HistoryEntry['by'] {
  if (doc.actorId === userId) return 'you';
  if (doc.actorRoles.includes('admin')) return 'an administrator';
  if (doc.actorId === null || doc.actorRoles.length === 0) return 'Kāinga';
  return 'another person';
}

async function* walk(stores: { eventStore: EventStore; readStore: ReadStore }, query: Omit<AuditLogQuery, 'order' | 'limit' | 'after'>, scope: ExportScope, keep: (doc: AuditLogDoc) => boolean) {
  const userId = scope.user._id;
  let after: string | undefined;
  do {
    const page = await pageAuditLog(stores.readStore, { ...query, order: 'oldest', after, limit: EXPORT_PAGE_SIZE });
    const docs = page.docs.filter(keep);
    const data = await dataOf(stores.eventStore, docs.filter((d) => scope.isOwnStream(d.stream)));
    for (const d of docs) {
      const own = scope.isOwnStream(d.stream);
      // Another person's record is named by its kind only ("user", "adContent"): its id is theirs.
      const entry: HistoryEntry = { type: d.type, stream: own ? d.stream : d.streamKind, recordedAt: d.recordedAt, occurredAt: d.occurredAt, by: byWhom(d, userId) };
      if (own) entry.data = withoutSecrets(data.get(d.eventId) ?? null);
      else entry.note = OTHER_RECORD;
      yield entry;
    }
    after = page.nextAfter ?? undefined;
  } while (after !== undefined);
}

/** Every event the person did, oldest first. */
export function historyOfActions(stores: { eventStore: EventStore; readStore: ReadStore }, scope: ExportScope): AsyncGenerator<HistoryEntry> {
  return walk(stores, { actorId: scope.user._id }, scope, () => true);
}

/**
 * What others did on the person's records, stream by stream, oldest first within each. The
 * leads a partner received and their charges are left out here (thousands of streams): their
 * state is in leads-received.json and lead-charges.json, and the partner's own actions on them in
 * the list of what they did.
 */
export async function* historyOfRecords(stores: { eventStore: EventStore; readStore: ReadStore }, scope: ExportScope): AsyncGenerator<HistoryEntry> {
  const userId = scope.user._id;
  const streams = [...scope.ownStreams].filter((s) => !s.startsWith('leadCharge-') && !(s.startsWith('partnerLead-') && !scope.sentLeadStreams.has(s)));
  for (const stream of streams) yield* walk(stores, { stream }, scope, (d) => d.actorId !== userId);
}
