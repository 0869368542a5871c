/**
 * How a test starts one of the repository's TypeScript entry points as a process of its own: under vitest,
 * `node` on the run's transpiled copy (test/support/test-build-global-setup.ts); elsewhere (the benchmarks)
 * under tsx. Under tsx every start compiled the program it loads again, about 1-3 CPU-seconds a start on
 * this 2-core machine; the transpiled copy is the same code with the types erased, as `npm start` runs it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inject } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** tsx's loader by absolute URL (a process may run in a folder of its own). */
const TSX = pathToFileURL(createRequire(path.join(ROOT, 'package.json')).resolve('tsx')).href;

/** The folder of the run's transpiled sources under vitest; outside vitest, undefined. */
export function testBuild(): string | undefined {
  try {
    return inject('testBuild');
  } catch {
    return undefined;
  }
}

/** The arguments to `node` (before the entry point's own) that run `file`, a .ts file of the repository. */
export function nodeArgsFor(file: string): string[] {
  const relative = path.relative(ROOT, path.resolve(file));
  if (relative.startsWith('..') || !relative.endsWith('.ts')) throw new Error(`${file} is not a TypeScript file of the repository`);
  const build = testBuild();
  return build === undefined ? ['--import', TSX, path.join(ROOT, relative)] : [path.join(build, relative.replace(/\.ts$/, '.js'))];
}

/**
 * The run's transpiled copy of a module of the repository (`file` from the repository's root) as a URL, for a
 * worker pool's `workerFile`: its
 * workers are then worker threads on JavaScript, as in the built bot, instead of child processes that
 * compile the sources under tsx at every start. Outside vitest, undefined (the pool's default).
 */
export function builtModuleUrl(file: string): URL | undefined {
  const build = testBuild();
  if (build === undefined) return undefined;
  const relative = path.relative(ROOT, path.resolve(ROOT, file));
  if (relative.startsWith('..') || !relative.endsWith('.ts')) throw new Error(`${file} is not a TypeScript file of the repository`);
  return pathToFileURL(path.join(build, relative.replace(/\.ts$/, '.js')));
}
