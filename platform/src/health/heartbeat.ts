import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** How often a process that serves no HTTP proves it is healthy; the container check allows three misses. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
const FIRST_BEAT_MS = 5_000;

export interface HeartbeatOptions {
  /** The file whose modification time is the heartbeat (HEARTBEAT_FILE). */
  file: string;
  /** Answers what is wrong (empty: healthy). Runs in the process itself, on connections it already has. */
  check: () => Promise<string[]>;
  /** Told each time a check finds a problem or fails; the file is then left to go stale. */
  onUnhealthy: (problems: string[]) => void;
  intervalMs?: number;
  /** The first check waits this long, so a process that is still starting is not reported as failing. */
  firstBeatMs?: number;
}

export interface Heartbeat {
  /** One check, and the file touched when it passes (what the timer runs). */
  beat(): Promise<boolean>;
  /** Stops the timer and removes the file: a stopping process is not healthy. */
  stop(): void;
}

/**
 * A heartbeat file for the container health check of a process without an HTTP port (projections,
 * the Temporal worker). The check runs here, where the stores and the Temporal connection are
 * already open, and the container's health check only reads the file's age
 * (ops/docker/heartbeat-fresh.sh in the image): no second Node process every 30 s.
 */
export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  const { file, check, onUnhealthy, intervalMs = HEARTBEAT_INTERVAL_MS, firstBeatMs = FIRST_BEAT_MS } = options;
  mkdirSync(dirname(file), { recursive: true });
  // A file left by an earlier run of the container says nothing about this one.
  rmSync(file, { force: true });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const beat = async () => {
    let problems: string[];
    try {
      problems = await check();
    } catch (error) {
      problems = [error instanceof Error ? error.message : String(error)];
    }
    if (stopped) return false;
    if (problems.length) {
      onUnhealthy(problems);
      return false;
    }
    writeFileSync(file, `${new Date().toISOString()}\n`);
    return true;
  };
  const loop = () => {
    void beat().finally(() => {
      if (!stopped) timer = setTimeout(loop, intervalMs).unref();
    });
  };
  timer = setTimeout(loop, firstBeatMs).unref();
  return {
    beat,
    stop() {
      stopped = true;
      clearTimeout(timer);
      rmSync(file, { force: true });
    },
  };
}
