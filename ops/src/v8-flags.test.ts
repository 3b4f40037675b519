import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe("the service's V8 flags (platform/src/v8-flags.ts)", () => {
  it('are set by the first module of every process that runs the service or its activities', () => {
    // npm start; npm run bench, whose process runs the service too; the Temporal worker (npm run worker, docker compose).
    for (const entry of ['./start.ts', './bench/bench.ts', '../../workflows/src/worker.ts']) {
      const imports = readFileSync(fileURLToPath(new URL(entry, import.meta.url)), 'utf8').match(/^import .*$/gm) ?? [];
      expect(imports[0], entry).toBe(`import '@kainga/platform/v8-flags';`);
    }
  });
});
