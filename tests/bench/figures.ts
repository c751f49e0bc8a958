/**
 * Small measuring helpers several benches share: the median of a few runs and a process's CPU
 * time. One copy, so every bench reports a "median of 3" the same way.
 */
import { readFileSync } from 'node:fs';

/** The middle value (the upper of the two middles for an even count); 0 for no values. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** CPU time (ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
export function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
