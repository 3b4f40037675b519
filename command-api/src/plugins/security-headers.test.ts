import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { API_SECURITY_HEADERS, helmetOptions, isApiPath } from './security-headers';

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
  it('are the very headers @fastify/helmet sets on pages and files (the OpenAPI browser sets its own CSP)', async () => {
    const expected = await helmetHeaders();
    expect(expected['content-security-policy']).toContain('img-src');
    for (const url of ['/', '/map', '/no-such-page']) {
      const res = await t.app.inject({ url });
      for (const name of HELMET_HEADERS) expect(res.headers[name], `${url} ${name}`).toBe(expected[name]);
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('let the page load Stripe.js, its frames and its API, and nothing else of Stripe’s', async () => {
    const csp = String((await t.app.inject({ url: '/partner-dashboard' })).headers['content-security-policy']);
    const directive = (name: string) => (csp.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name) ?? []).slice(1);
    expect(directive('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directive('frame-src')).toEqual(['https://www.youtube.com', 'https://player.vimeo.com', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(directive('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directive('default-src')).toEqual(["'self'"]);
  });

  it('are the API set on answers, errors and unknown API paths: no document policy, nothing may frame or load from them', async () => {
    for (const url of ['/api/health', '/api/auth/user', '/api/no-such-route', '/api/summaries/valuations?pageSize=0']) {
      const res = await t.app.inject({ url });
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers[name], `${url} ${name}`).toBe(value);
      for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
      // The rate limit speaks only when it refuses (see security.ts).
      expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
    }
  });

  it('tells API paths from pages', () => {
    expect(isApiPath('/api/health')).toBe(true);
    expect(isApiPath('/api/public/stats?x=1')).toBe(true);
    expect(isApiPath('/api/docs')).toBe(false);
    expect(isApiPath('/api/docs/json')).toBe(false);
    expect(isApiPath('/')).toBe(false);
    expect(isApiPath('/apis')).toBe(false);
    expect(isApiPath('/map')).toBe(false);
  });
});
