import Fastify from 'fastify';
import { startKainga } from '../server';
import { runLoad, type LoadResult } from './load';
import { browserCookies } from './browser-cookies';
import { note } from './progress';

/** One read route of the service, measured beside a bare Fastify route answering the same body. */
export interface RouteFigures {
  name: string;
  /** Kāinga's route. */
  kainga: LoadResult;
  /** A bare Fastify route (no plugins, no hooks) answering the same status and JSON body. */
  bare: LoadResult;
  /** kainga / bare throughput: what Kāinga's plugins, hooks, session and store reads cost. */
  ratio: number;
  /** Size of the (uncompressed) JSON body. */
  bytes: number;
  /** The status both sides answer (the signed-out /api/auth/user answers 401). */
  status: number;
}

export interface HttpBenchResult {
  routes: RouteFigures[];
}

interface Probe {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

const loopback = (url: string) => url.replace('localhost', '127.0.0.1');

/**
 * Every public read route of the real service (embedded stores, demo data; signed out, and
 * signed in with a session cookie where it matters), each beside a bare Fastify route that
 * answers the same status and JSON body (serialised by Fastify's default JSON.stringify), under
 * the same autocannon load on loopback, one after the other in the same run. The ratio is the
 * share of a bare route's throughput that Kāinga keeps: the aim is ≥ 0.5× on every read route.
 * No Accept-Encoding is sent, so neither side compresses. Kāinga runs as deployed (NODE_ENV=production).
 */
export async function httpBench(dataDir: string, options: { seconds: number; connections: number }): Promise<HttpBenchResult> {
  const load = { seconds: options.seconds, connections: options.connections };
  const kainga = await startKainga({
    dataDir,
    port: 0,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'true', RATE_LIMIT_PER_MINUTE: '100000000', HOST: '127.0.0.1' },
  });
  const bareApp = Fastify({ logger: false });
  try {
    const url = loopback(kainga.url);
    const cookie = await signUp(url);
    const probes = await probesFor(url, cookie);

    const bodies = await Promise.all(
      probes.map(async (p) => {
        const res = await fetch(`${url}${p.path}`, { headers: p.headers });
        const text = await res.text();
        if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) throw new Error(`${p.name} answered ${res.headers.get('content-type')}`);
        return { status: res.status, text, json: JSON.parse(text) as unknown };
      }),
    );
    bodies.forEach((b, i) => bareApp.get(`/bare/${i}`, async (_request, reply) => reply.code(b.status).send(b.json)));
    const bareUrl = loopback(await bareApp.listen({ port: 0, host: '127.0.0.1' }));

    const routes: RouteFigures[] = [];
    for (const [i, probe] of probes.entries()) {
      const bare = await runLoad(`bare, same body as ${probe.name}`, { ...load, url: `${bareUrl}/bare/${i}` });
      const measured = await runLoad(probe.name, { ...load, url: `${url}${probe.path}`, headers: probe.headers });
      const ratio = measured.perSecond / bare.perSecond;
      note(`${probe.name}: ${Math.round(measured.perSecond)} req/s vs bare ${Math.round(bare.perSecond)} req/s = ${ratio.toFixed(2)}× (${bodies[i]!.text.length} B)`);
      routes.push({ name: probe.name, kainga: measured, bare, ratio, bytes: Buffer.byteLength(bodies[i]!.text), status: bodies[i]!.status });
    }
    return { routes };
  } finally {
    await bareApp.close();
    await kainga.close();
  }
}

/** The read routes, with real ids and the bounding box of one town taken from the demo data. */
async function probesFor(url: string, cookie: string): Promise<Probe[]> {
  const all = (await (await fetch(`${url}/api/public/property-locations`)).json()) as { id: string; city: string; latitude: string; longitude: string }[];
  const first = all[0];
  if (!first) throw new Error('the demo data has no located property');
  const town = all.filter((l) => l.city === first.city);
  const lons = town.map((l) => Number(l.longitude));
  const lats = town.map((l) => Number(l.latitude));
  const bbox = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)].join(',');
  return [
    { name: 'GET /api/health', path: '/api/health' },
    { name: 'GET /api/auth/user (signed out, 401)', path: '/api/auth/user' },
    { name: 'GET /api/auth/user (signed in)', path: '/api/auth/user', headers: { cookie } },
    { name: 'GET /api/locations', path: '/api/locations' },
    { name: 'GET /api/roles', path: '/api/roles' },
    { name: 'GET /api/public/stats', path: '/api/public/stats' },
    { name: 'GET /api/summaries/valuations', path: '/api/summaries/valuations?pageSize=10' },
    { name: 'GET /api/summaries/properties/:id', path: `/api/summaries/properties/${encodeURIComponent(first.id)}` },
    { name: `GET /api/public/property-locations (all ${all.length})`, path: '/api/public/property-locations' },
    { name: `GET /api/public/property-locations?bbox= (${first.city}, ${town.length})`, path: `/api/public/property-locations?bbox=${bbox}` },
  ];
}

/** Registers a fresh account and returns the cookies a browser would then send, checked against the endpoint. */
async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'bench@example.nz', password: 'correct horse battery staple', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const cookie = browserCookies(res);
  const me = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/auth/user with the session cookie answered ${me.status}`);
  note(`signed in as ${((await me.json()) as { email: string }).email}`);
  return cookie;
}
