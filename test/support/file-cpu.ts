/**
 * Opt-in measurement of the suite (vitest setupFiles): with SUITE_CPU=<file>, each test file appends one
 * JSON line to <file> with its wall time and its CPU-seconds, those of the test worker (all its threads)
 * and of the child processes it started and waited for (bot processes, PostgreSQL clients' servers are
 * not its children). Read with `node test/support/file-cpu-report.mjs <file>`. Without SUITE_CPU it does nothing.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

const out = process.env.SUITE_CPU;

/** user + system of this process and of its waited-for children, in seconds (/proc/self/stat). */
function cpuSeconds(): { self: number; children: number } {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const tick = 100;
  return { self: (Number(fields[11]) + Number(fields[12])) / tick, children: (Number(fields[13]) + Number(fields[14])) / tick };
}

if (out !== undefined && out !== '') {
  let start: { self: number; children: number; at: number; file: string };
  beforeAll(() => {
    start = { ...cpuSeconds(), at: performance.now(), file: expect.getState().testPath ?? '?' };
  });
  afterAll(() => {
    const end = cpuSeconds();
    const line = {
      file: start.file.replace(`${process.cwd()}/`, ''),
      wallS: Math.round(performance.now() - start.at) / 1000,
      cpuS: Math.round((end.self - start.self + end.children - start.children) * 100) / 100,
      childrenS: Math.round((end.children - start.children) * 100) / 100,
      load1: Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
    };
    fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
