import { describe, expect, it } from 'vitest';
import { cpuMicrosOfStat, cpuPerRequest, processCpuMicros } from './process-cpu';

describe('process CPU', () => {
  it('reads utime + stime after the last parenthesis of the name, in microseconds', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const line = '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 30 0 0 20 0 11 0';
    expect(cpuMicrosOfStat(line)).toBe(2_800_000);
  });

  it('refuses a line that is not one', () => {
    expect(() => cpuMicrosOfStat('nonsense')).toThrow(/not a \/proc/);
  });

  it('charges the CPU a run used to each of its requests', async () => {
    // Work, not wall time: tens of milliseconds of CPU on any machine, so at least one 10 ms tick.
    const work = async () => {
      let x = 0;
      for (let i = 0; i < 60_000_000; i++) x = (x + i * 7) % 1_000_003;
      return { requests: x >= 0 ? 4 : 0 };
    };
    const { result, cpuMicros } = await cpuPerRequest(process.pid, work);
    expect(result.requests).toBe(4);
    expect(Number.isFinite(cpuMicros) && cpuMicros > 0).toBe(true);
    expect(processCpuMicros(process.pid)).toBeGreaterThanOrEqual(cpuMicros * 4);
    expect((await cpuPerRequest(process.pid, async () => ({ requests: 0 }))).cpuMicros).toBeNaN();
  });
});
