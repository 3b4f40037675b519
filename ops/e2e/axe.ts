/**
 * axe-core (Deque's WCAG rules) over the page as it stands: the browser suites call it on every
 * screen and state, so a change that breaks WCAG 2.2 AA fails CI and says what to fix.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** The success criteria of WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const BLOCKING = new Set(['serious', 'critical']);

/** One line per failing node: rule, impact, where (a selector), what (its html, shortened). */
export function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((node) => {
      const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
      const why = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
      return `${v.id} (${v.impact}) at ${JSON.stringify(node.target)}: ${html}${why ? ` — ${why}` : ''}`;
    }),
  );
}

/**
 * Until nothing is moving: a button that was just enabled is still fading to its colours (an antd
 * transition), and axe would measure the contrast of a half-drawn state. Endless animations
 * (spinners) do not count.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** The serious and critical violations on the page now, described (empty when there are none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return describeViolations(results.violations.filter((v) => BLOCKING.has(v.impact ?? '')));
}

/** The same over one part of the page (an open dialog), less the parts `without` names. */
export async function seriousViolationsIn(page: Page, selector: string, without?: string): Promise<string[]> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page }).include(selector).withTags(WCAG_TAGS);
  const results = await (without ? builder.exclude(without) : builder).analyze();
  return describeViolations(results.violations.filter((v) => BLOCKING.has(v.impact ?? '')));
}

/** Fails, listing each node to fix, when axe finds a serious or critical violation on the page. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length > 0) throw new Error(`${label}: ${found.length} serious or critical WCAG violation(s)\n  ${found.join('\n  ')}`);
}
