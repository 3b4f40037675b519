import { startHeartbeat, type Config, type Heartbeat, type Stores } from '@kainga/platform';
import { allProjectors } from '@kainga/projections';
import { projectionsBehind } from './projections-health';

/** How long the read models get to reach the log's head at each beat. */
export const CATCH_UP_MS = 15_000;

/**
 * The heartbeat of `npm start`'s process when HEARTBEAT_FILE is set (the `projections` container,
 * which serves no HTTP): written while every read model reaches the event log's head within
 * CATCH_UP_MS. An api-only process has no read models to run, so its heartbeat says it is alive.
 */
export function startProcessHeartbeat(config: Pick<Config, 'HEARTBEAT_FILE' | 'ROLE'>, stores: Pick<Stores, 'eventStore' | 'readStore'>, logger: { warn(details: object, message: string): void }): Heartbeat | null {
  if (!config.HEARTBEAT_FILE) return null;
  const names = allProjectors.map((p) => p.name);
  return startHeartbeat({
    file: config.HEARTBEAT_FILE,
    check: async () => {
      if (config.ROLE === 'api') return [];
      const behind = await projectionsBehind(stores, names, CATCH_UP_MS);
      return behind.length ? [`not caught up with the event log within ${CATCH_UP_MS / 1000} s: ${behind.join(', ')}`] : [];
    },
    onUnhealthy: (problems) => logger.warn({ problems }, 'health check failed; the heartbeat file is not refreshed'),
  });
}
