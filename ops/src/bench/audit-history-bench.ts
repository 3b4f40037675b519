import { adminLinkFor } from '@kainga/command-api/testing';
import type { RoleName } from '@kainga/contracts';
import { EMBEDDED_REBUILD_BATCH, loadConfig, openStores, rebuildProjection, recordVersion, type EventStore, type NewEvent } from '@kainga/platform';
import { auditLogProjector } from '@kainga/projections';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { browserCookies } from './browser-cookies';
import { prng } from './events';
import { bar, note } from './progress';
import { startServerProcess } from './scale/server-process';
import { fmtInt, fmtMs, type Row } from './table';
import { percentile } from './percentile';

/** Events in the log the history is read from (BENCH_AUDIT_EVENTS changes it). */
export const AUDIT_EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
/** Requests per measured query, one at a time. */
const REQUESTS = Number(process.env.BENCH_AUDIT_REQUESTS ?? 200);
const EVENTS_PER_STREAM = 10;
const AIM_PAGE_MS = 100;
const ADMIN_EMAIL = 'auditor@bench.example.nz';
const PASSWORD = 'correct horse battery staple';

const kinds = ['user', 'valuation', 'property', 'partnerApplication', 'partner', 'adSubscription', 'adContent', 'leadCharge', 'partnerLead', 'sale'];
/**
 * The history holds domain events only, so the log is filled with real event types: the coupons',
 * whose read model reads only `coupon-` streams (none here) and which no reactor follows, so the
 * service that starts on this log projects nothing else from them.
 */
const types = ['CouponCreated', 'CouponRedeemed', 'CouponRedeemed', 'CouponDeactivated', 'CouponRedeemed', 'CouponReactivated', 'CouponRedeemed', 'CouponDeactivated', 'CouponRedeemed', 'CouponRedemptionReleased'];
const ACTORS = 2_000;

export interface AuditQueryFigures {
  name: string;
  p50: number;
  p99: number;
  /** Events on the page (so a fast empty answer is not mistaken for a fast page). */
  events: number;
}

export interface AuditHistoryBenchResult {
  events: number;
  fillPerSecond: number;
  rebuildPerSecond: number;
  /** The first read after start: the embedded store sorts the index the query walks (the read model is loaded by then: the sign-in's events are projected into it). */
  firstReadMs: number;
  /** From the call that starts the service to the first page answered: start-up, sign-in and the first read. */
  startToFirstPageMs: number;
  /** The first read after a restart, signed in already: the read model is loaded and the index sorted then. */
  firstReadAfterRestartMs: number;
  restartToFirstPageMs: number;
  queries: AuditQueryFigures[];
  baseline: AuditQueryFigures;
  /** The service process's resident memory once every query has run (the read model and the indexes they read in memory), and its peak, in bytes. */
  memory: { rss: number; peak: number };
}

/**
 * A page of GET /api/admin/events with a million events in the log: the log is filled with
 * events of ten aggregate kinds (10 a stream, 2,000 actors, one correlation per append), the
 * audit read model is rebuilt from it as `npm run projections:rebuild` would, then the whole
 * service starts on that data directory (NODE_ENV=production) in a process of its own, as `npm
 * start` runs it (the fill's and the rebuild's garbage stay in the bench's process, whose full
 * collections had put a 131 ms p99 on the first page beside 25 ms for the service alone), and an
 * admin reads pages of the history over loopback, one request at a time: the first page (which also records the view,
 * an append), the next page by its cursor, and the filters. Beside them, in the same run, the
 * signed-in GET /api/auth/user of the same admin: what any signed-in read costs here.
 */
export async function auditHistoryBench(dataDir: string, total = AUDIT_EVENTS): Promise<AuditHistoryBenchResult> {
  const prepared = await prepareAuditStore(dataDir, total);
  return { ...prepared, ...(await measureAuditHistory(dataDir, prepared.marks)), events: total };
}

/** Where the filter queries look: an actor, a correlation id and a tenth of the log's time. */
export interface AuditMarks {
  actor: string;
  correlationId: string;
  from: string;
  to: string;
}

const envOf = (dataDir: string) => ({ DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000000', HOST: '127.0.0.1', ADMIN_EMAILS: ADMIN_EMAIL });

/** Fills the log and rebuilds the audit read model from it, as `npm run projections:rebuild` would. */
export async function prepareAuditStore(dataDir: string, total: number): Promise<{ fillPerSecond: number; rebuildPerSecond: number; marks: AuditMarks }> {
  const stores = await openStores(loadConfig(envOf(dataDir)));
  let fillPerSecond: number;
  let rebuildPerSecond: number;
  let marks: AuditMarks;
  try {
    const filled = await fill(stores.eventStore, total);
    fillPerSecond = filled.perSecond;
    marks = filled.marks;
    note(`filled ${fmtInt(total)} events (${fmtInt(fillPerSecond)} events/s)`);
    const progress = bar('rebuilding audit_log', total);
    const started = performance.now();
    await rebuildProjection(stores, auditLogProjector, { batchSize: EMBEDDED_REBUILD_BATCH, onProgress: (p) => progress.update(p.done, p.total) });
    await recordVersion(stores.readStore, auditLogProjector);
    progress.stop();
    rebuildPerSecond = total / ((performance.now() - started) / 1000);
    note(`audit_log rebuilt: ${fmtInt(rebuildPerSecond)} events/s`);
  } finally {
    await stores.close();
  }
  return { fillPerSecond, rebuildPerSecond, marks };
}

/** Starts the service on a prepared data directory and reads the history as an admin; then stops and starts it again. */
export async function measureAuditHistory(dataDir: string, marks: AuditMarks): Promise<Omit<AuditHistoryBenchResult, 'events' | 'fillPerSecond' | 'rebuildPerSecond'>> {
  const env = envOf(dataDir);
  let startedAt = performance.now();
  let server = await startServerProcess(dataDir, env);
  let closed = false;
  try {
    let url = server.url;
    const cookie = await signInAdmin(url, dataDir);
    const get = async (path: string) => {
      const res = await fetch(`${url}${path}`, { headers: { cookie } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
      return JSON.parse(text) as { events?: unknown[]; nextCursor?: string | null };
    };
    let started = performance.now();
    const first = await get('/api/admin/events?limit=50');
    const firstReadMs = performance.now() - started;
    const startToFirstPageMs = performance.now() - startedAt;
    note(`first read after start (the read model loaded, its index sorted): ${fmtMs(firstReadMs)} ms; ${fmtMs(startToFirstPageMs)} ms from start (sign-in included)`);

    const measure = async (name: string, path: string): Promise<AuditQueryFigures> => {
      const times: number[] = [];
      let events = 0;
      for (let i = 0; i < REQUESTS; i++) {
        started = performance.now();
        const body = await get(path);
        times.push(performance.now() - started);
        events = body.events?.length ?? 0;
      }
      times.sort((a, b) => a - b);
      const figures = { name, p50: percentile(times, 50), p99: percentile(times, 99), events };
      note(`${name}: p50 ${fmtMs(figures.p50)} ms, p99 ${fmtMs(figures.p99)} ms (${figures.events} events a page)`);
      return figures;
    };
    const deep = (await get(`/api/admin/events?limit=50&cursor=${first.nextCursor}`)).nextCursor;
    const queries = [
      await measure('first page, newest first (the view recorded: an append)', '/api/admin/events?limit=50'),
      await measure('a later page by its cursor', `/api/admin/events?limit=50&cursor=${deep}`),
      await measure('oldest first, two types', '/api/admin/events?order=oldest&limit=50&type=CouponRedeemed,CouponRedemptionReleased'),
      await measure('one actor', `/api/admin/events?limit=50&actor=${marks.actor}`),
      await measure('one aggregate kind and a time range', `/api/admin/events?limit=50&stream=partnerApplication-&from=${marks.from}&to=${marks.to}`),
      await measure('one correlation id', `/api/admin/events?limit=50&correlationId=${marks.correlationId}`),
    ];
    const baseline = await measure('baseline: GET /api/auth/user, same admin', '/api/auth/user');
    const memory = server.memory();
    note(`the service's memory with the read model loaded: RSS ${fmtInt(memory.rss / 2 ** 20)} MB (peak ${fmtInt(memory.peak / 2 ** 20)} MB)`);

    // Stopped and started again: nothing is loaded, and no sign-in moves the audit log first.
    closed = true;
    await server.stop();
    startedAt = performance.now();
    server = await startServerProcess(dataDir, env);
    closed = false;
    url = server.url;
    started = performance.now();
    await get('/api/admin/events?limit=50');
    const firstReadAfterRestartMs = performance.now() - started;
    const restartToFirstPageMs = performance.now() - startedAt;
    note(`first read after a restart (the read model loaded, its index sorted): ${fmtMs(firstReadAfterRestartMs)} ms, ${fmtMs(restartToFirstPageMs)} ms from start`);
    return { firstReadMs, startToFirstPageMs, firstReadAfterRestartMs, restartToFirstPageMs, queries, baseline, memory };
  } finally {
    if (!closed) await server.stop();
  }
}

/** Appends `total` events, 10 to a stream, many appends in flight (the store commits them in groups). */
async function fill(eventStore: EventStore, total: number) {
  const random = prng(20_261_125);
  const actors = Array.from({ length: ACTORS }, () => randomUUID());
  const streams = Math.ceil(total / EVENTS_PER_STREAM);
  const progress = bar('filling the log', total);
  const started = performance.now();
  const marks = { actor: actors[0]!, correlationId: '', from: '', to: '' };
  const IN_FLIGHT = 500;
  let written = 0;
  for (let s = 0; s < streams; s += IN_FLIGHT) {
    const appends: Promise<unknown>[] = [];
    for (let k = s; k < Math.min(streams, s + IN_FLIGHT); k++) {
      const count = Math.min(EVENTS_PER_STREAM, total - k * EVENTS_PER_STREAM);
      const at = new Date().toISOString();
      const actorId = random() < 0.1 ? null : actors[Math.floor(random() * ACTORS)]!;
      const actorRoles: RoleName[] = actorId ? ['general'] : [];
      const correlationId = randomUUID();
      if (k === Math.floor(streams / 2)) marks.correlationId = correlationId;
      const events: NewEvent[] = Array.from({ length: count }, (_, i) => ({
        id: randomUUID(),
        type: types[i]!,
        data: { n: i, amount: Math.round(random() * 100_000), note: `bench entry ${k}.${i}` },
        metadata: { actorId, actorRoles, correlationId, causationId: null, occurredAt: at },
      }));
      appends.push(eventStore.append(`${kinds[k % kinds.length]}-${randomUUID()}`, events, { expectedRevision: 'no_stream' }));
      written += count;
    }
    await Promise.all(appends);
    // A tenth of the log, around the middle, for the time range query.
    if (!marks.from && written >= total * 0.45) marks.from = new Date().toISOString();
    if (!marks.to && written >= total * 0.55) marks.to = new Date(Date.now() + 1).toISOString();
    progress.update(written);
  }
  progress.stop();
  marks.to ||= new Date(Date.now() + 1).toISOString();
  return { perSecond: total / ((performance.now() - started) / 1000), marks };
}

/** Registers the bench's admin (listed in ADMIN_EMAILS) and follows the mailed admin link, as its owner would. */
async function signInAdmin(url: string, dataDir: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD, firstName: 'Audit', lastName: 'Bench' }),
  });
  if (res.status === 409) {
    // Registered by an earlier run on the same data directory (and proved then): signs in.
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }) });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    return browserCookies(login);
  }
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  let cookie = browserCookies(res);
  const link = await adminLinkFor(dataDir, ADMIN_EMAIL);
  if (!link) throw new Error('no admin-email link was mailed');
  const proved = await fetch(`${url}${link}`, { headers: { cookie }, redirect: 'manual' });
  if (proved.status !== 302) throw new Error(`the admin-email link answered ${proved.status}`);
  if (proved.headers.getSetCookie().some((c) => c.startsWith('kainga.sid='))) cookie = browserCookies(proved);
  const me = (await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).json()) as { roles: string[] };
  if (!me.roles.includes('admin')) throw new Error(`the bench's account is not an admin (${me.roles.join(', ')})`);
  return cookie;
}

export function auditHistoryRows(r: AuditHistoryBenchResult): Row[] {
  return [
    ...r.queries.map((q, i) => ({
      measure: `${i === 0 ? `GET /api/admin/events, ${fmtInt(r.events)} events in the log: ` : '…'}${q.name}, p50 / p99 (${q.events} events a page)`,
      result: `${fmtMs(q.p50)} / ${fmtMs(q.p99)} ms`,
      aim: `p99 < ${AIM_PAGE_MS} ms`,
    })),
    { measure: `…baseline in the same run: ${r.baseline.name.replace(/^baseline: /, '')}, p50 / p99`, result: `${fmtMs(r.baseline.p50)} / ${fmtMs(r.baseline.p99)} ms`, aim: 'baseline' },
    { measure: '…first read after a start that follows the rebuild (index sorted) / from the start call (read model loaded, sign-in)', result: `${fmtMs(r.firstReadMs)} / ${fmtMs(r.startToFirstPageMs)} ms`, aim: '—' },
    { measure: '…first read after a restart (read model loaded, index sorted) / from the start call', result: `${fmtMs(r.firstReadAfterRestartMs)} / ${fmtMs(r.restartToFirstPageMs)} ms`, aim: '—' },
    { measure: "…the service process's memory afterwards: RSS (peak)", result: `${fmtInt(r.memory.rss / 2 ** 20)} MB (${fmtInt(r.memory.peak / 2 ** 20)} MB)`, aim: 'stated' },
    { measure: `…audit_log rebuild over the same ${fmtInt(r.events)} events`, result: `${fmtInt(r.rebuildPerSecond)} events/s`, aim: '—' },
  ];
}
