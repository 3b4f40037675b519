import { parseMetrics, sampleValue } from '@kainga/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { METRICS_NOT_HERE } from './metrics';

const TOKEN = 'metrics-token-of-at-least-32-characters';
const COUNT = 'kainga_http_request_duration_seconds_count';

describe('GET /metrics on the public port', () => {
  let withToken: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withToken = await startTestApp({ METRICS_TOKEN: TOKEN });
    without = await startTestApp();
  });
  afterAll(async () => {
    await withToken?.close();
    await without?.close();
  });
  const scrape = async (t: TestApp) => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return parseMetrics(res.body);
  };

  it('answers 404 with where the metrics are when no METRICS_TOKEN is set', async () => {
    const res = await without.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: METRICS_NOT_HERE });
  });

  it('answers 401 with what to send, without the token or with another one', async () => {
    const missing = await withToken.app.inject({ url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(missing.json().message).toMatch(/Authorization: Bearer/);
    const wrong = await withToken.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/not the one in METRICS_TOKEN/);
    const basic = await withToken.app.inject({ url: '/metrics', headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('serves the exposition with the token, and times requests by route template (not the scrapes)', async () => {
    const before = await scrape(withToken);
    for (let i = 0; i < 3; i++) await withToken.app.inject({ url: '/api/health' });
    await withToken.app.inject({ url: '/metrics' }); // refused: not timed either
    const after = await scrape(withToken);
    expect(sampleValue(after, COUNT, { route: '/api/health', status_code: '200' }) - sampleValue(before, COUNT, { route: '/api/health', status_code: '200' })).toBe(3);
    expect(after.filter((s) => s.labels.route === '/metrics')).toEqual([]);
  });

  it('times nothing when metrics are off (no METRICS_PORT, no METRICS_TOKEN)', async () => {
    const before = await scrape(withToken);
    for (let i = 0; i < 3; i++) await without.app.inject({ url: '/api/roles' });
    await withToken.app.inject({ url: '/api/roles' });
    const after = await scrape(withToken);
    // The one process registry: only the app with metrics on counted its request.
    expect(sampleValue(after, COUNT, { route: '/api/roles', status_code: '200' }) - sampleValue(before, COUNT, { route: '/api/roles', status_code: '200' })).toBe(1);
  });
});
