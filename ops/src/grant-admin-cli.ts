import { grantRole } from '@kainga/command-api';
import { CommandError, loadConfig, openStores } from '@kainga/platform';
import { randomUUID } from 'node:crypto';
import { serverRunningOn } from './pid-lock';
import { runWhenMain } from './cli-main';

/**
 * `npm run grant-admin -- <email>`: the machine's own grant of the admin role to the account
 * using `email`, recorded as a role change by the system actor. Whoever can run this already
 * holds the data directory or the stores' addresses, so no further proof is asked.
 */
export async function main(args: string[]): Promise<number> {
  const email = args[0]?.trim().toLowerCase();
  if (args.length !== 1 || !email || !email.includes('@')) {
    console.error('Usage: npm run grant-admin -- <email>');
    return 2;
  }
  const config = loadConfig(process.env);
  if (!config.EVENTSTORE_URL || !config.MONGO_URL) {
    // The embedded store belongs to one process at a time (as for projections:rebuild).
    const running = serverRunningOn(config.DATA_DIR, 'grant');
    if (running) {
      console.error(running);
      return 1;
    }
  }
  const stores = await openStores(config);
  try {
    const key = `grant-admin:${randomUUID()}`;
    const metadata = { actorId: 'system', actorRoles: [], correlationId: key, causationId: null, occurredAt: new Date().toISOString() };
    const { userId, granted } = await grantRole({ stores }, email, 'admin', { idempotencyKey: key, metadata });
    console.log(granted ? `✔ ${email} (${userId}) is now an admin.` : `${email} (${userId}) is already an admin.`);
    return 0;
  } catch (error) {
    if (error instanceof CommandError && error.kind === 'not_found') {
      console.error(`${error.message} Register it first, then grant.`);
      return 1;
    }
    throw error;
  } finally {
    await stores.close();
  }
}

runWhenMain(import.meta.url, () => main(process.argv.slice(2)));
