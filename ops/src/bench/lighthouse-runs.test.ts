import { describe, expect, it } from 'vitest';
import { mainThreadSummary, medianRun } from './lighthouse-runs';

const run = (performance: number | null, tag: string) => ({ performance, tag });

describe('medianRun', () => {
  it('answers the run with the median score, whatever the order of the runs', () => {
    expect(medianRun([run(91, 'a'), run(72, 'b'), run(88, 'c')], (r) => r.performance)?.tag).toBe('c');
    expect(medianRun([run(88, 'c'), run(91, 'a'), run(72, 'b')], (r) => r.performance)?.tag).toBe('c');
  });

  it('takes the lower middle run of an even count, and the only run of one', () => {
    expect(medianRun([run(90, 'a'), run(80, 'b'), run(95, 'c'), run(85, 'd')], (r) => r.performance)?.tag).toBe('d');
    expect(medianRun([run(77, 'only')], (r) => r.performance)?.tag).toBe('only');
  });

  it('leaves out runs without a score, and answers null when none has one', () => {
    expect(medianRun([run(null, 'a'), run(70, 'b'), run(90, 'c')], (r) => r.performance)?.tag).toBe('b');
    expect(medianRun([run(null, 'a')], (r) => r.performance)).toBeNull();
    expect(medianRun([], (r: { performance: number | null }) => r.performance)).toBeNull();
  });
});

describe('mainThreadSummary', () => {
  it('counts the long tasks and names the costliest scripts and kinds of work', () => {
    const table = (items: unknown[]) => ({ details: { type: 'table', items } });
    const line = mainThreadSummary({
      'long-tasks': table([{ duration: 120.4 }, { duration: 300.2 }, { duration: 60 }]),
      'bootup-time': table([
        { url: 'http://127.0.0.1:4000/assets/index-abc.js', total: 400 },
        { url: 'http://127.0.0.1:4000/assets/PropertyMapCanvas-def.js', total: 900 },
        { url: 'Unattributable', total: 50 },
        { url: 'http://127.0.0.1:4000/assets/small.js', total: 10 },
      ]),
      'mainthread-work-breakdown': table([
        { group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 1200 },
        { group: 'styleLayout', groupLabel: 'Style & Layout', duration: 300 },
        { group: 'paintCompositeRender', groupLabel: 'Rendering', duration: 100 },
        { group: 'other', groupLabel: 'Other', duration: 400 },
      ]),
    });
    expect(line).toBe(
      '3 long tasks (481 ms, longest 300 ms); scripts: PropertyMapCanvas-def.js 900, index-abc.js 400, Unattributable 50; ' +
        'main thread: Script Evaluation 1200, Other 400, Style & Layout 300',
    );
  });

  it('says there were no long tasks when the audits are missing', () => {
    expect(mainThreadSummary({})).toBe('0 long tasks (0 ms, longest 0 ms)');
  });
});
