import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRepository, importsOf, violationsOf } from './dependency-direction';

const root = join(fileURLToPath(import.meta.url), '../../../..');

describe('dependency direction (DESIGN.md)', () => {
  it('holds across the whole repository', () => {
    expect(checkRepository(root)).toEqual([]);
  });

  it('finds static, dynamic, re-export and side-effect imports', () => {
    const src = `import { a } from '@kainga/platform';\nimport type { B } from "./b";\nexport * from '../x';\nconst m = await import('@kainga/ops');\nimport 'side-effect';`;
    expect(importsOf(src)).toEqual(['@kainga/platform', './b', '../x', '@kainga/ops', 'side-effect']);
  });

  it('flags an import against the direction', () => {
    expect(violationsOf('platform/src/x.ts', `import { buildApp } from '@kainga/command-api';`)).toEqual([
      { file: 'platform/src/x.ts', specifier: '@kainga/command-api', reason: 'platform must not depend on command-api' },
    ]);
    expect(violationsOf('pwa/src/x.ts', `import { openStores } from '@kainga/platform';`)).toHaveLength(1);
    // Browser tests start the whole service: they belong in ops/, never in pwa/.
    expect(violationsOf('ops/e2e/harness.ts', `import { startKainga } from '../src/server';`)).toEqual([]);
    expect(violationsOf('pwa/e2e/harness.ts', `import { startKainga } from '../../ops/src/server';`)).toHaveLength(1);
    expect(violationsOf('projections/src/x.ts', `import '../../command-api/src/app';`)).toHaveLength(1);
    expect(violationsOf('contracts/src/x.ts', `import { readFileSync } from 'node:fs';`)).toHaveLength(1);
  });

  it('lets imports along the direction through', () => {
    expect(violationsOf('command-api/src/x.ts', `import { usersProjector } from '@kainga/projections';\nimport { z } from 'zod';`)).toEqual([]);
    expect(violationsOf('contracts/src/api/x.ts', `import { z } from 'zod';\nimport { RoleName } from '../roles';`)).toEqual([]);
  });
});
