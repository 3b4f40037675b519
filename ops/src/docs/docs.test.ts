import { ConfigSchema } from '@kainga/platform';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, relativeLinksOf } from './markdown-links';

/**
 * The README is what a newcomer reads first, so it stays short and links into docs/, one page a
 * topic; every page links back, and no link from either points at a file or heading that is gone.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const pages = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
/** Two screens of a terminal, give or take. */
const README_MAX_LINES = 120;

describe('README.md', () => {
  const readme = read('README.md');

  it('fits on a screen or two', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links to every page in docs/', () => {
    const linked = new Set(relativeLinksOf(readme).map((l) => l.split('#')[0]));
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });
});

describe('docs/', () => {
  it.each(pages)('%s starts with its title and a link back to the README', (page) => {
    const [title, , what] = read(page).split('\n');
    expect(title).toMatch(/^# \S/);
    expect(relativeLinksOf(what ?? '')).toContain('../README.md');
  });

  it('docs/configuration.md names every variable the configuration reads', () => {
    const doc = read('docs/configuration.md');
    expect(Object.keys(ConfigSchema.shape).filter((k) => !doc.includes(`\`${k}\``))).toEqual([]);
  });
});

describe('links in README.md and docs/', () => {
  it.each(['README.md', ...pages])('%s links only to files and headings that exist', (page) => {
    const broken = relativeLinksOf(read(page)).filter((link) => {
      const [path = '', anchor] = link.split('#');
      const target = path ? normalize(join(dirname(page), path)) : page;
      if (!existsSync(join(root, target))) return true;
      return anchor !== undefined && target.endsWith('.md') && !anchorsOf(read(target)).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
