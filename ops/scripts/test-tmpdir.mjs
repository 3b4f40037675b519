// Vitest global setup of both projects: every temporary directory a test makes (stores, outboxes,
// blobs, Chromium profiles, the Temporal dev server's files) goes under one directory of this run,
// removed when the run ends. Tests make ~2,500 of them a run and most do not remove their own, so
// a developer's /tmp filled up run after run. Workers start after this and inherit TMPDIR, which
// os.tmpdir() reads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup() {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'kainga-test-run-'));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
