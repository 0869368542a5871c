/**
 * CPU time of other processes, read from Linux's /proc (the benchmarks that run the bot in its own process
 * and the database server beside it): utime + stime, in ms (clock ticks of 10 ms).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The fields of a /proc stat line after the process's name (state is the first, the parent's pid the second). */
function fieldsOf(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime of a /proc stat line, in ms (fields 14 and 15 of the whole line). */
export function cpuMsOfStat(stat: string): number {
  const fields = fieldsOf(stat);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** A process's CPU time so far (all its threads). */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  return cpuMsOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** A process's CPU time per thread name (the main thread as `main`), from /proc/<pid>/task/<tid>/stat. */
export function threadCpuMs(pid: number | undefined): Map<string, number> {
  const byName = new Map<string, number>();
  if (pid === undefined) return byName;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    const name = Number(tid) === pid ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    byName.set(name, (byName.get(name) ?? 0) + cpuMsOfStat(stat));
  }
  return byName;
}

/**
 * The CPU time so far of a PostgreSQL server (its data folder's postmaster.pid names the postmaster): the
 * postmaster, the backends that ended (its cutime and cstime: a pool closes idle connections, and a new one
 * starts a new backend) and its children still running.
 */
export function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let sum = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = fieldsOf(stat);
      if (Number(pid) === postmaster) sum += cpuMsOfStat(stat) + ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
      else if (Number(fields[1]) === postmaster) sum += cpuMsOfStat(stat);
    } catch {
      // the process ended meanwhile
    }
  }
  return sum;
}
