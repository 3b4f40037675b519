import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decider } from '../command/decider';
import { handleCommand } from '../command/command-handler';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { createLogger } from '../logger';
import { meteredActivities } from '../metrics/workflow-metrics';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import { ReactorRunner } from '../reaction/reactor-runner';
import { waitFor } from '../testing/event-store-contract';
import { InProcessWorkflowEngine } from '../workflow/in-process-engine';
import { startTracing, type Tracing } from './start-tracing';
import { inSpan } from './tracer';

type Counted = { type: 'Counted'; data: { n: number } };
const counter: Decider<number, { n: number }, Counted> = {
  initialState: () => 0,
  evolve: (s, e) => s + e.data.n,
  decide: (c) => [{ type: 'Counted', data: { n: c.n } }],
};
const metadata = { actorId: null, actorRoles: [], correlationId: 'c', causationId: null, occurredAt: '2026-12-02T00:00:00.000Z' };

let exporter: InMemorySpanExporter;
let tracing: Tracing;
beforeAll(() => {
  exporter = new InMemorySpanExporter();
  tracing = startTracing({ serviceName: 'kainga-test', env: {}, spanProcessor: new SimpleSpanProcessor(exporter) })!;
});
afterAll(async () => {
  await tracing.shutdown();
});

const named = (name: string) => {
  const found = exporter.getFinishedSpans().filter((s) => s.name === name);
  expect(found, `spans named ${name}`).toHaveLength(1);
  return found[0]!;
};
const parentOf = (span: ReadableSpan) => span.parentSpanId;

describe('one trace from a request to the activity its event led to', () => {
  it('continues through the event a command recorded, the reactor that handled it later, and the workflow activity it started', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trace-chain-'));
    const eventStore = new SqliteEventStore(join(dir, 'e.sqlite'));
    const readStore = new EmbeddedReadStore(join(dir, 'r.sqlite'));
    // The in-process engine's activity records a second event, as a lead charge's activity does.
    const activities = meteredActivities({ recordFollowUp: async (n: number) => void (await handleCommand(eventStore, counter, 'followUp-1', { n }, { idempotencyKey: `f${n}`, metadata })) });
    const engine = new InProcessWorkflowEngine({ followUp: (input: { n: number }) => activities.recordFollowUp(input.n) });
    const runner = new ReactorRunner({
      eventStore,
      readStore,
      logger: createLogger('silent'),
      reactors: [{ name: 'follow-up', filter: { eventTypes: ['Counted'], streamPrefixes: ['tally-'] }, handle: (e) => engine.execute('followUp', { n: (e.data as { n: number }).n }, { workflowId: `f-${e.id}`, timeoutMs: 10_000 }) }],
    });

    await inSpan('POST /api/tallies', {}, () => handleCommand(eventStore, counter, 'tally-1', { n: 2 }, { idempotencyKey: 'k1', metadata }));
    const [recorded] = await eventStore.readStream('tally-1');
    expect(recorded!.metadata.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

    // The reactor runs after the request's span has ended, in no span of its own: the event's metadata carries the trace.
    await runner.start();
    await waitFor(async () => (await eventStore.readStream('followUp-1')).length === 1);
    await waitFor(() => exporter.getFinishedSpans().some((s) => s.name === 'react follow-up'));
    await runner.stop();
    await engine.close();

    const request = named('POST /api/tallies');
    const commands = exporter.getFinishedSpans().filter((s) => s.name.startsWith('command '));
    const first = commands.find((s) => s.attributes['kainga.stream.category'] === 'tally')!;
    const followUp = commands.find((s) => s.attributes['kainga.stream.category'] === 'followUp')!;
    const react = named('react follow-up');
    const activity = named('activity recordFollowUp');
    const traceId = request.spanContext().traceId;
    for (const span of [first, react, activity, followUp]) expect(span.spanContext().traceId, span.name).toBe(traceId);
    expect(parentOf(first)).toBe(request.spanContext().spanId);
    expect(parentOf(react)).toBe(first.spanContext().spanId);
    expect(parentOf(activity)).toBe(react.spanContext().spanId);
    expect(parentOf(followUp)).toBe(activity.spanContext().spanId);
    expect(first.attributes).toMatchObject({ 'kainga.command.attempts': 1, 'kainga.command.events': 1, 'kainga.command.already_applied': false });
    expect(react.attributes).toMatchObject({ 'kainga.reactor': 'follow-up', 'kainga.event.type': 'Counted', 'kainga.event.id': recorded!.id });
    await eventStore.close();
    await readStore.close();
  });

  it('marks a refused command’s span failed; a command outside any request starts a trace of its own', async () => {
    exporter.reset();
    const eventStore = new SqliteEventStore(join(mkdtempSync(join(tmpdir(), 'trace-refused-')), 'e.sqlite'));
    const refusing: typeof counter = { ...counter, decide: () => { throw new Error('not allowed'); } };
    await expect(handleCommand(eventStore, refusing, 'tally-2', { n: 1 }, { idempotencyKey: 'k2', metadata })).rejects.toThrow('not allowed');
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('command tally');
    expect(span!.status).toMatchObject({ code: 2, message: 'not allowed' });
    // No request around it: the command's own span is the root, and its events carry it.
    await handleCommand(eventStore, counter, 'tally-3', { n: 1 }, { idempotencyKey: 'k3', metadata });
    const [event] = await eventStore.readStream('tally-3');
    const root = exporter.getFinishedSpans().at(-1)!;
    expect(root.parentSpanId).toBeUndefined();
    expect(event!.metadata.traceparent).toBe(`00-${root.spanContext().traceId}-${root.spanContext().spanId}-01`);
    await eventStore.close();
  });
});
