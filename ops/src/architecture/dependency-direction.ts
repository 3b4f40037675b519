import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The direction of dependencies of DESIGN.md:
 *   contracts ← platform ← projections ← command-api ← workflows ← ops;  contracts ← pwa
 */
export const allowed: Record<string, readonly string[]> = {
  contracts: [],
  platform: ['contracts'],
  projections: ['contracts', 'platform'],
  'command-api': ['contracts', 'platform', 'projections'],
  workflows: ['contracts', 'platform', 'projections', 'command-api'],
  ops: ['contracts', 'platform', 'projections', 'command-api', 'workflows'],
  pwa: ['contracts'],
};
export const packages = Object.keys(allowed);

/** contracts holds schemas only: zod and nothing else from outside. */
const externalAllowed: Partial<Record<string, (spec: string) => boolean>> = {
  contracts: (spec) => spec === 'zod' || spec.startsWith('zod/') || spec === 'vitest',
};

export interface Violation {
  file: string;
  specifier: string;
  reason: string;
}

const importPattern = /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export function importsOf(source: string): string[] {
  return [...source.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3]!).filter(Boolean);
}

/** Checks one file's imports; `file` is relative to the repository root. */
export function violationsOf(file: string, source: string): Violation[] {
  const pkg = file.split(/[\\/]/)[0]!;
  if (!allowed[pkg]) return [];
  const out: Violation[] = [];
  for (const specifier of importsOf(source)) {
    const workspace = specifier.match(/^@kainga\/([^/]+)/)?.[1];
    if (workspace) {
      if (workspace !== pkg && !allowed[pkg]!.includes(workspace)) out.push({ file, specifier, reason: `${pkg} must not depend on ${workspace}` });
      continue;
    }
    if (specifier.startsWith('.')) {
      const target = normalize(join(dirname(file), specifier)).split(/[\\/]/)[0];
      if (target !== pkg) out.push({ file, specifier, reason: `${pkg} reaches into ${target} by a relative path; import the package instead` });
      continue;
    }
    const external = externalAllowed[pkg];
    if (external && !external(specifier)) out.push({ file, specifier, reason: `${pkg} may only import zod` });
  }
  return out;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) yield path;
  }
}

/** Every wrong import and every wrong workspace dependency in the repository. */
export function checkRepository(root: string): Violation[] {
  const out: Violation[] = [];
  for (const pkg of packages) {
    const manifest = JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      const workspace = dep.match(/^@kainga\/(.+)$/)?.[1];
      if (workspace && !allowed[pkg]!.includes(workspace)) out.push({ file: `${pkg}/package.json`, specifier: dep, reason: `${pkg} must not depend on ${workspace}` });
    }
    for (const file of sourceFiles(join(root, pkg))) {
      const rel = relative(root, file);
      out.push(...violationsOf(rel, readFileSync(file, 'utf8')));
    }
  }
  return out;
}
