#!/usr/bin/env node
/**
 * The test files by CPU-seconds, from a SUITE_CPU file (test/support/file-cpu.ts):
 *   SUITE_CPU=/tmp/suite-cpu.jsonl npx vitest run && node test/support/file-cpu-report.mjs /tmp/suite-cpu.jsonl [top]
 */
import fs from 'node:fs';

const [file, top = '40'] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: node test/support/file-cpu-report.mjs <SUITE_CPU file> [top]');
const rows = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line))
  .sort((a, b) => b.cpuS - a.cpuS);
const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
console.log(`${rows.length} files: ${sum('cpuS').toFixed(1)} CPU-seconds in the test files (${sum('childrenS').toFixed(1)} of them in child processes), ${sum('wallS').toFixed(1)} s of file time`);
console.log('   CPU s  children   wall s  load  file');
for (const row of rows.slice(0, Number(top))) {
  console.log(`${row.cpuS.toFixed(1).padStart(8)} ${row.childrenS.toFixed(1).padStart(9)} ${row.wallS.toFixed(1).padStart(8)} ${row.load1.toFixed(1).padStart(5)}  ${row.file}`);
}
