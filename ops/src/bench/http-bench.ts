import Fastify from 'fastify';
import { startKainga } from '../server';
import { runLoad, type LoadResult } from './load';
import { note } from './progress';

export interface HttpBenchResult {
  bare: LoadResult;
  authUser: LoadResult;
}

const loopback = (url: string) => url.replace('localhost', '127.0.0.1');

/**
 * `GET /api/auth/user` of the real service (embedded stores, signed in with a session cookie)
 * beside a bare Fastify route, each under the same autocannon load on loopback: the difference
 * is what Kāinga's plugins, session lookup and user read cost per request.
 */
export async function httpBench(dataDir: string, options: { seconds: number; connections: number }): Promise<HttpBenchResult> {
  const load = { seconds: options.seconds, connections: options.connections };

  const bareApp = Fastify({ logger: false });
  bareApp.get('/bare', async () => ({ ok: true }));
  let bare: LoadResult;
  try {
    const bareUrl = loopback(await bareApp.listen({ port: 0, host: '127.0.0.1' }));
    bare = await runLoad('GET /bare', { ...load, url: `${bareUrl}/bare` });
  } finally {
    await bareApp.close();
  }

  const kainga = await startKainga({
    dataDir,
    port: 0,
    env: { LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000000', HOST: '127.0.0.1' },
  });
  try {
    const url = loopback(kainga.url);
    const cookie = await signUp(url);
    const authUser = await runLoad('GET /api/auth/user', { ...load, url: `${url}/api/auth/user`, headers: { cookie } });
    return { bare, authUser };
  } finally {
    await kainga.close();
  }
}

/** Registers a fresh account and returns its session cookie, checked against the endpoint. */
async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'bench@example.nz', password: 'correct horse battery staple', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const sid = res.headers
    .getSetCookie()
    .filter((c) => c.startsWith('kainga.sid='))
    .at(-1);
  if (!sid) throw new Error('register set no kainga.sid cookie');
  const cookie = sid.split(';')[0]!;
  const me = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/auth/user with the session cookie answered ${me.status}`);
  note(`signed in as ${((await me.json()) as { email: string }).email}`);
  return cookie;
}
