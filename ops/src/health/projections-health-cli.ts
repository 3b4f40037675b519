import { loadConfig, openStores } from '@kainga/platform';
import { allProjectors } from '@kainga/projections';
import { projectionsBehind } from './projections-health';
import { runWhenMain } from '../cli-main';

/** How long the read models get to reach the log's head; under the compose healthcheck's timeout. */
const CATCH_UP_MS = 15_000;

/**
 * The `projections` container's healthcheck (it serves no HTTP): healthy when every read model
 * reaches the event log's head within CATCH_UP_MS. It reads the stored checkpoints in MongoDB, so it
 * only applies to the distributed run; `npm start` answers the same question at /api/ready.
 */
export async function main(env: Record<string, string | undefined>): Promise<number> {
  const config = loadConfig(env);
  if (!config.EVENTSTORE_URL || !config.MONGO_URL) {
    console.error('The projections healthcheck needs EVENTSTORE_URL and MONGO_URL (the distributed run); the embedded server answers GET /api/ready.');
    return 1;
  }
  const stores = await openStores(config);
  try {
    const behind = await projectionsBehind(stores, allProjectors.map((p) => p.name), CATCH_UP_MS);
    if (behind.length) {
      console.error(`Not caught up with the event log within ${CATCH_UP_MS / 1000} s: ${behind.join(', ')}.`);
      return 1;
    }
    return 0;
  } finally {
    await stores.close();
  }
}

runWhenMain(import.meta.url, () => main(process.env));
