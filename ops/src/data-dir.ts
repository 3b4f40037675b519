import { dataDirProblem, makeDataDir } from '@kainga/platform';
import { holdDataDir } from './pid-lock';

/**
 * Makes DATA_DIR (platform's `makeDataDir`: this user's only) and, with the embedded stores
 * (`hold`), marks it as this process's (pid-lock.ts). A directory that cannot be made or written,
 * or that another Kāinga process holds, is a problem of configuration and is said as one: start-up
 * prints a `ConfigError`'s sentence, not a stack trace. Returns what releases the hold.
 */
export function prepareDataDir(dataDir: string, hold: boolean): () => void {
  makeDataDir(dataDir);
  if (!hold) return () => undefined;
  try {
    return holdDataDir(dataDir);
  } catch (error) {
    // holdDataDir's own ConfigError (held by another process) has no errno code: it passes as it is.
    throw dataDirProblem(dataDir, error) ?? error;
  }
}
