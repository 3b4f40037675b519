import { context, propagation, SpanStatusCode, trace, type Attributes, type Context, type Span, SpanKind } from '@opentelemetry/api';

/**
 * Kāinga's spans. Until `startTracing` registers a provider the API's tracer is a no-op: every
 * span below costs a function call and records nothing.
 */
export const tracer = () => trace.getTracer('kainga');

/** Runs `fn` in a span named `name`, as a child of the active one; an exception marks the span failed and is rethrown. */
export async function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>, options: { parent?: Context; kind?: SpanKind } = {}): Promise<T> {
  return tracer().startActiveSpan(name, { attributes, kind: options.kind ?? SpanKind.INTERNAL }, options.parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active span as a W3C `traceparent`, for an event's metadata (undefined when nothing is traced). */
export function activeTraceparent(): string | undefined {
  if (!trace.getSpanContext(context.active())) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` names (the root context for none), to continue its trace in another process or later. */
export function contextOf(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();
}

/** What a stream name says without its id (`lead-…` → `lead`): a bounded span attribute. */
export const streamCategory = (stream: string) => stream.split('-', 1)[0]!;
