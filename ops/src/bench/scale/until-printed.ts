import type { ChildProcess } from 'node:child_process';

/** How much of a child's output an error message quotes. */
const TAIL_CHARS = 2000;

/**
 * Waits until `child` prints a line matching `pattern` on stdout (a server saying where it
 * listens), then stops collecting and lets the rest of its output stream by unread: drained, so a
 * server that logs a line a request never blocks on a full pipe, and kept nowhere. Rejects, quoting
 * the tail of what it printed (stderr too, when piped), if the child exits first. `what` names the
 * child in that message. stdout must be piped.
 */
export function untilPrinted(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  const stdout = child.stdout;
  if (!stdout) return Promise.reject(new Error(`${what}: its stdout is not piped`));
  let output = '';
  return new Promise<RegExpExecArray>((resolve, reject) => {
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`${what} exited (${signal ?? code}) before it was ready:\n${output.slice(-TAIL_CHARS)}`));
    const onStderr = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-TAIL_CHARS));
    const onStdout = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (!match) return;
      stdout.off('data', onStdout);
      child.stderr?.off('data', onStderr);
      child.off('exit', onExit);
      // From here the output only streams by: read and drop it.
      stdout.resume();
      child.stderr?.resume();
      resolve(match);
    };
    stdout.on('data', onStdout);
    child.stderr?.on('data', onStderr);
    child.once('exit', onExit);
  });
}
