// Vitest global setup of the `unit` project: makes sure FerretDB is built (once per machine) and
// tells the MongoDB suites where it is. A failure is handed to those suites, which fail with its
// message, so the rest of the unit tests still run on a machine without Go.
import { ensureFerretdb } from './ensure-ferretdb.mjs';

export default async function setup({ provide }) {
  try {
    provide('ferretdb', { path: await ensureFerretdb() });
  } catch (error) {
    provide('ferretdb', { error: error instanceof Error ? error.message : String(error) });
  }
}
