import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics } from '../testing/metrics-text';
import { startMetricsListener, type MetricsListener } from './metrics-listener';
import { collectProcessMetrics } from './registry';

const TOKEN = 'a-metrics-token-of-32-characters-or-more';

describe('the metrics listener (METRICS_PORT)', () => {
  let open: MetricsListener;
  let guarded: MetricsListener;
  beforeAll(async () => {
    collectProcessMetrics();
    open = await startMetricsListener({ port: 0, host: '127.0.0.1' });
    guarded = await startMetricsListener({ port: 0, host: '127.0.0.1', token: TOKEN });
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
  });

  it('serves the registry in Prometheus text format at /metrics, Node’s own metrics among it', async () => {
    const res = await fetch(open.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const names = new Set(parseMetrics(await res.text()).map((s) => s.name));
    expect(names).toContain('process_resident_memory_bytes');
    expect(names).toContain('nodejs_heap_size_used_bytes');
  });

  it('answers every other path 404 and other methods 405, with a message', async () => {
    const other = await fetch(open.url.replace('/metrics', '/'));
    expect(other.status).toBe(404);
    expect((await other.json()).message).toMatch(/Prometheus scrapes \/metrics/);
    const post = await fetch(open.url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('asks for METRICS_TOKEN as a bearer token when one is set', async () => {
    const without = await fetch(guarded.url);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect((await without.json()).message).toMatch(/Authorization: Bearer/);
    expect((await fetch(guarded.url, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(guarded.url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});
