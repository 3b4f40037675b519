// First: V8's flags must be set before the rest of the service is evaluated (platform/src/v8-flags.ts says why).
import '@kainga/platform/v8-flags';
import { ConfigError } from '@kainga/platform';
import { startKainga } from './server';
import { startProcessHeartbeat } from './health/process-heartbeat';

/** `npm start`: the whole service on embedded defaults, stopped gracefully by SIGTERM or Ctrl-C. */
try {
  const kainga = await startKainga({ env: process.env });
  if (kainga.url) console.log(`\n  Kāinga is running at ${kainga.url}\n`);
  // HEARTBEAT_FILE: the projections container's health check reads its age (docker-compose.yml).
  const heartbeat = startProcessHeartbeat(kainga.config, kainga.deps.stores, kainga.deps.logger);
  const shutdown = (signal: string) => {
    console.log(`\n${signal}: finishing requests in flight and stopping…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    heartbeat?.stop();
    kainga.close().then(() => process.exit(0), (err) => {
      console.error(err);
      process.exit(1);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  console.error(error instanceof ConfigError ? `\n${error.message}\n\nSee .env.example for every variable.\n` : error);
  process.exit(1);
}
