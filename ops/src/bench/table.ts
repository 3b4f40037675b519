import { cpus } from 'node:os';

export interface Row {
  measure: string;
  result: string;
  aim: string;
}

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-NZ');
export const fmtMs = (ms: number) => (ms >= 10 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2));

/** A markdown table with padded columns, readable in a terminal and ready for docs/performance.md. */
export function markdownTable(rows: readonly Row[]): string {
  const head: Row = { measure: 'Measure', result: 'Result', aim: 'Aim' };
  const all = [head, ...rows];
  const w = (k: keyof Row) => Math.max(3, ...all.map((r) => r[k].length));
  const [wm, wr, wa] = [w('measure'), w('result'), w('aim')];
  const line = (r: Row) => `| ${r.measure.padEnd(wm)} | ${r.result.padEnd(wr)} | ${r.aim.padEnd(wa)} |`;
  return [line(head), `| ${'-'.repeat(wm)} | ${'-'.repeat(wr)} | ${'-'.repeat(wa)} |`, ...rows.map(line)].join('\n');
}

/** Where the figures were measured: they mean little without the machine. */
export function machine(): string {
  const cpu = cpus();
  return `Node ${process.version}, ${process.platform}/${process.arch}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`;
}
