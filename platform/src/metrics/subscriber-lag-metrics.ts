import { Gauge } from 'prom-client';
import type { EventStore, Position } from '../event-store/event-store';
import type { ProjectionStatus } from '../projection/projection-runner';
import type { ReactorStatus } from '../reaction/reactor-runner';
import { metricsRegistry } from './registry';

/**
 * How far each projection and reactor is behind the head of the log, worked out when Prometheus
 * scrapes (one head read per log, and one event read per subscriber that is behind), so nothing
 * is paid between scrapes.
 *
 * - positions behind: the head's log position minus the subscriber's. Positions are opaque but
 *   start with a number: the event's sequence on the embedded log, its commit position (bytes)
 *   on EventStoreDB, so it counts events on one and bytes of log on the other.
 * - seconds behind: the age of the oldest event it has not looked at yet, 0 when it reports
 *   caught up (a filtered EventStoreDB subscription reports its scanned position only now and
 *   then, so its positions may trail a little while it is current).
 */
export interface LagSource {
  eventStore: Pick<EventStore, 'headPosition' | 'readAll'>;
  projections?: () => ProjectionStatus[];
  reactors?: () => ReactorStatus[];
}

const sources = new Set<LagSource>();

/** Reports these subscribers' lag at every scrape until the returned function is called. */
export function watchSubscriberLag(source: LagSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

interface Lag {
  positions: number;
  seconds: number;
}

/** The number a position starts with (see above); 0 for none. */
export function positionOrdinal(position: Position | null): bigint {
  const digits = position === null ? null : /^\d+/.exec(position)?.[0];
  return digits ? BigInt(digits) : 0n;
}

async function lagOf(eventStore: LagSource['eventStore'], head: Position | null, status: { position: Position | null; caughtUp: boolean }, now: number): Promise<Lag> {
  if (head === null || (status.position !== null && status.position >= head)) return { positions: 0, seconds: 0 };
  const positions = Number(positionOrdinal(head) - positionOrdinal(status.position));
  if (status.caughtUp) return { positions, seconds: 0 };
  const [next] = await eventStore.readAll({ after: status.position, limit: 1 });
  return { positions, seconds: next ? Math.max(0, (now - Date.parse(next.recordedAt)) / 1000) : 0 };
}

interface Snapshot {
  projections: Map<string, ProjectionStatus & Lag>;
  reactors: Map<string, ReactorStatus & Lag>;
}

async function snapshot(): Promise<Snapshot> {
  const result: Snapshot = { projections: new Map(), reactors: new Map() };
  const now = Date.now();
  for (const source of sources) {
    const head = await source.eventStore.headPosition();
    for (const s of source.projections?.() ?? []) result.projections.set(s.name, { ...s, ...(await lagOf(source.eventStore, head, s, now)) });
    for (const s of source.reactors?.() ?? []) result.reactors.set(s.name, { ...s, ...(await lagOf(source.eventStore, head, s, now)) });
  }
  return result;
}

/** Every gauge below is collected in parallel by one scrape: they share one snapshot. */
let inFlight: Promise<Snapshot> | null = null;
const shared = () => (inFlight ??= snapshot().finally(() => (inFlight = null)));

function subscriberGauge<K extends keyof Snapshot>(name: string, help: string, of: K, label: string, value: (s: Snapshot[K] extends Map<string, infer V> ? V : never) => number) {
  const gauge: Gauge<string> = new Gauge({
    name,
    help,
    labelNames: [label],
    registers: [metricsRegistry],
    async collect() {
      const snap = await shared();
      gauge.reset(); // a subscriber that stopped is no longer reported
      for (const [key, s] of snap[of]) gauge.set({ [label]: key }, value(s as never));
    },
  });
  return gauge;
}

export const projectionLagPositions = subscriberGauge('kainga_projection_lag_positions', 'Log positions between the head of the log and what the projection has applied (events on the embedded log, bytes on EventStoreDB).', 'projections', 'projection', (s) => s.positions);
export const projectionLagSeconds = subscriberGauge('kainga_projection_lag_seconds', 'Age in seconds of the oldest event the projection has not applied yet; 0 when caught up.', 'projections', 'projection', (s) => s.seconds);
export const projectionCaughtUp = subscriberGauge('kainga_projection_caught_up', '1 when the projection has applied everything it knows of, else 0.', 'projections', 'projection', (s) => (s.caughtUp ? 1 : 0));
export const projectionFailing = subscriberGauge('kainga_projection_failing', '1 while the projection is restarting after an error, else 0.', 'projections', 'projection', (s) => (s.lastError ? 1 : 0));
export const reactorLagPositions = subscriberGauge('kainga_reactor_lag_positions', 'Log positions between the head of the log and what the reactor has handled: its backlog (the lead emails reactor is the email outbox).', 'reactors', 'reactor', (s) => s.positions);
export const reactorLagSeconds = subscriberGauge('kainga_reactor_lag_seconds', 'Age in seconds of the oldest event the reactor has not handled yet; 0 when caught up.', 'reactors', 'reactor', (s) => s.seconds);
export const reactorConsecutiveFailures = subscriberGauge('kainga_reactor_consecutive_failures', 'Failed attempts in a row at the event the reactor is retrying (0 when none): the events behind it wait.', 'reactors', 'reactor', (s) => s.failures);
