import { ConfigError } from '@kainga/platform';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const file = (dataDir: string) => join(dataDir, 'kainga.pid');

/** The pid of a live Kāinga process using this DATA_DIR, or null. */
export function runningPid(dataDir: string): number | null {
  if (!existsSync(file(dataDir))) return null;
  const pid = Number(readFileSync(file(dataDir), 'utf8'));
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Why a CLI must not touch DATA_DIR now (a running server holds its embedded stores, whose read
 * models live in that server's memory), or null when it may; `then` names what to do once stopped.
 */
export function serverRunningOn(dataDir: string, then: string): string | null {
  const pid = runningPid(resolve(dataDir));
  return pid ? `Kāinga (process ${pid}) is running on ${dataDir}. Stop it first, then ${then}.` : null;
}

/** Marks DATA_DIR as in use by this process (the embedded read models live in its memory). */
export function holdDataDir(dataDir: string): () => void {
  const other = runningPid(dataDir);
  if (other) throw new ConfigError([`DATA_DIR ${dataDir} is already used by process ${other}: stop it first or choose another DATA_DIR.`]);
  writeFileSync(file(dataDir), String(process.pid));
  return () => rmSync(file(dataDir), { force: true });
}
