import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { tracer, tracingStarted } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan?: Span;
  }
}

/**
 * A server span per request when this process traces (docs/operations.md#traces): named by method
 * and route template (`POST /api/properties/:id/valuations`, never the ids), a child of the
 * caller's W3C `traceparent` when one is sent (a proxy's, say), its status the answer's. The rest
 * of the request runs in its context (a callback hook calling on inside `context.with`, the way
 * AsyncLocalStorage carries a request's context through Fastify), so commands and appends made
 * for it are its children. Without tracing no hook is added.
 */
export default fp(async function tracing(app: FastifyInstance) {
  if (!tracingStarted()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer().startSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route } },
      parent,
    );
    request.traceSpan = span;
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = request.traceSpan;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      // Server errors fail the span; a 4xx is the client's and leaves it unset (OpenTelemetry's HTTP conventions).
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
});
