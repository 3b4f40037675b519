import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';

/**
 * Keeps the Temporal SDK quiet in tests: the worker's own logs to warnings and errors (it logs
 * every state change at INFO; a suite whose failures are provoked on purpose asks for 'ERROR',
 * or every retried step would print a warning) and the Rust core's to errors (a replay test that
 * expects a non-determinism error would otherwise print it as a warning). The runtime can be
 * installed once per process; later calls do nothing.
 */
export function quietTemporalRuntime(level: LogLevel = 'WARN'): void {
  try {
    Runtime.install({ logger: new DefaultLogger(level), telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } } });
  } catch {
    // Already installed in this process.
  }
}
