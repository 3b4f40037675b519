// One side of the metrics-cost row (metrics-cost-bench.ts), in a process of its own: npm start's V8 flags first.
import '@kainga/platform/v8-flags';
import { metricsExposition } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import { startKainga } from '../server';

const [dataDir = '', side = '', requestsArg = '0'] = process.argv.slice(2);
const requests = Number(requestsArg);
const WARM_UP = 3000;

/** CPU (user + system, µs) this process spends answering `n` injected requests one at a time. */
async function cpuOf(app: FastifyInstance, path: string, n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const res = await app.inject({ method: 'GET', url: path });
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
  }
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const kainga = await startKainga({
  dataDir,
  port: 0,
  env: {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '100000000',
    HOST: '127.0.0.1',
    ...(side === 'on' ? { METRICS_TOKEN: 'bench-metrics-token-of-32-characters-at-least' } : {}),
  },
});
try {
  const app = kainga.app!;
  const located = (await app.inject({ url: '/api/public/property-locations' })).json() as { id: string }[];
  if (!located[0]) throw new Error('the demo data has no located property');
  const path = `/api/summaries/properties/${encodeURIComponent(located[0].id)}`;
  await cpuOf(app, path, WARM_UP);
  const micros = await cpuOf(app, path, requests);
  let scrape: { ms: number; series: number } | null = null;
  if (side === 'on') {
    const start = process.cpuUsage();
    let body = '';
    for (let i = 0; i < 20; i++) body = (await metricsExposition()).body;
    const used = process.cpuUsage(start);
    scrape = { ms: (used.user + used.system) / 1000 / 20, series: body.split('\n').filter((l) => l && !l.startsWith('#')).length };
  }
  process.send!({ micros, scrape });
} finally {
  await kainga.close();
}
