import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@kainga/platform';

/**
 * SESSION_SECRET when given. On the embedded default a secret is generated once and kept in
 * DATA_DIR, so sessions survive restarts; a distributed deployment must set it explicitly,
 * because every API replica has to sign cookies alike. The file is the owner's only (0600).
 */
export function sessionSecretFor(config: Config, dataDir: string): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (config.EVENTSTORE_URL || config.MONGO_URL) {
    throw new Error('SESSION_SECRET: must be set (at least 32 characters) when EVENTSTORE_URL or MONGO_URL is used');
  }
  const file = join(dataDir, '.session-secret');
  if (existsSync(file)) {
    // Anyone who reads it can forge a session: narrow a file left readable by others.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
