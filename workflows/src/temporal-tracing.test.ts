import { randomUUID } from 'node:crypto';
import { inSpan, startTracing, type Tracing } from '@kainga/platform';
import { connectTemporalEngine, type TemporalWorkflowEngine } from '@kainga/platform/workflow';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OpenTelemetryPlugin } from '@temporalio/interceptors-opentelemetry';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forTemporal } from './temporal-activities';
import { fakeValuationActivities, sampleEstimate } from './testing/fake-valuation-activities';
import { quietTemporalRuntime } from './testing/quiet-temporal-runtime';
import { startTemporalTestServer } from './testing/temporal-test-server';
import { startTestWorker, type RunningTestWorker } from './testing/test-worker';
import { TASK_QUEUE, VALUATION_WORKFLOW } from './valuation/activity-types';

/**
 * Traces on Temporal (issue 51): a workflow started inside a span (a request's, a reactor's)
 * carries its context in the start's headers, and the worker, with Temporal's OpenTelemetry
 * plugin as worker.ts adds it, runs the workflow and each activity in that same trace.
 */
describe('a trace from the starter through a Temporal workflow to its activities', () => {
  const taskQueue = `${TASK_QUEUE}-trace-${randomUUID()}`;
  const fakes = fakeValuationActivities();
  let exporter: InMemorySpanExporter;
  let tracing: Tracing;
  let server: TestWorkflowEnvironment;
  let worker: RunningTestWorker | undefined;
  let engine: TemporalWorkflowEngine;

  beforeAll(async () => {
    quietTemporalRuntime('ERROR');
    exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: 'kainga-worker', env: {}, spanProcessor: new SimpleSpanProcessor(exporter) })!;
    server = await startTemporalTestServer();
    worker = await startTestWorker(server, {
      taskQueue,
      activities: forTemporal(fakes.activities),
      plugins: [new OpenTelemetryPlugin({ resource: tracing.resource, spanProcessor: tracing.spanProcessor })],
    });
    // Connected after tracing started: the engine's client adds Temporal's client interceptor.
    engine = await connectTemporalEngine(server.address, taskQueue);
  }, 180_000);

  afterAll(async () => {
    await engine?.close();
    await worker?.stop();
    await server?.teardown();
    await tracing?.shutdown();
  }, 60_000);

  it('puts the workflow and every activity in the starter’s trace', async () => {
    let traceId = '';
    const result = await inSpan('react lead-charges', {}, (span) => {
      traceId = span.spanContext().traceId;
      return engine.execute(VALUATION_WORKFLOW, { valuationId: 'val-traced' }, { workflowId: `valuation-${randomUUID()}`, timeoutMs: 60_000 });
    });
    expect(result).toEqual(sampleEstimate);
    const inTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId).map((s) => s.name);
    // Workflow spans reach the exporter through the worker's sink, a little after the result.
    await expect.poll(inTrace, { timeout: 10_000 }).toEqual(expect.arrayContaining([`RunWorkflow:${VALUATION_WORKFLOW}`, 'RunActivity:locateProperty', 'RunActivity:recordEstimate']));
    expect(inTrace()).toContain(`StartWorkflow:${VALUATION_WORKFLOW}`);
  }, 90_000);
});
