#!/usr/bin/env node
/**
 * The build: the TypeScript sources transpiled to JavaScript, file by file, with esbuild (about a second;
 * tsc took 75-150 s on a fresh clone of this 2-core machine). The types are erased, not checked: that is
 * `npm run typecheck`'s job (CI runs it). tsconfig.json's `isolatedModules` keeps every file
 * transpilable on its own.
 *
 *   node build.mjs                 src/ -> dist/src/ (`npm run build`, the Dockerfile)
 *   node build.mjs --if-stale      the same, only when a source is newer than the last build (`npm start`)
 *   node build.mjs --playground    also the fake Discord (test/fake-discord, without its tests) -> dist/test/
 *   node build.mjs --outdir DIR    another output folder (tests); it must sit below the repository root
 *
 * The output keeps the repository's layout (ESM, Node 20), one .js (and .js.map) per .ts, nothing
 * bundled: the worker pools find render-worker.js and ai-worker.js beside their own module, the program
 * finds migrations/ and assets/ by walking up from itself, and dependencies (the native better-sqlite3,
 * @napi-rs/canvas and pg among them) load from node_modules as usual. Each file is replaced by a rename,
 * and an unchanged file is left alone, so two `npm start`s at once (two shards) never read half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const args = { ifStale: false, playground: false, outdir: path.join(ROOT, 'dist') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--if-stale') args.ifStale = true;
    else if (arg === '--playground') args.playground = true;
    else if (arg === '--outdir' && argv[i + 1] !== undefined) args.outdir = path.resolve(argv[++i]);
    else throw new Error(`build.mjs: unknown argument ${arg} (see the comment at the top of build.mjs)`);
  }
  return args;
}

/** Every file below `dir` (none if it does not exist). */
function filesBelow(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesBelow(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The TypeScript files a build transpiles: src/, and for the playground the fake Discord without its tests. */
function sourcesOf(playground) {
  const roots = [path.join(ROOT, 'src'), ...(playground ? [path.join(ROOT, 'test', 'fake-discord')] : [])];
  const sources = roots.flatMap(filesBelow).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'));
  return { roots, sources };
}

/** True when some input is newer than the stamp of the last build (or there is none). */
function isStale(roots, stamp) {
  const inputs = [...roots.flatMap(filesBelow), ...['tsconfig.json', 'package.json', 'package-lock.json', 'build.mjs'].map((f) => path.join(ROOT, f))];
  const built = mtime(stamp);
  return built === 0 || inputs.some((file) => mtime(file) > built);
}

/** Writes `contents` to `file` unless it already holds them, through a temporary file and a rename. */
function replaceFile(file, contents) {
  try {
    if (Buffer.compare(fs.readFileSync(file), contents) === 0) return false;
  } catch {
    // not there yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
  return true;
}

async function build({ ifStale, playground, outdir }) {
  const below = path.relative(ROOT, outdir);
  if (below === '' || below.startsWith('..') || path.isAbsolute(below) || ['src', 'test', 'migrations', 'assets', 'node_modules'].includes(below.split(path.sep)[0])) {
    throw new Error(`build.mjs: the output folder must be a folder of its own below ${ROOT} (the program finds migrations/ and assets/ above itself)`);
  }
  const { roots, sources } = sourcesOf(playground);
  const stamp = path.join(outdir, playground ? '.built-playground' : '.built');
  if (ifStale && !isStale(roots, stamp)) return;

  const startedAt = new Date();
  const started = performance.now();
  // Loaded only when there is something to build: a built checkout starts without dev dependencies.
  const esbuild = await import('esbuild').then(
    (module) => module.default,
    () => {
      throw new Error(`build.mjs: ${path.relative(ROOT, stamp)} is missing or older than an input (src/, tsconfig.json, package.json, package-lock.json), and esbuild (a dev dependency) is not installed: run npm install, or start the built code with node dist/src/main.js`);
    },
  );
  const result = await esbuild.build({
    entryPoints: sources,
    outdir,
    outbase: ROOT,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
  });
  let written = 0;
  for (const output of result.outputFiles) if (replaceFile(output.path, Buffer.from(output.contents))) written++;

  // A source deleted since the last build: its compiled file goes too.
  const produced = new Set(result.outputFiles.map((output) => output.path));
  for (const root of roots) {
    for (const file of filesBelow(path.join(outdir, path.relative(ROOT, root)))) {
      if ((file.endsWith('.js') || file.endsWith('.js.map')) && !produced.has(file)) fs.rmSync(file, { force: true });
    }
  }

  // The stamp carries the build's start time: a source saved while it ran still counts as newer.
  for (const file of playground ? [stamp, path.join(outdir, '.built')] : [stamp]) {
    fs.writeFileSync(file, '');
    fs.utimesSync(file, startedAt, startedAt);
  }
  const ms = Math.round(performance.now() - started);
  // stderr: stdout is the bot's log (one JSON object a line in production).
  process.stderr.write(`build: ${sources.length} files transpiled to ${path.relative(ROOT, outdir) || '.'}/ in ${ms} ms (${written} changed; types are checked by npm run typecheck)\n`);
}

try {
  await build(parseArgs(process.argv.slice(2)));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
