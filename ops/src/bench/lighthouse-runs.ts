/**
 * How bench:web reads several Lighthouse runs of one page: Lighthouse's mobile score moves by
 * several points from run to run on a loaded machine, so a route's mobile figure is the median of
 * a few runs, and what held the main thread is summarised from the run's own audits.
 */

/**
 * The run whose `value` is the median (the lower middle one for an even count), so the figures
 * printed beside it (LCP, TBT, accessibility) come from that same run. Runs without a value are
 * left out; null when none has one.
 */
export function medianRun<T>(runs: readonly T[], value: (run: T) => number | null): T | null {
  const valued = runs.filter((r) => value(r) !== null).sort((a, b) => value(a)! - value(b)!);
  if (valued.length === 0) return null;
  return valued[Math.floor((valued.length - 1) / 2)]!;
}

/** The parts of a Lighthouse audit read here (lhr.audits[id]). */
export interface AuditLike {
  numericValue?: number;
  details?: { type?: string; items?: unknown[] };
}

const items = (audit: AuditLike | undefined) => (audit?.details?.type === 'table' ? ((audit.details.items ?? []) as Record<string, unknown>[]) : []);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const short = (url: unknown) => {
  const s = String(url ?? '');
  const path = s.replace(/^https?:\/\/[^/]+/, '');
  return path.split('/').pop() || path || 'unattributed';
};

/**
 * One line on what held the main thread in a run: its long tasks (count, total and longest, from
 * `long-tasks`), the scripts costing most CPU (`bootup-time`) and the main thread's largest kinds
 * of work (`mainthread-work-breakdown`), in milliseconds of Lighthouse's simulated phone.
 */
export function mainThreadSummary(audits: Readonly<Record<string, AuditLike | undefined>>): string {
  const tasks = items(audits['long-tasks']).map((t) => num(t.duration));
  const longest = tasks.length ? Math.max(...tasks) : 0;
  const total = tasks.reduce((a, b) => a + b, 0);
  const scripts = items(audits['bootup-time'])
    .map((s) => ({ name: short(s.url), ms: num(s.total) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((s) => `${s.name} ${Math.round(s.ms)}`);
  const work = items(audits['mainthread-work-breakdown'])
    .map((w) => ({ name: String(w.groupLabel ?? w.group ?? '?'), ms: num(w.duration) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((w) => `${w.name} ${Math.round(w.ms)}`);
  return [
    `${tasks.length} long tasks (${Math.round(total)} ms, longest ${Math.round(longest)} ms)`,
    scripts.length ? `scripts: ${scripts.join(', ')}` : null,
    work.length ? `main thread: ${work.join(', ')}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}
