// Vitest global setup of the `unit` project: makes sure Temporal's CLI is built (once per machine)
// and tells the Temporal suites where it is. A failure is handed to those suites, which fail with
// its message, so the rest of the unit tests still run on a machine without Go.
import { ensureTemporalCli } from './ensure-temporal.mjs';

export default async function setup({ provide }) {
  try {
    provide('temporalCli', { path: await ensureTemporalCli() });
  } catch (error) {
    provide('temporalCli', { error: error instanceof Error ? error.message : String(error) });
  }
}
