import { ConfigError } from '@kainga/platform';
import { startKainga } from './server';

/**
 * Loads the demo data once and exits: the `seed` job of `docker compose --profile demo up`.
 *
 * In the distributed run the api starts with SEED_DEMO=false, so it listens (and is healthy) at
 * once instead of waiting on ~144 valuation workflows before `listen`; this job seeds beside it.
 * It is the start-up path of `npm start` (the advertising plans first, then the resumable demo
 * seed: a job killed part way finishes what is missing when it runs again) in an api-only process
 * whose port is a throw-away one on loopback: nothing is served from here.
 *
 * Returns 0 when the demo data is complete (also when it already was), 1 on an error.
 */
export async function main(env: Record<string, string | undefined>): Promise<number> {
  try {
    const kainga = await startKainga({ env: { ...env, ROLE: 'api', SEED_DEMO: 'true', HOST: '127.0.0.1', PORT: '0' } });
    await kainga.close();
    console.log('Demo data is loaded.');
    return 0;
  } catch (error) {
    console.error(error instanceof ConfigError ? `\n${error.message}\n\nSee .env.example for every variable.\n` : error);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await main(process.env));
}
