// The Temporal contract suite runs against a real `temporal server start-dev`. No prebuilt binary
// can be downloaded here, so build Temporal's own CLI from the Go module proxy once per machine
// and keep it under node_modules/.cache (untracked, survives between runs, gone with a clean clone).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findGo } from './find-go.mjs';

/**
 * v1.5.1 is the newest release the Go module proxy serves that `go install …@version` can build:
 * v1.9.1 replaces its nested module github.com/temporalio/cli/cliext with a local directory,
 * which `go install` refuses and the proxy does not serve on its own. v1.5.1 needs Go 1.25.
 */
export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const PACKAGE = 'github.com/temporalio/cli/cmd/temporal';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = join(root, 'node_modules/.cache/kainga-temporal');

/** Where the pinned CLI lives (TEMPORAL_CLI_PATH overrides it with a binary of your own). */
export function temporalCliPath() {
  return process.env.TEMPORAL_CLI_PATH ?? join(cacheDir, TEMPORAL_CLI_VERSION, 'temporal');
}

/** Builds the pinned CLI when it is missing and answers its path. */
export async function ensureTemporalCli() {
  const path = temporalCliPath();
  if (existsSync(path)) return path;
  if (process.env.TEMPORAL_CLI_PATH) throw new Error(`TEMPORAL_CLI_PATH is set but ${path} does not exist.`);
  const go = findGo();
  if (!go) {
    throw new Error(
      `Go is needed to build Temporal's CLI (${PACKAGE}@${TEMPORAL_CLI_VERSION}) for the Temporal tests, and \`go\` was not found ` +
        'on PATH or in /usr/local/go/bin. Install Go 1.25 or newer, or set TEMPORAL_CLI_PATH to an existing temporal binary.',
    );
  }
  await goInstall(path, go);
  // Drop binaries of earlier pins (about 250 MB each); leave builds under way alone.
  for (const old of readdirSync(cacheDir)) {
    if (old !== TEMPORAL_CLI_VERSION && !old.includes('.building-')) rmSync(join(cacheDir, old), { recursive: true, force: true });
  }
  return path;
}


/** `go install` into a scratch directory, moved into place only when it succeeded. */
async function goInstall(path, go) {
  const scratch = `${dirname(path)}.building-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  console.log(`Building Temporal's CLI ${TEMPORAL_CLI_VERSION} with ${go.version} into ${dirname(path)} (once per machine; several minutes the first time)…`);
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
  // -v names each package as it is compiled: counted for progress, printed only on failure.
  // GOTOOLCHAIN=local: build with this machine's Go, never fetch another toolchain.
  const child = spawn(go.command, ['install', '-v', `${PACKAGE}@${TEMPORAL_CLI_VERSION}`], {
    env: { ...process.env, GOBIN: scratch, GOTOOLCHAIN: 'local' },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let downloaded = 0;
  let compiled = 0;
  const tail = [];
  let partial = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('go: downloading ')) downloaded += 1;
      else if (/^[\w.-]+(\/[\w.~-]+)*$/.test(line)) compiled += 1;
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  });
  const progress = setInterval(() => console.log(`  … ${elapsed()}: ${downloaded} modules downloaded, ${compiled} packages compiled`), 20_000);
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', (code) => resolve(code));
  });
  clearInterval(progress);
  if (status !== 0 || !existsSync(join(scratch, 'temporal'))) {
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(`Building Temporal's CLI failed after ${elapsed()} (go install exited ${status}):\n${[...tail, partial].join('\n')}`);
  }
  // Renaming the file is atomic: a concurrent run sees no binary or a whole one.
  mkdirSync(dirname(path), { recursive: true });
  renameSync(join(scratch, 'temporal'), path);
  rmSync(scratch, { recursive: true, force: true });
  console.log(`Built Temporal's CLI ${TEMPORAL_CLI_VERSION} in ${elapsed()}: ${path}`);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await ensureTemporalCli());
