import { AD_SESSION_COOKIE, client, makePartner, newAdCookie, placeAdvert, serveTokenFor } from '@kainga/command-api/testing';
import { waitForProjection } from '@kainga/platform';
import { LocalStripe, parseMetrics, sampleValue, signedWebhook, STRIPE_WEBHOOK_PATH, type Sample } from '@kainga/platform/testing';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKainga, type Kainga } from './server';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const DURATION = 'kainga_http_request_duration_seconds_count';

/**
 * The whole service as `npm start` runs it, with METRICS_PORT set: known traffic, then GET
 * /metrics on the metrics port finds exactly that traffic counted (differences between two
 * scrapes, so nothing else the process did first is counted in), and the public port does not
 * serve the metrics.
 */
describe('GET /metrics after known traffic', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kainga-metrics-'));
  const pwaDir = mkdtempSync(join(tmpdir(), 'kainga-no-pwa-'));
  let stripe: LocalStripe;
  let kainga: Kainga;
  const app = () => kainga.app as FastifyInstance;

  const scrape = async (): Promise<Sample[]> => {
    const res = await fetch(kainga.metricsUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(await res.text());
  };
  const delta = (before: Sample[], after: Sample[], name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);

  beforeAll(async () => {
    stripe = await LocalStripe.start();
    kainga = await startKainga({ dataDir, port: 0, pwaDir, env: { ...stripe.env(), HOST: '127.0.0.1', METRICS_PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test' } });
  });
  afterAll(async () => {
    await kainga?.close();
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pwaDir, { recursive: true, force: true });
  });

  it('counts reads by route template and status, a 404 as unmatched, and never a raw URL', async () => {
    const before = await scrape();
    for (let i = 0; i < 5; i++) expect((await app().inject({ url: '/api/locations' })).statusCode).toBe(200);
    const missing = await app().inject({ url: '/api/summaries/properties/no-such-property' });
    expect(missing.statusCode).toBe(404);
    expect((await app().inject({ url: '/api/no-such-route' })).statusCode).toBe(404);
    const after = await scrape();

    expect(delta(before, after, DURATION, { method: 'GET', route: '/api/locations', status_code: '200' })).toBe(5);
    expect(delta(before, after, DURATION, { method: 'GET', route: '/api/summaries/properties/:id', status_code: '404' })).toBe(1);
    expect(delta(before, after, DURATION, { method: 'GET', route: '(unmatched)', status_code: '404' })).toBe(1);
    // Every bucket series of a route counts its requests too: le="+Inf" holds all five.
    expect(delta(before, after, 'kainga_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/locations', status_code: '200', le: '+Inf' })).toBe(5);
    expect(after.filter((s) => s.labels.route?.includes('no-such'))).toEqual([]);
  });

  it('counts an accepted ad impression and its repeat as deduplicated, and the append of the one recorded', async () => {
    const partner = client(app());
    const me = await partner.register('metrics-valuer@example.nz');
    const partnerId = await makePartner(kainga.deps.stores, me.id, 'registered_valuer');
    const ad = await placeAdvert(kainga.deps.stores, { partnerId, userId: me.id, role: 'registered_valuer' });
    const cookie = newAdCookie();
    const serveToken = await serveTokenFor(kainga.deps, cookie, ad);
    const impression = () =>
      app().inject({
        method: 'POST',
        url: '/api/ads/impression',
        payload: { adContentId: ad.adContentId, placement: 'sidebar_valuation', userAgent: BROWSER, serveToken },
        headers: { 'user-agent': BROWSER },
        cookies: { [AD_SESSION_COOKIE]: cookie },
        remoteAddress: '198.18.7.1',
      });

    const before = await scrape();
    expect((await impression()).json()).toEqual({ recorded: true, reason: 'recorded' });
    expect((await impression()).json()).toEqual({ recorded: false, reason: 'duplicate' });
    const unknown = await app().inject({ method: 'POST', url: '/api/ads/impression', payload: { adContentId: 'no-such-advert', placement: 'sidebar_valuation', userAgent: BROWSER, serveToken }, headers: { 'user-agent': BROWSER } });
    expect(unknown.statusCode).toBe(404);
    const after = await scrape();

    expect(delta(before, after, 'kainga_ad_events_total', { kind: 'impression', outcome: 'accepted' })).toBe(1);
    expect(delta(before, after, 'kainga_ad_events_total', { kind: 'impression', outcome: 'deduplicated' })).toBe(1);
    expect(delta(before, after, 'kainga_ad_events_total', { kind: 'impression', outcome: 'refused' })).toBe(1);
    expect(delta(before, after, 'kainga_ad_events_total', { kind: 'click', outcome: 'accepted' })).toBe(0);
    // The one impression recorded is one event appended to the log (the repeat appends nothing).
    expect(delta(before, after, 'kainga_event_store_appended_events_total', { store: 'sqlite' })).toBeGreaterThanOrEqual(1);
    expect(delta(before, after, 'kainga_event_store_append_duration_seconds_count', { store: 'sqlite', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  it('counts Stripe webhooks by outcome: an event type Kāinga ignores, and a forged signature refused', async () => {
    const before = await scrape();
    const ignored = signedWebhook({ id: 'evt_metrics_ignored', object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_1', object: 'customer' } } }, stripe.options.webhookSecret);
    expect((await app().inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: ignored.payload, headers: ignored.headers })).statusCode).toBe(200);
    const forged = signedWebhook({ id: 'evt_metrics_forged', object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } }, 'whsec_not_the_secret');
    expect((await app().inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: forged.payload, headers: forged.headers })).statusCode).toBe(400);
    const after = await scrape();

    expect(delta(before, after, 'kainga_stripe_webhooks_total', { outcome: 'ignored' })).toBe(1);
    expect(delta(before, after, 'kainga_stripe_webhooks_total', { outcome: 'refused' })).toBe(1);
    expect(delta(before, after, 'kainga_stripe_webhooks_total', { outcome: 'recorded' })).toBe(0);
  });

  it('reports each projection’s lag, nothing behind once it has caught up with the head of the log', async () => {
    const head = await kainga.deps.stores.eventStore.headPosition();
    for (const projection of ['ad_content', 'users']) expect(await waitForProjection(kainga.deps.stores.readStore, projection, head)).toBe(true);
    const samples = await scrape();
    for (const projection of ['ad_content', 'users']) {
      expect(samples.find((s) => s.name === 'kainga_projection_lag_positions' && s.labels.projection === projection)?.value).toBe(0);
      expect(samples.find((s) => s.name === 'kainga_projection_lag_seconds' && s.labels.projection === projection)?.value).toBe(0);
      expect(sampleValue(samples, 'kainga_projection_failing', { projection })).toBe(0);
    }
    // Every reactor is reported, and Node's own metrics are there.
    expect(samples.filter((s) => s.name === 'kainga_reactor_lag_positions').map((s) => s.labels.reactor)).toContain('lead-emails');
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('serves no metrics on the public port, and only GET /metrics on the metrics port', async () => {
    const res = await fetch(`${kainga.url}/metrics`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/METRICS_PORT/);
    const elsewhere = await fetch(kainga.metricsUrl!.replace('/metrics', '/api/locations'));
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).message).toMatch(/scrapes \/metrics/);
  });
});
