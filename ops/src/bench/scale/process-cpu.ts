import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks (100 a second on every Linux ABI Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time a process has used so far, user and kernel, in microseconds (from /proc/<pid>/stat;
 * threads included). Kernel time counts: answering a request on loopback spends a good part of
 * it in the kernel's send, which also wakes the process that reads the answer.
 */
export function processCpuMicros(pid: number): number {
  return cpuMicrosOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** utime + stime of one /proc/<pid>/stat line. The command name may hold spaces and parentheses: fields are counted after its last ')'. */
export function cpuMicrosOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3 of the line, utime field 14 and stime field 15.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`not a /proc/<pid>/stat line: ${stat.slice(0, 80)}`);
  return ((utime + stime) * 1_000_000) / TICKS_PER_SECOND;
}

/** `run` under watch: what it returns, and the CPU `pid` used a request meanwhile (µs). */
export async function cpuPerRequest<T extends { requests: number }>(pid: number, run: () => Promise<T>): Promise<{ result: T; cpuMicros: number }> {
  const before = processCpuMicros(pid);
  const result = await run();
  return { result, cpuMicros: result.requests > 0 ? (processCpuMicros(pid) - before) / result.requests : Number.NaN };
}
