import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { helmetOptions } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The headers @fastify/helmet itself sets with the same options, on a bare Fastify app. */
async function helmetHeaders(): Promise<Record<string, unknown>> {
  const bare = Fastify();
  // helmet's types come from its .d.cts there and its .d.mts here: the same shape, two declarations.
  await bare.register(fastifyHelmet, helmetOptions as Parameters<typeof fastifyHelmet>[1]);
  bare.get('/', async () => ({ ok: true }));
  const res = await bare.inject({ url: '/' });
  await bare.close();
  return res.headers;
}

const HELMET_HEADERS = [
  'content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy',
  'strict-transport-security', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options',
  'x-permitted-cross-domain-policies', 'x-xss-protection',
];

describe('security headers, computed once', () => {
  it('are the very headers @fastify/helmet sets, on answers, errors and unknown paths', async () => {
    const expected = await helmetHeaders();
    expect(expected['content-security-policy']).toContain('img-src');
    for (const url of ['/api/health', '/api/auth/user', '/api/no-such-route', '/api/summaries/valuations?pageSize=0']) {
      const res = await t.app.inject({ url });
      for (const name of HELMET_HEADERS) expect(res.headers[name], `${url} ${name}`).toBe(expected[name]);
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
