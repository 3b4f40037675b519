import { startTracing, type Tracing } from '@kainga/platform';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../testing/test-app';

describe('a span per request, when tracing is on', () => {
  let exporter: InMemorySpanExporter;
  let tracing: Tracing;
  let t: TestApp;
  beforeAll(async () => {
    exporter = new InMemorySpanExporter();
    tracing = startTracing({ serviceName: 'kainga-api', env: {}, spanProcessor: new SimpleSpanProcessor(exporter) })!;
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await tracing?.shutdown();
  });
  const servers = () => exporter.getFinishedSpans().filter((s) => s.kind === 1);

  it('names it by route template and status, with the commands the request sent as its children', async () => {
    exporter.reset();
    const res = await client(t.app).post('/api/auth/register', { email: 'tui@example.nz', password: 'correct horse battery', firstName: 'Tui', lastName: 'Kereama' });
    expect(res.statusCode, res.body).toBe(201);
    const [server] = servers();
    expect(server!.name).toBe('POST /api/auth/register');
    expect(server!.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/auth/register', 'http.response.status_code': 201 });
    const children = exporter.getFinishedSpans().filter((s) => s.parentSpanId === server!.spanContext().spanId);
    expect(children.map((s) => s.name)).toContain('command user');
    for (const child of children) expect(child.spanContext().traceId).toBe(server!.spanContext().traceId);
  });

  it('never puts an id or a query in the name, and leaves a 404 unfailed', async () => {
    exporter.reset();
    await t.app.inject({ url: '/api/summaries/properties/no-such-property?x=1' });
    await t.app.inject({ url: '/api/no-such-route' });
    const names = servers().map((s) => s.name);
    expect(names).toEqual(['GET /api/summaries/properties/:id', expect.stringMatching(/^GET /)]);
    expect(names.join(' ')).not.toMatch(/no-such|x=1/);
    for (const s of servers()) expect(s.status.code).toBe(0);
  });

  it('continues the caller’s trace when a traceparent is sent', async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await t.app.inject({ url: '/api/health', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    const [server] = servers();
    expect(server!.spanContext().traceId).toBe(traceId);
    expect(server!.parentSpanId).toBe('00f067aa0ba902b7');
  });
});
