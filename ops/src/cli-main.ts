import { ConfigError } from '@kainga/platform';

/**
 * Runs a command-line tool's `main` when its file is the one node was started with (not when a
 * test imports it), and exits with the code `main` answers. A configuration error is reported as
 * its message alone (it says which variable is wrong); anything else with its stack; both exit 1.
 */
export function runWhenMain(moduleUrl: string, main: () => Promise<number>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
