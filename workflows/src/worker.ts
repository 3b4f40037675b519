/**
 * The Temporal worker (`npm run worker`): runs valuation workflows and their activities for the
 * distributed setup. Needs TEMPORAL_ADDRESS; the embedded default (`npm start`) has no worker
 * and runs valuations in-process (engine.ts).
 *
 * Activities get their clients (event store, read store, geocoder, AI) from
 * `openActivityDeps(config, logger)` in ./valuation/activities, which also exports
 * `createActivities(deps)`.
 */
// First: the service's V8 flags, before the activities' stores are evaluated (platform/src/v8-flags.ts).
import '@kainga/platform/v8-flags';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { OpenTelemetryPlugin } from '@temporalio/interceptors-opentelemetry';
import { NativeConnection, Worker } from '@temporalio/worker';
import { ConfigError, createLogger, loadConfig, paymentsFor, startHeartbeat, startTracing } from '@kainga/platform';
import { workerProblems } from './health/worker-polling';
import { forTemporal } from './temporal-activities';
import { TASK_QUEUE } from './valuation/activity-types';

/**
 * After SIGTERM/SIGINT, how long activities in flight may run to their end before they are
 * cancelled, and when the worker gives up waiting and stops anyway. The compose file's
 * stop_grace_period for the worker is longer than the second, so Docker never kills a drain.
 */
const SHUTDOWN_GRACE_MS = 20_000;
const SHUTDOWN_FORCE_MS = 25_000;
const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** The workflow code the worker bundles (.ts under tsx; a compiled build would point at .js). */
export const workflowsPath = fileURLToPath(new URL(`./workflows${import.meta.url.endsWith('.js') ? '.js' : '.ts'}`, import.meta.url));

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    return 1;
  }
  if (!config.TEMPORAL_ADDRESS) {
    console.error('The Temporal worker needs TEMPORAL_ADDRESS; the embedded default runs valuations in-process.');
    return 1;
  }
  const log = createLogger(config.LOG_LEVEL, 'worker');
  // Traces when an OTLP endpoint is set: Temporal's plugin continues the trace a workflow's
  // starter sent in its headers, through the workflow to each activity and the commands it sends.
  const tracing = startTracing({ serviceName: 'kainga-worker' });
  // Loaded only once the worker is configured: it brings in the stores and the command side.
  const { createActivities, openActivityDeps } = await import('./valuation/activities');
  const { createLeadChargeActivities } = await import('./billing/lead-charge/activities');
  const { createAdSubscriptionActivities } = await import('./billing/ad-subscription/activities');
  const deps = await openActivityDeps(config, log);
  const payments = paymentsFor(config, (err) => log.warn({ err }, 'the payment provider refused or could not be reached'));
  try {
    const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
    try {
      const worker = await Worker.create({
        connection,
        namespace: 'default',
        taskQueue: TASK_QUEUE,
        workflowsPath,
        plugins: tracing ? [new OpenTelemetryPlugin({ resource: tracing.resource, spanProcessor: tracing.spanProcessor })] : [],
        shutdownGraceTime: SHUTDOWN_GRACE_MS,
        shutdownForceTime: SHUTDOWN_FORCE_MS,
        activities: forTemporal({
          ...createActivities(deps),
          ...createLeadChargeActivities({ ...deps.stores, payments }),
          ...createAdSubscriptionActivities({ eventStore: deps.stores.eventStore, payments }),
        }),
      });
      // The SDK drains on the first SIGTERM/SIGINT and then stops listening, so a second one (Ctrl-C
      // reaches both npm and node, and npm passes its own on) would kill the process mid-drain:
      // while the worker drains, later signals are only noted.
      const draining = (signal: string) => log.info({ signal }, 'draining: finishing the tasks in flight, then stopping');
      for (const signal of SHUTDOWN_SIGNALS) process.on(signal, draining);
      // Runs until SIGINT/SIGTERM, which the worker handles itself by draining and shutting down.
      const running = worker.run();
      // The container's health check reads this file's age (ops/docker/heartbeat-fresh.sh).
      const heartbeat = config.HEARTBEAT_FILE
        ? startHeartbeat({
            file: config.HEARTBEAT_FILE,
            check: () => workerProblems(connection, worker, { namespace: 'default', taskQueue: TASK_QUEUE, host: hostname() }),
            onUnhealthy: (problems) => log.warn({ problems }, 'health check failed; the heartbeat file is not refreshed'),
          })
        : null;
      log.info({ address: config.TEMPORAL_ADDRESS, taskQueue: TASK_QUEUE }, 'Temporal worker started');
      try {
        await running;
      } finally {
        heartbeat?.stop();
      }
      log.info('Temporal worker stopped');
      return 0;
    } finally {
      await connection.close();
    }
  } finally {
    await deps.close();
    await tracing?.shutdown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The Temporal worker stopped on an error:', error);
    process.exit(1);
  },
);
