import { readdirSync, readFileSync } from 'node:fs';

// Linux's /proc/<pid>/stat counts CPU time in clock ticks of 1/100 s (USER_HZ on every Linux
// architecture node runs on).
const TICK_MS = 10;

/** User plus system CPU time of one process, all its threads, in ms (0 once it has exited). */
export function processCpuMs(pid: number): number {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time of every live process whose command name is `name` (PostgreSQL's backends), in ms. */
export function commandCpuMs(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) total += processCpuMs(Number(entry));
    } catch {
      // gone between the listing and the read
    }
  }
  return total;
}
