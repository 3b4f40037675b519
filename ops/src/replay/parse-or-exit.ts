import { ReplayUsageError } from '@kainga/projections/ad-records';

/**
 * A replay command's arguments parsed, or the exit code after saying why not: 2 for a bad
 * argument (its message, then the usage), 0 for `--help` (the help). Any other error is a bug
 * and is thrown.
 */
export function parseOrExit<T>(parse: () => T | 'help', texts: { usage: string; help: string }, stderr: { write(text: string): unknown }): { args: T } | { exit: number } {
  let parsed: T | 'help';
  try {
    parsed = parse();
  } catch (error) {
    if (!(error instanceof ReplayUsageError)) throw error;
    stderr.write(`${error.message}\n${texts.usage}\n`);
    return { exit: 2 };
  }
  if (parsed === 'help') {
    stderr.write(texts.help);
    return { exit: 0 };
  }
  return { args: parsed };
}
