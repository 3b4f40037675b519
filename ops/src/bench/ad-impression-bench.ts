import { AD_SESSION_COOKIE, adActivityCount, newAdCookie, placeAdvert, serveTokenFor } from '@kainga/command-api/testing';
import { startKainga } from '../server';
import { runLoad, type LoadResult } from './load';
import { note } from './progress';

export interface AdImpressionBenchResult {
  /** A trivial GET on the same server, same connections, as the baseline. */
  baseline: LoadResult;
  /** Served impressions, each a new browser session from its own address: all counted. */
  impressions: LoadResult;
  /** Impressions answered 200: each counted unless the filter refused it, which shows as fewer events stored. */
  accepted: number;
  /** Ad activity events in the store after the counted run. */
  stored: number;
  /** A flood of invalid traffic (no serve token, no cookie) from one address: filtered, nothing written. */
  flood: LoadResult;
  /** Ad activity events the flood added (should be none). */
  floodStored: number;
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** Impressions a month one gold advert may count (the test plan's cap): the bench places enough adverts for every impression. */
const GOLD_CAP = 10_000;

/**
 * POST /api/ads/impression under autocannon on loopback against the real service (embedded
 * stores, NODE_ENV=production), with invalid-traffic filtering on, beside GET /api/health in
 * the same run. Every counted request is what a real browser sends: its own advertising cookie,
 * the serve token GET /api/ads/active would have given that cookie (signed here with the
 * server's secret, so the bench measures the impression path, not the list), from its own
 * address (X-Forwarded-For from the loopback proxy the server trusts), so none is filtered. A
 * fixed number of requests (not a duration) so every one is answered, and the events in the
 * store afterwards can be compared with the impressions accepted: nothing may be lost. Then a
 * flood of junk (no token, no cookie, one address) measures what filtering costs.
 */
export async function adImpressionBench(dataDir: string, options: { impressions: number; connections: number; seconds: number }): Promise<AdImpressionBenchResult> {
  const kainga = await startKainga({
    dataDir,
    port: 0,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000000', HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' },
  });
  try {
    const url = kainga.url.replace('localhost', '127.0.0.1');
    const stores = kainga.deps.stores;
    const adverts: { adContentId: string; subscriptionId: string }[] = [];
    for (let i = 0; i <= Math.floor(options.impressions / GOLD_CAP); i++) adverts.push(await placeAdvert(stores, { partnerId: 'bench-partner', userId: 'bench-user', role: 'registered_valuer' }));
    const headers = { 'content-type': 'application/json', 'user-agent': BROWSER };
    const variants = await Promise.all(Array.from({ length: options.impressions + 1 }, async (_, i) => {
      const ad = adverts[i % adverts.length]!;
      const cookie = newAdCookie();
      const body = JSON.stringify({ adContentId: ad.adContentId, placement: 'sidebar_valuation', userAgent: BROWSER, city: 'Auckland', suburb: null, serveToken: await serveTokenFor(kainga.deps, cookie, ad, { cap: GOLD_CAP }) });
      return { headers: { cookie: `${AD_SESSION_COOKIE}=${cookie}`, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }, body };
    }));
    // The spare variant checks, before the load, that a served impression is counted.
    const spare = variants.pop()!;
    const probe = await fetch(`${url}/api/ads/impression`, { method: 'POST', headers: { ...headers, ...spare.headers }, body: spare.body });
    const answer = await probe.text();
    if (probe.status !== 200 || !answer.includes('"recorded":true')) throw new Error(`POST /api/ads/impression answered ${probe.status}: ${answer}`);

    const load = { connections: options.connections, seconds: options.seconds };
    const baseline = await runLoad('GET /api/health (baseline)', { ...load, url: `${url}/api/health` });
    const before = await adActivityCount(stores);
    const impressions = await runLoad('POST /api/ads/impression (served)', { ...load, url: `${url}/api/ads/impression`, method: 'POST', headers, variants, amount: options.impressions });
    const stored = (await adActivityCount(stores)) - before;

    const junk = JSON.stringify({ adContentId: adverts[0]!.adContentId, placement: 'sidebar_valuation', userAgent: BROWSER, city: 'Auckland' });
    const beforeFlood = await adActivityCount(stores);
    const flood = await runLoad('POST /api/ads/impression (invalid flood)', { ...load, url: `${url}/api/ads/impression`, method: 'POST', headers, body: junk, amount: options.impressions });
    const floodStored = (await adActivityCount(stores)) - beforeFlood;
    note(`impressions: ${Math.round(impressions.perSecond)}/s, p99 ${impressions.p99} ms, ${impressions.ok} accepted, ${stored} events stored; invalid flood ${Math.round(flood.perSecond)}/s, ${floodStored} stored; baseline GET ${Math.round(baseline.perSecond)}/s`);
    return { baseline, impressions, accepted: impressions.ok, stored, flood, floodStored };
  } finally {
    await kainga.close();
  }
}

