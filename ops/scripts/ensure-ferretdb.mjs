// The MongoDB suites run against FerretDB (a MongoDB wire-protocol server) on its SQLite backend:
// no MongoDB server can be installed here, and SQLite needs no PostgreSQL beside it. No prebuilt
// binary can be downloaded either, so build FerretDB from the Go module proxy once per machine and
// keep it under node_modules/.cache (untracked, survives between runs, gone with a clean clone).
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findGo } from './find-go.mjs';

/** The last release of FerretDB 1.x, whose SQLite backend runs without any other server. */
export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = join(root, 'node_modules/.cache/kainga-ferretdb');

/** Where the pinned server lives (FERRETDB_PATH overrides it with a binary of your own). */
export function ferretdbPath() {
  return process.env.FERRETDB_PATH ?? join(cacheDir, FERRETDB_VERSION, 'ferretdb');
}

/** Builds the pinned server when it is missing and answers its path. */
export async function ensureFerretdb() {
  const path = ferretdbPath();
  if (existsSync(path)) return path;
  if (process.env.FERRETDB_PATH) throw new Error(`FERRETDB_PATH is set but ${path} does not exist.`);
  const go = findGo();
  if (!go) {
    throw new Error(
      `Go is needed to build FerretDB (${MODULE}@${FERRETDB_VERSION}) for the MongoDB tests, and \`go\` was not found ` +
        'on PATH or in /usr/local/go/bin. Install Go 1.24 or newer, or set FERRETDB_PATH to an existing ferretdb binary.',
    );
  }
  await build(path, go);
  // Drop binaries of earlier pins; leave builds under way alone.
  for (const old of readdirSync(cacheDir)) {
    if (old !== FERRETDB_VERSION && !old.includes('.building-')) rmSync(join(cacheDir, old), { recursive: true, force: true });
  }
  return path;
}


/**
 * Runs a Go command: answers its exit status, its standard output, and the last lines of its
 * standard error (where Go reports progress with -v, each line handed to `onLine`, and errors).
 */
async function runGo(go, args, options, onLine = () => {}) {
  const child = spawn(go.command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  const tail = [];
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      onLine(line);
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  });
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', (code) => resolve(code));
  });
  return { status, stdout, tail: [...tail, partial].join('\n') };
}

/**
 * `go install …@v1.24.2` builds a binary that panics at start: FerretDB embeds
 * build/version/version.txt, which its release tooling writes and the module does not contain.
 * So fetch the module, copy it into a scratch directory, write that file, and build there; the
 * binary is moved into place only when it succeeded.
 */
async function build(path, go) {
  const scratch = `${dirname(path)}.building-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  console.log(`Building FerretDB ${FERRETDB_VERSION} with ${go.version} into ${dirname(path)} (once per machine; several minutes the first time)…`);
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
  // GOTOOLCHAIN=local: build with this machine's Go, never fetch another toolchain.
  const env = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-buildvcs=false' };
  const fail = (step, run) => {
    rmSync(scratch, { recursive: true, force: true });
    return new Error(`Building FerretDB failed after ${elapsed()} (${step} exited ${run.status}):\n${run.tail}`);
  };

  const download = await runGo(go, ['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`], { env });
  if (download.status !== 0) throw fail('go mod download', { status: download.status, tail: `${download.stdout}\n${download.tail}` });
  const moduleDir = JSON.parse(download.stdout).Dir;
  const source = join(scratch, 'src');
  cpSync(moduleDir, source, { recursive: true });
  // The module cache is read-only; the copy must accept the version file and Go's build files.
  chmodTree(source);
  writeFileSync(join(source, 'build/version/version.txt'), `${FERRETDB_VERSION}\n`);

  let downloaded = 0;
  let compiled = 0;
  const progress = setInterval(() => console.log(`  … ${elapsed()}: ${downloaded} modules downloaded, ${compiled} packages compiled`), 20_000);
  // -v names each package as it is compiled: counted for progress, printed only on failure.
  const compile = await runGo(go, ['build', '-v', '-o', join(scratch, 'ferretdb'), './cmd/ferretdb'], { cwd: source, env }, (line) => {
    if (line.startsWith('go: downloading ')) downloaded += 1;
    else if (/^[\w.-]+(\/[\w.~-]+)*$/.test(line)) compiled += 1;
  });
  clearInterval(progress);
  if (compile.status !== 0 || !existsSync(join(scratch, 'ferretdb'))) throw fail('go build', compile);
  // Renaming the file is atomic: a concurrent run sees no binary or a whole one.
  mkdirSync(dirname(path), { recursive: true });
  renameSync(join(scratch, 'ferretdb'), path);
  rmSync(scratch, { recursive: true, force: true });
  console.log(`Built FerretDB ${FERRETDB_VERSION} in ${elapsed()}: ${path}`);
}

function chmodTree(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) chmodTree(full);
    else chmodSync(full, 0o644);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await ensureFerretdb());
