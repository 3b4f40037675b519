import { adActivityCount, placeAdvert } from '@kainga/command-api/testing';
import { startKainga } from '../server';
import { runLoad, type LoadResult } from './load';
import { note } from './progress';

export interface AdImpressionBenchResult {
  /** A trivial GET on the same server, same connections, as the baseline. */
  baseline: LoadResult;
  impressions: LoadResult;
  /** Impressions answered `{recorded: true}` (each request is a new browser session, so all of them). */
  accepted: number;
  /** Ad activity events in the store after the run. */
  stored: number;
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/**
 * POST /api/ads/impression under autocannon on loopback against the real service (embedded
 * stores, NODE_ENV=production), beside GET /api/health in the same run. Every request comes
 * without the advertising cookie, so each is a new browser session and de-duplication refuses
 * none; a fixed number of requests (not a duration) so every one is answered, and the events in
 * the store afterwards can be compared with the impressions accepted: nothing may be lost.
 */
export async function adImpressionBench(dataDir: string, options: { impressions: number; connections: number; seconds: number }): Promise<AdImpressionBenchResult> {
  const kainga = await startKainga({
    dataDir,
    port: 0,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000000', HOST: '127.0.0.1' },
  });
  try {
    const url = kainga.url.replace('localhost', '127.0.0.1');
    const stores = kainga.deps.stores;
    const { adContentId } = await placeAdvert(stores, { partnerId: 'bench-partner', userId: 'bench-user', role: 'registered_valuer' });
    const headers = { 'content-type': 'application/json', 'user-agent': BROWSER };
    const body = JSON.stringify({ adContentId, placement: 'sidebar_valuation', userAgent: BROWSER, city: 'Auckland', suburb: null });
    const probe = await fetch(`${url}/api/ads/impression`, { method: 'POST', headers, body });
    if (probe.status !== 200) throw new Error(`POST /api/ads/impression answered ${probe.status}: ${await probe.text()}`);

    const load = { connections: options.connections, seconds: options.seconds };
    const baseline = await runLoad('GET /api/health (baseline)', { ...load, url: `${url}/api/health` });
    const before = await adActivityCount(stores);
    const impressions = await runLoad('POST /api/ads/impression', { ...load, url: `${url}/api/ads/impression`, method: 'POST', headers, body, amount: options.impressions });
    const stored = (await adActivityCount(stores)) - before;
    note(`impressions: ${Math.round(impressions.perSecond)}/s, p99 ${impressions.p99} ms, ${impressions.ok} accepted, ${stored} events stored; baseline GET ${Math.round(baseline.perSecond)}/s`);
    return { baseline, impressions, accepted: impressions.ok, stored };
  } finally {
    await kainga.close();
  }
}
