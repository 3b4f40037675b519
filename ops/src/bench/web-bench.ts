/**
 * `npm run bench:web`: how heavy and how good the web app's main screens are — measured, not
 * asserted (nothing fails when a figure misses its aim).
 *
 * 1. Builds the PWA (`npm run build -w pwa`) into a private folder, not pwa/dist: other builds
 *    (browser tests) may replace pwa/dist while Lighthouse runs, which would leave the served
 *    page without its scripts; and the bench leaves pwa/dist alone for them.
 * 2. Per route, the gzip size of the JavaScript the route loads, read from the build's Vite
 *    manifest (.vite/manifest.json, as in pwa/dist): the entry chunk, the app chunk it starts
 *    (pwa/src/app/boot.tsx) and the route's lazy chunk with everything they import statically ("initial"), and what the route's chunk can still load later through
 *    dynamic imports ("on demand", e.g. the signed-in home). The route's chunk is found from the
 *    `React.lazy(() => import('../features/…'))` declarations and `<Route>`s of
 *    pwa/src/app/routes.tsx.
 * 3. Starts the whole service with demo data (startKainga, SEED_DEMO=true) on a free port,
 *    serving that build.
 * 4. Runs Lighthouse (performance, accessibility, best practices) on each route, desktop once and
 *    mobile (Lighthouse's default simulated throttling) three times, in Debian's Chromium
 *    (/usr/bin/chromium, or CHROMIUM_PATH) — never a downloaded browser. A mobile score moves by
 *    several points between runs on a loaded machine, so the mobile figures are those of the
 *    median run (by performance; lighthouse-runs.ts), printed beside the aim with every run's
 *    score and what held the main thread (long tasks, the costliest scripts).
 *
 * Aims (issue 49, "On a phone"): performance ≥ 90 on desktop and on mobile (median of three) on
 * every screen, the data screens (/map, /properties) too; accessibility and best practices ≥ 95
 * on both. Prints a markdown table at the end and writes it to ops/src/bench/last-web-results.md.
 *
 * While iterating on one screen (Lighthouse takes ~30 s a run, and its scores move with the
 * machine's load), a run can be narrowed; a narrowed run prints its table but leaves
 * last-web-results.md alone:
 *   npm run bench:web -- --routes=/,/sign-in   only these routes
 *   npm run bench:web -- --form=mobile         only mobile (or desktop)
 *   npm run bench:web -- --dist=pwa/dist       measure an existing build instead of building one
 *   npm run bench:web -- --runs=5              mobile runs per route (3 unless told; the median counts)
 *   npm run bench:web -- --lhr-dir=/tmp/lhr    also keep each run's Lighthouse JSON there (its trace
 *                                              audits: long-tasks, bootup-time, mainthread-work-breakdown)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startKainga } from '../server';
import { note, phase } from './progress';
import { machine } from './table';
import { assertChromium, CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { routeChunks, routeJs, type Manifest, type RouteJs } from './web-route-js';
import { mainThreadSummary, medianRun, type AuditLike } from './lighthouse-runs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const PWA = join(ROOT, 'pwa');

export const WEB_ROUTES = ['/', '/map', '/properties', '/how-it-works', '/sign-in'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
type FormFactor = 'desktop' | 'mobile';
const FORM_FACTORS: readonly FormFactor[] = ['desktop', 'mobile'];

/** The command line's narrowing options (see the top of this file). */
function options(argv: readonly string[]) {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const routes = value('routes')?.split(',').filter(Boolean) ?? [...WEB_ROUTES];
  const unknown = routes.filter((r) => !(WEB_ROUTES as readonly string[]).includes(r));
  if (unknown.length) throw new Error(`--routes: ${unknown.join(', ')} not among ${WEB_ROUTES.join(', ')}`);
  const form = value('form');
  if (form !== undefined && !FORM_FACTORS.includes(form as FormFactor)) throw new Error(`--form: desktop or mobile, not ${form}`);
  const dist = value('dist');
  const forms = form ? [form as FormFactor] : [...FORM_FACTORS];
  const runs = Number(value('runs') ?? MOBILE_RUNS);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: a whole number from 1, not ${value('runs')}`);
  const lhrDir = value('lhr-dir');
  return {
    routes,
    forms,
    dist: dist ? resolve(dist) : null,
    runs,
    lhrDir: lhrDir ? resolve(lhrDir) : null,
    full: routes.length === WEB_ROUTES.length && forms.length === FORM_FACTORS.length && !dist && runs === MOBILE_RUNS,
  };
}
type Options = ReturnType<typeof options>;
type Scores = Record<Category, number | null>;

const AIM_DESKTOP_PERFORMANCE = 90;
/** Issue 49: every screen, the data screens (/map, /properties) too. */
const AIM_MOBILE_PERFORMANCE = 90;
const AIM_A11Y_BP = 95;
/** Mobile Lighthouse runs per route; the median one counts. */
const MOBILE_RUNS = 3;

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface Audit {
  scores: Scores;
  lcpMs: number | null;
  /** the performance metrics behind the score, for the log: FCP, LCP, TBT, CLS, speed index */
  metrics: string;
  tbtMs: number | null;
  /** long tasks and the costliest scripts (lighthouse-runs.ts), for the log */
  mainThread: string;
  /** ids of the accessibility and best-practices audits that did not pass */
  failed: string[];
  error: string | null;
  /** Lighthouse's JSON report, kept with --lhr-dir */
  json: string | null;
}

async function auditOnce(url: string, port: number, formFactor: FormFactor): Promise<Audit> {
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  const lhr = result?.lhr;
  if (!lhr) {
    const scores = { performance: null, accessibility: null, 'best-practices': null };
    return { scores, lcpMs: null, tbtMs: null, metrics: '', mainThread: '', failed: [], error: 'no Lighthouse result', json: null };
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const s = lhr.categories[c]?.score;
      return [c, typeof s === 'number' ? Math.round(s * 100) : null];
    }),
  ) as Scores;
  const failed = (['accessibility', 'best-practices'] as const).flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a): a is NonNullable<typeof a> => !!a && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric') && a.score !== null && a.score < 1)
      .map((a) => {
        // Name what the console complained about (e.g. a 401 of the signed-out user call).
        const items = a.id === 'errors-in-console' && a.details?.type === 'table' ? (a.details.items as { url?: unknown; description?: unknown }[]) : [];
        const what = [...new Set(items.map((i) => String(i.url || i.description || '').replace(/^https?:\/\/[^/]+/, '')))].slice(0, 3);
        return what.length ? `${a.id} (${what.join('; ')})` : a.id;
      }),
  );
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  const tbt = lhr.audits['total-blocking-time']?.numericValue;
  const metrics = ['first-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
    .map((id) => `${id.split('-').map((w) => w[0]!.toUpperCase()).join('')} ${lhr.audits[id]?.displayValue ?? '—'}`)
    .join(', ');
  return {
    scores,
    lcpMs: typeof lcp === 'number' ? lcp : null,
    tbtMs: typeof tbt === 'number' ? tbt : null,
    metrics,
    mainThread: mainThreadSummary(lhr.audits as Record<string, AuditLike>),
    failed,
    error: lhr.runtimeError?.message ?? null,
    json: typeof result.report === 'string' ? result.report : null,
  };
}

/** One Lighthouse run; a run that Lighthouse itself reports as broken (e.g. NO_NAVSTART) is tried once more. */
async function audit(url: string, port: number, formFactor: FormFactor): Promise<Audit> {
  const first = await auditOnce(url, port, formFactor);
  return first.error ? auditOnce(url, port, formFactor) : first;
}

// ---------------------------------------------------------------------------------------------

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${out.slice(-3000)}`))));
  });
}

/** The machine's load while measuring: Lighthouse's simulated figures grow with it (the observed tasks are slower). */
const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null ? '—' : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
const score = (n: number | null) => (n === null ? '—' : String(n));
const trio = (s: Scores | undefined) => (s ? CATEGORIES.map((c) => score(s[c])).join(' / ') : 'not run');

function aimMet(desktop: Scores | undefined, mobile: Scores | undefined): string {
  if (!desktop || !mobile) return '—';
  const misses: string[] = [];
  if ((desktop.performance ?? 0) < AIM_DESKTOP_PERFORMANCE) misses.push('desktop performance');
  if ((mobile.performance ?? 0) < AIM_MOBILE_PERFORMANCE) misses.push('mobile performance');
  for (const [form, scores] of [['desktop', desktop], ['mobile', mobile]] as const) {
    for (const c of ['accessibility', 'best-practices'] as const) if ((scores[c] ?? 0) < AIM_A11Y_BP) misses.push(`${form} ${c}`);
  }
  return misses.length === 0 ? 'yes' : `no (${misses.join(', ')})`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

async function main() {
  const started = performance.now();
  const opts = options(process.argv.slice(2));
  const lhVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  process.stdout.write(`Kāinga web benchmark — ${machine()}, ${load()}\n`);
  assertChromium();

  const scratch = mkdtempSync(join(tmpdir(), 'kainga-web-bench-'));
  try {
    await measure(scratch, started, lhVersion, opts);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function measure(scratch: string, started: number, lhVersion: string, opts: Options) {
  const DIST = opts.dist ?? join(scratch, 'dist');
  const dataDir = join(scratch, 'data');
  if (opts.dist) {
    phase(1, 4, `measuring the existing build in ${DIST}`);
  } else {
    phase(1, 4, 'building the PWA (npm run build -w pwa, into a private folder)');
    const buildStarted = performance.now();
    await run('npm', ['run', 'build', '-w', 'pwa', '--', '--outDir', DIST, '--emptyOutDir'], ROOT);
    note(`built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s → ${DIST}`);
  }

  phase(2, 4, 'JavaScript per route (gzip, from the Vite manifest .vite/manifest.json)');
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const chunks = routeChunks(readFileSync(join(PWA, 'src/app/routes.tsx'), 'utf8'), opts.routes);
  const js = new Map<string, RouteJs>();
  for (const c of chunks) {
    const sizes = routeJs(manifest, c.chunk, DIST, ['src/app/boot.tsx']);
    js.set(c.route, sizes);
    note(`${c.route.padEnd(14)} ${c.screen.padEnd(16)} initial ${kb(sizes.initialGzip).padStart(9)}  + on demand ${kb(sizes.onDemandGzip).padStart(9)}${c.chunk && !manifest[c.chunk] ? '  (chunk not in the manifest)' : ''}`);
  }

  phase(3, 4, 'starting the service with demo data (SEED_DEMO=true)');
  const kainga = await startKainga({ dataDir, port: 0, pwaDir: DIST, env: { HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'silent' } });
  const base = kainga.url.replace('localhost', '127.0.0.1').replace(/\/$/, '');
  note(`listening on ${base}`);

  /** Per route and form factor: the run that counts (the median one on mobile) and every run's performance. */
  const results = new Map<string, Partial<Record<FormFactor, { counted: Audit; performances: (number | null)[] }>>>();
  const notes: string[] = [];
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  if (opts.lhrDir) mkdirSync(opts.lhrDir, { recursive: true });
  try {
    const runsOf = (f: FormFactor) => (f === 'mobile' ? opts.runs : 1);
    phase(4, 4, `Lighthouse ${lhVersion} × ${opts.routes.length} routes × ${opts.forms.map((f) => `${f} ${runsOf(f)}×`).join(' and ')} in ${CHROMIUM_PATH}`);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS], logLevel: 'silent' });
    const total = opts.routes.length * opts.forms.reduce((sum, f) => sum + runsOf(f), 0);
    let n = 0;
    for (const route of opts.routes) {
      for (const formFactor of opts.forms) {
        const runs: Audit[] = [];
        for (let i = 1; i <= runsOf(formFactor); i += 1) {
          n += 1;
          const runStarted = performance.now();
          process.stdout.write(`  [${n}/${total}] ${route} ${formFactor}${runsOf(formFactor) > 1 ? ` run ${i}` : ''}… `);
          try {
            const result = await audit(`${base}${route}`, chrome.port, formFactor);
            const { scores, lcpMs, metrics, mainThread, error, json } = result;
            runs.push(result);
            if (error) notes.push(`${route} ${formFactor}: ${error}`);
            if (opts.lhrDir && json) writeFileSync(join(opts.lhrDir, `${route.replace(/\W+/g, '_') || 'root'}-${formFactor}-${i}.json`), json);
            process.stdout.write(
              `performance ${score(scores.performance)}, accessibility ${score(scores.accessibility)}, best practices ${score(scores['best-practices'])}` +
                `${lcpMs === null ? '' : `, LCP ${(lcpMs / 1000).toFixed(1)} s`}; ${metrics} (${((performance.now() - runStarted) / 1000).toFixed(0)} s)\n` +
                `      ${mainThread}\n`,
            );
          } catch (e) {
            const message = e instanceof Error ? e.message : String(e);
            notes.push(`${route} ${formFactor}: ${message}`);
            process.stdout.write(`failed: ${message}\n`);
          }
        }
        const counted = medianRun(runs, (r) => r.scores.performance);
        if (!counted) continue;
        const performances = runs.map((r) => r.scores.performance);
        results.set(route, { ...results.get(route), [formFactor]: { counted, performances } });
        if (counted.failed.length) notes.push(`${route} ${formFactor}: audits not passed — ${counted.failed.join(', ')}`);
        if (formFactor === 'mobile') {
          const met = (counted.scores.performance ?? 0) >= AIM_MOBILE_PERFORMANCE ? 'met' : 'missed';
          note(
            `${route} mobile performance, median of ${runs.length}: ${score(counted.scores.performance)} (runs ${performances.map(score).join(', ')}; aim ≥ ${AIM_MOBILE_PERFORMANCE}: ${met}), TBT ${ms(counted.tbtMs)}`,
          );
        }
      }
    }
  } finally {
    await Promise.resolve(chrome?.kill()).catch(() => undefined);
    await kainga.close();
  }

  const header = [
    'Route',
    'Screen',
    'JS gzip (initial)',
    '+ on demand',
    'Desktop perf / a11y / BP',
    `Mobile perf / a11y / BP (median of ${opts.runs})`,
    `Mobile perf runs (aim ≥ ${AIM_MOBILE_PERFORMANCE})`,
    'Mobile TBT',
    'LCP desktop / mobile',
    'Aim met',
  ];
  const lcp = (route: string, f: FormFactor) => {
    const lcpMs = results.get(route)?.[f]?.counted.lcpMs;
    return lcpMs === undefined || lcpMs === null ? '—' : `${(lcpMs / 1000).toFixed(1)} s`;
  };
  const rows = chunks.map((c) => {
    const r = results.get(c.route);
    const sizes = js.get(c.route)!;
    const desktop = r?.desktop?.counted.scores;
    const mobile = r?.mobile?.counted.scores;
    return [
      c.route,
      c.screen,
      kb(sizes.initialGzip),
      kb(sizes.onDemandGzip),
      trio(desktop),
      trio(mobile),
      r?.mobile ? r.mobile.performances.map(score).join(', ') : '—',
      ms(r?.mobile?.counted.tbtMs ?? null),
      `${lcp(c.route, 'desktop')} / ${lcp(c.route, 'mobile')}`,
      aimMet(desktop, mobile),
    ];
  });
  const md = table(header, rows);
  const aims = `Aims: performance ≥ ${AIM_DESKTOP_PERFORMANCE} on desktop; on mobile (Lighthouse's simulated slow 4G and 4× CPU slowdown, the median of ${opts.runs} runs, by performance) ≥ ${AIM_MOBILE_PERFORMANCE} on every screen; accessibility and best practices ≥ ${AIM_A11Y_BP} on both. JS: the entry chunk, the app chunk it starts and the route's chunk with their static imports; "+ on demand" is what the route's chunk may load later (dynamic imports).`;
  const loadAtEnd = load();
  const footer = `_Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:web\` (${loadAtEnd} at the end): Lighthouse ${lhVersion}, ${(await run(CHROMIUM_PATH, ['--version'], ROOT).catch(() => '')).split('\n').find((l) => l.startsWith('Chromium'))?.trim() ?? 'Chromium'}, on ${machine()}, demo data._`;
  const notesText = notes.length ? `\n\nNotes:\n${notes.map((t) => `- ${t}`).join('\n')}` : '';
  if (opts.full) writeFileSync(new URL('./last-web-results.md', import.meta.url), `${md}\n\n${aims}\n\n${footer}${notesText}\n`);
  const written = opts.full ? 'also written to ops/src/bench/last-web-results.md' : 'a narrowed run: last-web-results.md left as it was';
  process.stdout.write(`\n${md}\n\n${aims}${notesText}\n\n(${((performance.now() - started) / 1000).toFixed(0)} s; ${written})\n`);
}

await main();
