import { buildApp, completeApprovals, emailSenderOf, openAiFrom, paymentsOf, publicOrigin, seedAdPlans, type AppDeps } from '@kainga/command-api';
import {
  collectProcessMetrics,
  createGeocoder,
  createLogger,
  DEFAULT_REBUILD_BATCH,
  EMBEDDED_REBUILD_BATCH,
  ensureIndexes,
  loadConfig,
  metricsEnabled,
  openStores,
  ProjectionRunner,
  ReactorRunner,
  rebuildOutdated,
  startMetricsListener,
  startTracing,
  tracingStarted,
  watchSubscriberLag,
  type Config,
  type MetricsListener,
} from '@kainga/platform';
import { allProjectors } from '@kainga/projections';
import { adSubscriptionBillingReactor, createActivities, createAdSubscriptionActivities, erasureReactor, createLeadChargeActivities, createWorkflowEngine, leadChargesReactor, leadEmailsReactor, leadRefundsReactor, resumeBillingWorkflows } from '@kainga/workflows';
import type { WorkflowClock } from '@kainga/platform/workflow';
import type { FastifyInstance } from 'fastify';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAdPlans } from './ad-plans-config';
import { demoSeedPending, seedDemoData } from './demo-data';
import { prepareDataDir } from './data-dir';
import { listenProblem } from './listen-problem';
import { sessionSecretFor } from './session-secret';

export const PWA_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../pwa/dist');

export interface Kainga {
  url: string;
  config: Config;
  app: FastifyInstance | null;
  /** GET /metrics on METRICS_PORT (null without it). */
  metricsUrl: string | null;
  /** What the API and the workflows run on (the bench and tests drive commands through it). */
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The whole service in one process on the stores its configuration chooses: projections
 * (ROLE all|projections), the API with the built PWA (ROLE all|api), demo data on an empty log.
 */
export async function startKainga(
  /** pwaDir: the built web app to serve (default pwa/dist; `npm run bench:web` serves a private build). */
  /** workflowClock: the time long-running workflows wait on in-process (a ManualClock in tests). */
  options: { dataDir?: string; port?: number; env?: Record<string, string | undefined>; pwaDir?: string; workflowClock?: WorkflowClock } = {},
): Promise<Kainga> {
  const env = { ...(options.env ?? {}) };
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.port !== undefined) env.PORT = String(options.port);
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  // Traces when an OTLP endpoint is set (docs/operations.md#traces); a process that already traces (a test's exporter) keeps its own.
  const tracing = tracingStarted() ? null : startTracing({ serviceName: config.ROLE === 'projections' ? 'kainga-projections' : 'kainga-api', env });
  const dataDir = resolve(config.DATA_DIR);
  const embedded = !config.EVENTSTORE_URL || !config.MONGO_URL;
  const release = prepareDataDir(dataDir, embedded);

  // A wrong plans file stops start-up before anything opens, as a wrong variable does.
  const adPlans = loadAdPlans(config.AD_PLANS_FILE);
  const stores = await openStores(config);
  if (config.ROLE !== 'api') {
    // Read models written by an older version of their projector are rebuilt before anything reads them.
    let logged = 0;
    const finished = new Set<string>();
    await rebuildOutdated(stores, allProjectors, {
      batchSize: config.MONGO_URL ? DEFAULT_REBUILD_BATCH : EMBEDDED_REBUILD_BATCH,
      onRebuild: (projection, from, to) => logger.info({ projection, from, to }, `rebuilding the ${projection} read model (its projector changed)…`),
      // Each read model's end once, and how far they are every 2 s meanwhile.
      onProgress: ({ projection, done, total }) => {
        const end = done >= total;
        if (end ? finished.has(projection) : Date.now() - logged < 2000) return;
        if (end) finished.add(projection);
        logged = Date.now();
        logger.info({ projection, done, total }, `rebuilding ${projection}: ${done}/${total} events`);
      },
    });
  }
  // After the rebuilds, which build their read models' indexes themselves.
  await ensureIndexes(stores.readStore, allProjectors); // the read models' declared indexes (idempotent)
  const runner = config.ROLE === 'api' ? null : new ProjectionRunner({ eventStore: stores.eventStore, readStore: stores.readStore, projectors: allProjectors, logger });
  await runner?.start();

  const geocoder = createGeocoder(config, (err) => logger.warn({ err }, 'geocoder failed; using the embedded one'));
  // Temporal when TEMPORAL_ADDRESS is set (its worker runs the activities), else in-process.
  // The lead charges' activities (in-process; with Temporal the worker runs its own) charge through
  // the same Payments as the API's checkout (paymentsOf keeps one per configuration).
  const payments = paymentsOf({ config, logger });
  const leadCharges = createLeadChargeActivities({ eventStore: stores.eventStore, readStore: stores.readStore, payments });
  const adSubscriptions = createAdSubscriptionActivities({ eventStore: stores.eventStore, payments });
  const newEngine = () =>
    createWorkflowEngine(config, createActivities({ stores, geocoder, openai: openAiFrom(config), logger }), {
      leadCharges,
      adSubscriptions,
      clock: options.workflowClock,
      onBackgroundFailure: (workflowId, err) => logger.error({ err, workflowId }, 'a workflow failed'),
    });
  const workflowEngine = config.ROLE === 'projections' ? undefined : await newEngine();
  // The reactors run where the projections do; a projections-only process has its own engine for the charges they start.
  const reactorEngine = config.ROLE === 'api' ? undefined : (workflowEngine ?? (await newEngine()));
  const deps: AppDeps = {
    config,
    stores,
    logger,
    geocoder,
    workflowEngine,
    sessionSecret: sessionSecretFor(config, dataDir),
    pwaDir: options.pwaDir ?? PWA_DIST,
    projectionStatus: runner ? () => runner.statuses() : undefined,
  };
  // Side effects of events (the marketplace's emails) run where the projections do: one process
  // per deployment, each email keyed by its event id.
  const reactors =
    config.ROLE === 'api'
      ? null
      : new ReactorRunner({
          eventStore: stores.eventStore,
          readStore: stores.readStore,
          logger,
          reactors: [
            leadEmailsReactor({ eventStore: stores.eventStore, email: emailSenderOf(deps), origin: publicOrigin(config) }),
            leadChargesReactor({ engine: reactorEngine!, logger }),
            leadRefundsReactor({ eventStore: stores.eventStore, payments, logger }),
          adSubscriptionBillingReactor({ engine: reactorEngine! }),
          erasureReactor({ stores, config }),
        ],
      });
  await reactors?.start();
  // Metrics (docs/operations.md#metrics): Node's own, and how far behind the projections and reactors are, read at each scrape.
  if (metricsEnabled(config)) collectProcessMetrics();
  const unwatchLag = runner || reactors ? watchSubscriberLag({ eventStore: stores.eventStore, projections: runner ? () => runner.statuses() : undefined, reactors: reactors ? () => reactors.statuses() : undefined }) : () => {};
  let metricsListener: MetricsListener | null = null;
  if (config.METRICS_PORT !== undefined) {
    try {
      metricsListener = await startMetricsListener({ port: config.METRICS_PORT, host: config.METRICS_HOST, token: config.METRICS_TOKEN });
    } catch (error) {
      unwatchLag();
      await Promise.all([workflowEngine?.close(), reactorEngine !== workflowEngine ? reactorEngine?.close() : undefined]);
      await reactors?.stop();
      await runner?.stop();
      await stores.close();
      release();
      throw listenProblem(error, config.METRICS_PORT, config.METRICS_HOST, { port: 'METRICS_PORT', host: 'METRICS_HOST' }) ?? error;
    }
  }
  // In-process, a subscription's billing timers live in this process: start each live one's
  // workflow again, which reads from the event store where it was (with Temporal, a no-op).
  if (reactorEngine) {
    const resumed = await resumeBillingWorkflows({ engine: reactorEngine, readStore: stores.readStore });
    if (resumed) logger.info({ resumed }, 'subscription billing workflows resumed');
  }
  // The advertising plans of the configuration whose tier has none yet (idempotent), before the
  // demo data allocates them.
  if (config.ROLE !== 'projections') {
    const { created } = await seedAdPlans(deps, adPlans);
    if (created.length) logger.info({ created }, 'advertising plans created');
  }
  // An empty store, or a seed a kill interrupted last time: (re)run it, it resumes where it stopped.
  if (config.SEED_DEMO && config.ROLE !== 'projections' && (await demoSeedPending(stores.eventStore))) {
    logger.info('loading demo data (accounts, sales in every town, valued properties)…');
    const seeded = await seedDemoData(deps, {
      onProgress: (phase, done, total) => {
        if (done === total || done % 50 === 0) logger.info({ phase, done, total }, `demo data: ${phase} ${done}/${total}`);
      },
    });
    logger.info(seeded, 'demo data loaded');
  }

  let app: FastifyInstance | null = null;
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await app?.close(); // stops accepting, lets requests in flight finish
      unwatchLag();
      await metricsListener?.close();
      await workflowEngine?.close();
      if (reactorEngine !== workflowEngine) await reactorEngine?.close();
      await reactors?.stop();
      await runner?.stop();
      await stores.close();
      release();
      await tracing?.shutdown();
    })());
  let url = '';
  if (config.ROLE !== 'projections') {
    // Partner approvals a crash cut off between the decision and its enrolment or role grant
    // (it waits for the read models it reads to catch up); a failure here must not stop the API.
    await completeApprovals(deps).catch((err) => logger.error({ err }, 'could not complete interrupted partner approvals'));
    app = await buildApp(deps);
    try {
      url = await app.listen({ port: config.PORT, host: config.HOST });
    } catch (error) {
      // Everything opened so far is closed (and DATA_DIR released) before saying why.
      await close();
      throw listenProblem(error, config.PORT, config.HOST) ?? error;
    }
    url = url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  }
  logger.info({ url, metrics: metricsListener?.url, eventStore: stores.describe.eventStore, readStore: stores.describe.readStore, role: config.ROLE }, 'Kāinga is running');

  return {
    url,
    config,
    app,
    metricsUrl: metricsListener?.url ?? null,
    deps,
    close,
  };
}
