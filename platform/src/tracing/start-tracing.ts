import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  /** Where the spans go (the OTLP exporter's batch processor, or a test's). */
  spanProcessor: SpanProcessor;
  resource: Resource;
  /** Sends the spans still buffered and stops tracing. */
  shutdown(): Promise<void>;
}

let started: Tracing | null = null;

/** True once this process traces (the request plugin and the Temporal worker ask before adding their hooks). */
export const tracingStarted = () => started !== null;

/**
 * OpenTelemetry traces, when an OTLP endpoint is configured (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, the SDK's own variables, which the exporter reads): one
 * provider per process, W3C trace context, context carried across awaits by AsyncLocalStorage.
 * Spans are made by hand where the work is (request, command, reactor, workflow activity): the
 * auto-instrumentations would add a span per SQLite statement and MongoDB call. Without an
 * endpoint (or a test's processor) nothing is registered and every span is a no-op.
 */
export function startTracing(options: { serviceName: string; env?: NodeJS.ProcessEnv; spanProcessor?: SpanProcessor }): Tracing | null {
  if (started) return started;
  const env = options.env ?? process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!options.spanProcessor && !endpoint) return null;
  const resource = new Resource({ 'service.name': env.OTEL_SERVICE_NAME || options.serviceName });
  const spanProcessor = options.spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register({ contextManager: new AsyncLocalStorageContextManager(), propagator: new W3CTraceContextPropagator() });
  const tracing: Tracing = {
    spanProcessor,
    resource,
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      started = null;
    },
  };
  started = tracing;
  return tracing;
}
