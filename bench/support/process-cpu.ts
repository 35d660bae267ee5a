import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** CPU time a process has used so far, all its threads, user and system, in ms, from /proc (Linux). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2, in parentheses) may hold spaces and parentheses; the fields after it do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** Total CPU time of `pids`, in ms; null where /proc cannot tell (not Linux, or a process gone). */
export function totalCpuMs(pids: readonly number[]): number | null {
  try {
    return pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  } catch {
    return null;
  }
}

/** Processes whose command name is `name` (PostgreSQL's server and backends: `postgres`), from /proc (Linux). */
export function pidsNamed(name: string): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
        } catch {
          return false; // gone since the listing
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}
