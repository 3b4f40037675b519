import { spawnSync } from 'node:child_process';

/** `go` from PATH, else from Go's usual install directory (a shell that never read the profile); undefined without Go. Shared by the Temporal CLI and FerretDB builds. */
export function findGo() {
  for (const command of ['go', '/usr/local/go/bin/go']) {
    const run = spawnSync(command, ['version'], { encoding: 'utf8' });
    if (!run.error && run.status === 0) return { command, version: run.stdout.trim() };
  }
  return undefined;
}
