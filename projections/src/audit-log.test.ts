import { applyBatch, ensureIndexes, type EmbeddedReadStore, type RecordedEvent } from '@kainga/platform';
import { temporaryReadStore } from '@kainga/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG, auditLogProjector, pageAuditLog, streamKindOf, type AuditLogDoc, type AuditLogQuery } from './audit-log';

/** The n-th minute of 1 March 2026 (UTC), as the log records times. */
const minute = (n: number) => new Date(Date.UTC(2026, 2, 1, 0, n)).toISOString();

/** A log: each call is the next position, recorded a minute after the previous one; revisions counted per stream. */
function log() {
  let position = 0;
  const revisions = new Map<string, number>();
  return (stream: string, type: string, meta: { actorId?: string | null; correlationId?: string; causationId?: string | null } = {}): RecordedEvent => {
    position += 1;
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    return {
      id: `e${position}`,
      type,
      data: { n: position },
      metadata: { actorId: meta.actorId ?? null, actorRoles: meta.actorId ? ['admin'] : [], correlationId: meta.correlationId ?? `c${position}`, causationId: meta.causationId ?? null, occurredAt: minute(position) },
      streamName: stream,
      revision,
      position: String(position).padStart(20, '0'),
      recordedAt: minute(position),
    };
  };
}

const apply = (store: EmbeddedReadStore, events: RecordedEvent[]) => applyBatch(store, auditLogProjector, events, auditLogProjector.name, (c) => c);

describe('audit_log projector', () => {
  it('keeps one lean document per event, with its place, kind and metadata', async () => {
    const store = temporaryReadStore('audit-');
    const next = log();
    const approved = next('partnerApplication-a1', 'PartnerApplicationApproved', { actorId: 'admin-1', correlationId: 'req-1' });
    await apply(store, [approved]);
    const doc = await store.collection<AuditLogDoc>(AUDIT_LOG).findOne({ eventId: 'e1' });
    expect(doc).toMatchObject({
      _id: approved.position,
      eventId: 'e1',
      position: approved.position,
      seq: `${approved.recordedAt}|${approved.position}`,
      stream: 'partnerApplication-a1',
      streamKind: 'partnerApplication',
      revision: 0,
      type: 'PartnerApplicationApproved',
      recordedAt: approved.recordedAt,
      occurredAt: approved.metadata.occurredAt,
      actorId: 'admin-1',
      actorRoles: ['admin'],
      correlationId: 'req-1',
      causationId: null,
    });
    expect(doc).not.toHaveProperty('data');
  });

  it('leaves out advert impressions and clicks and system events', () => {
    const next = log();
    expect(auditLogProjector.project(next('adActivity-2026-03-01', 'AdImpressionRecorded'))).toEqual([]);
    expect(auditLogProjector.project(next('adActivity-2026-03-01', 'AdClickRecorded'))).toEqual([]);
    expect(auditLogProjector.project(next('$stats', '$statsCollected'))).toEqual([]);
    expect(auditLogProjector.project(next('adContent-x', 'AdContentApproved'))).toHaveLength(1);
  });

  it('applies a repeated event once (at-least-once delivery)', async () => {
    const store = temporaryReadStore('audit-');
    const next = log();
    const events = [next('user-u1', 'UserRegistered'), next('user-u1', 'UserRolesChanged')];
    await apply(store, events);
    await apply(store, events);
    expect(await store.collection(AUDIT_LOG).count()).toBe(2);
  });

  it('names a stream’s kind by the part before its first dash', () => {
    expect(streamKindOf('partnerApplication-7f2c-11')).toBe('partnerApplication');
    expect(streamKindOf('auditViews-admin-1-2026-03-01')).toBe('auditViews');
    expect(streamKindOf('platform')).toBe('platform');
  });
});

describe('pageAuditLog', () => {
  const store = temporaryReadStore('audit-');
  const all: RecordedEvent[] = [];
  beforeAll(async () => {
    await ensureIndexes(store, [auditLogProjector]);
    const next = log();
    // 60 events over six streams of three kinds, two admins, a correlation across streams.
    for (let i = 0; i < 10; i++) {
      all.push(next(`user-u${i % 3}`, i % 2 === 0 ? 'UserRegistered' : 'UserRolesChanged', { actorId: i % 2 === 0 ? 'admin-1' : null }));
      all.push(next(`partnerApplication-a${i % 2}`, 'PartnerApplicationSubmitted', { actorId: `user-${i}` }));
      all.push(next(`partner-p${i % 2}`, 'PartnerEnrolled', { actorId: 'admin-2', correlationId: i === 4 ? 'req-approve' : undefined }));
      all.push(next(`auditViews-admin-1-2026-03-0${1 + (i % 2)}`, 'AuditHistoryViewed', { actorId: 'admin-1' }));
      all.push(next(`partnerApplication-a${i % 2}`, i === 4 ? 'PartnerApplicationApproved' : 'PartnerApplicationRejected', { actorId: 'admin-2', correlationId: i === 4 ? 'req-approve' : undefined }));
      all.push(next('adActivity-2026-03-01', 'AdImpressionRecorded'));
    }
    await apply(store, all);
  });

  const shown = () => all.filter((e) => e.type !== 'AdImpressionRecorded');
  const ids = (docs: AuditLogDoc[]) => docs.map((d) => d.eventId);
  /** Every page of a query, following the cursor. */
  async function everyPage(q: Omit<AuditLogQuery, 'after'>) {
    const pages: string[][] = [];
    let after: string | undefined;
    for (;;) {
      const page = await pageAuditLog(store, { ...q, after });
      pages.push(ids(page.docs));
      if (!page.nextAfter) return pages;
      after = page.nextAfter;
    }
  }
  /** What a query must answer: the shown events that pass `keep`, in the order asked. */
  const expected = (keep: (e: RecordedEvent) => boolean, order: 'newest' | 'oldest' = 'newest') => {
    const found = shown().filter(keep).map((e) => e.id);
    return order === 'newest' ? found.reverse() : found;
  };

  it('pages through the whole history newest first and oldest first, without gaps or repeats', async () => {
    const newest = await everyPage({ order: 'newest', limit: 7 });
    expect(newest.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
    expect(newest.flat()).toEqual(expected(() => true));
    const oldest = await everyPage({ order: 'oldest', limit: 25 });
    expect(oldest.flat()).toEqual(expected(() => true, 'oldest'));
    // A page that ends exactly at the end says so (no empty page after it).
    expect((await everyPage({ order: 'oldest', limit: 50 })).map((p) => p.length)).toEqual([50]);
  });

  it('filters by stream, by kind (a prefix ending in a dash), and by a longer prefix', async () => {
    expect((await everyPage({ stream: 'partnerApplication-a1', order: 'oldest', limit: 4 })).flat()).toEqual(expected((e) => e.streamName === 'partnerApplication-a1', 'oldest'));
    expect((await everyPage({ streamPrefix: 'partnerApplication-', order: 'newest', limit: 6 })).flat()).toEqual(expected((e) => e.streamName.startsWith('partnerApplication-')));
    expect((await everyPage({ streamPrefix: 'auditViews-admin-1-2026-03-02', order: 'newest', limit: 3 })).flat()).toEqual(expected((e) => e.streamName === 'auditViews-admin-1-2026-03-02'));
    expect((await everyPage({ streamPrefix: 'auditViews-admin-1-', order: 'newest', limit: 3 })).flat()).toEqual(expected((e) => e.streamName.startsWith('auditViews-')));
    expect((await everyPage({ streamPrefix: 'auditViews-admin-2-', order: 'newest', limit: 3 })).flat()).toEqual([]);
  });

  it('filters by one type, by several (merged in order), by actor and by correlation', async () => {
    expect((await everyPage({ types: ['PartnerEnrolled'], order: 'newest', limit: 3 })).flat()).toEqual(expected((e) => e.type === 'PartnerEnrolled'));
    const several = ['UserRegistered', 'PartnerApplicationApproved', 'AuditHistoryViewed'];
    expect((await everyPage({ types: several, order: 'oldest', limit: 4 })).flat()).toEqual(expected((e) => several.includes(e.type), 'oldest'));
    expect((await everyPage({ types: several, order: 'newest', limit: 4 })).flat()).toEqual(expected((e) => several.includes(e.type)));
    expect((await everyPage({ actorId: 'admin-2', order: 'newest', limit: 5 })).flat()).toEqual(expected((e) => e.metadata.actorId === 'admin-2'));
    expect((await everyPage({ correlationId: 'req-approve', order: 'oldest', limit: 50 })).flat()).toEqual(expected((e) => e.metadata.correlationId === 'req-approve', 'oldest'));
    expect((await everyPage({ types: ['NoSuchType'], order: 'newest', limit: 5 })).flat()).toEqual([]);
  });

  it('filters by a time range (from inclusive, to exclusive), alone and with a cursor', async () => {
    const from = minute(10);
    const to = minute(30);
    const inRange = (e: RecordedEvent) => e.recordedAt >= from && e.recordedAt < to;
    expect((await everyPage({ from, to, order: 'newest', limit: 4 })).flat()).toEqual(expected(inRange));
    expect((await everyPage({ from, to, order: 'oldest', limit: 4 })).flat()).toEqual(expected(inRange, 'oldest'));
    expect((await everyPage({ from: minute(1000), order: 'oldest', limit: 4 })).flat()).toEqual([]);
  });

  it('combines filters with AND', async () => {
    const keep = (e: RecordedEvent) => e.metadata.actorId === 'admin-2' && e.streamName.startsWith('partnerApplication-') && e.recordedAt >= minute(20) && ['PartnerApplicationRejected', 'PartnerEnrolled'].includes(e.type);
    const q = { actorId: 'admin-2', streamPrefix: 'partnerApplication-', from: minute(20), types: ['PartnerApplicationRejected', 'PartnerEnrolled'] };
    expect((await everyPage({ ...q, order: 'newest', limit: 2 })).flat()).toEqual(expected(keep));
    expect((await everyPage({ correlationId: 'req-approve', types: ['PartnerEnrolled'], order: 'newest', limit: 2 })).flat()).toEqual(expected((e) => e.metadata.correlationId === 'req-approve' && e.type === 'PartnerEnrolled'));
  });

  it('reads a page along an index, never the whole collection', async () => {
    const stored = store.stored(AUDIT_LOG);
    const values = stored.docs.values;
    let scans = 0;
    stored.docs.values = function (this: typeof stored.docs) {
      scans += 1;
      return values.call(this);
    };
    try {
      await pageAuditLog(store, { order: 'newest', limit: 5 });
      await pageAuditLog(store, { correlationId: 'req-approve', actorId: 'admin-2', order: 'oldest', limit: 5 });
      await pageAuditLog(store, { types: ['UserRegistered', 'PartnerEnrolled'], from: minute(3), to: minute(40), order: 'newest', limit: 5 });
      await pageAuditLog(store, { streamPrefix: 'user-', order: 'oldest', limit: 5, after: `${minute(2)}|` });
    } finally {
      stored.docs.values = values;
    }
    expect(scans).toBe(0);
  });
});
