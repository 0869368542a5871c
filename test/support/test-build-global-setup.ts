/**
 * Vitest globalSetup: the sources transpiled to JavaScript once per run (esbuild, file by file, well
 * under a second), for the tests that start the bot as a real process (BotProcess). Under tsx every
 * start of such a process, and of each of its worker threads, compiled the whole program again
 * (about 3 s a start on this 2-core machine); the kill test starts the bot 40 times.
 *
 * The output keeps the repository's layout under `.test-build/<pid>/` at the repository root, so the
 * program finds migrations/ and assets/ above itself as the built program does, and node_modules as
 * usual. Type checking stays with `npm run typecheck`; this is the same code with the types erased.
 * Tests read the folder with `inject('testBuild')`.
 */
import esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding src/ and test/ as JavaScript. */
    testBuild: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let outdir: string | undefined;

function typeScriptFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? typeScriptFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
}

export function setup(project: TestProject): void {
  outdir = path.join(ROOT, '.test-build', String(process.pid));
  fs.rmSync(outdir, { recursive: true, force: true });
  const entryPoints = [...typeScriptFiles(path.join(ROOT, 'src')), ...typeScriptFiles(path.join(ROOT, 'test'))];
  esbuild.buildSync({ entryPoints, outdir, outbase: ROOT, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning' });
  project.provide('testBuild', outdir);
}

export function teardown(): void {
  if (outdir !== undefined) fs.rmSync(outdir, { recursive: true, force: true });
  outdir = undefined;
}
