/**
 * The production build and the Docker image's layout, for tests that run what `npm run build` and the
 * Dockerfile make, with plain Node:
 *
 * - `buildProduction(outdir)`: build.mjs (esbuild, file by file) into a folder of its own below the
 *   repository (build.mjs refuses any other), as the Dockerfile's `npm run build` does into dist/.
 * - `makeProductionLayout(dir)`: the image's /app in `dir` (outside the repository), as the Dockerfile's
 *   final stage copies it: package.json, dist/ (built by build.mjs), migrations/, assets/, and a
 *   node_modules holding only the production dependencies, as `npm prune --omit=dev` leaves it. Nothing
 *   else: no sources, no tests, no dev dependency.
 *
 * The shared node_modules is never pruned or changed: the production closure is computed from the
 * installed packages (`productionPackages`) and only those package folders are hard-linked (copied
 * across file systems) into the layout at the same relative paths, nested node_modules included.
 * (`npm ls --omit=dev --all --parseable` would list the same folders in a plain checkout, but it reports
 * every package as extraneous when node_modules is a symbolic link, as in this project's worktrees.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** Runs build.mjs into `outdir` (below the repository); resolves with what it wrote to stderr (its one summary line). */
export async function buildProduction(outdir: string, extraArgs: readonly string[] = []): Promise<string> {
  const { stderr } = await run(process.execPath, [path.join(ROOT, 'build.mjs'), ...extraArgs, '--outdir', outdir], { cwd: ROOT });
  return stderr;
}

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function manifestOf(folder: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Manifest;
}

/** The installed folder of `name` as Node finds it from `from`: node_modules/<name> here or in a folder above, up to `root`. */
function installedFolder(root: string, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The production closure of the installed tree: the folders (relative to `root`, e.g.
 * `node_modules/pino` or `node_modules/a/node_modules/b`) of the packages reachable from package.json's
 * `dependencies` through each package's dependencies, optional dependencies (when installed) and
 * required peer dependencies (when installed), each resolved as Node resolves it. These are the
 * packages `npm prune --omit=dev` keeps; a dev-only package is not among them.
 */
export function productionPackages(root: string = ROOT): string[] {
  const found = new Set<string>();
  const visit = (folder: string, manifest: Manifest): void => {
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => manifest.peerDependenciesMeta?.[name]?.optional !== true);
    const edges: [string, 'required' | 'optional' | 'peer'][] = [
      ...Object.keys(manifest.dependencies ?? {}).map((name): [string, 'required'] => [name, 'required']),
      ...Object.keys(manifest.optionalDependencies ?? {}).map((name): [string, 'optional'] => [name, 'optional']),
      ...peers.map((name): [string, 'peer'] => [name, 'peer']),
    ];
    for (const [name, kind] of edges) {
      const target = installedFolder(root, folder, name);
      if (target === undefined) {
        // An optional dependency for another platform, or a peer nobody installed: npm leaves them out too.
        if (kind === 'required') throw new Error(`${name}, a dependency of ${manifest.name ?? 'the project'}, is not installed: run npm install`);
        continue;
      }
      const relative = path.relative(root, target);
      if (found.has(relative)) continue;
      found.add(relative);
      visit(target, manifestOf(target));
    }
  };
  const project = manifestOf(root);
  // The project's own devDependencies are the edges that are not followed.
  visit(root, { name: project.name, dependencies: project.dependencies, optionalDependencies: project.optionalDependencies });
  return [...found].sort();
}

/** Hard-links (or, across file systems, copies) the files below `from` into `to`, leaving out nested node_modules folders. */
function linkPackage(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      // The packages nested here are linked on their own when they belong to the closure.
      if (entry.name !== 'node_modules') linkPackage(source, target);
    } else if (entry.isSymbolicLink()) {
      fs.symlinkSync(fs.readlinkSync(source), target);
    } else {
      try {
        fs.linkSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
        fs.copyFileSync(source, target);
      }
    }
  }
}

/** Moves a folder, or copies it and removes the original when `to` is on another file system. */
function moveFolder(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

export interface ProductionLayout {
  /** The folder: the image's /app (its WORKDIR). */
  readonly dir: string;
  /** The packages of its node_modules (relative to `dir`, as `productionPackages` lists them). */
  readonly packages: readonly string[];
  /** build.mjs's summary line. */
  readonly build: string;
}

/**
 * Makes the image's /app in `dir`, which must be empty or missing and must lie outside the repository
 * (Node would otherwise find the repository's node_modules above it, dev dependencies and all).
 */
export async function makeProductionLayout(dir: string): Promise<ProductionLayout> {
  if (!path.relative(ROOT, dir).startsWith('..')) throw new Error(`the production layout must lie outside the repository (${ROOT}), not in ${dir}`);
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);

  // dist/: build.mjs builds only below the repository; the result moves into the layout.
  const outdir = path.join(ROOT, '.test-build', `layout-${process.pid}-${path.basename(dir)}`);
  fs.rmSync(outdir, { recursive: true, force: true });
  let build: string;
  try {
    build = await buildProduction(outdir);
    moveFolder(outdir, path.join(dir, 'dist'));
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }

  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  for (const folder of ['migrations', 'assets']) fs.cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });

  const packages = productionPackages(ROOT);
  for (const relative of packages) linkPackage(path.join(ROOT, relative), path.join(dir, relative));
  return { dir, packages, build };
}

/**
 * The folders in which Node would look for package `name` when a module of `from` imports it
 * (node_modules/<name> in `from` and every folder above it) that exist: none means the import fails.
 */
export function foldersProviding(from: string, name: string): string[] {
  const found: string[] = [];
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(candidate)) found.push(candidate);
    if (path.dirname(dir) === dir) return found;
  }
}
