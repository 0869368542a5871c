/**
 * The benchmark's frozen baseline: the computer players' search, evaluation, rollout policy and determinizers
 * as they stood before the search's rework (carried trees, early stops, work caps), the yardstick the new
 * search is measured against at the same CPU per decision. It is not kept as source in the working tree
 * (search and renames would walk through it): it is read from git at the revision below, where
 * test/bench/baseline held it, written to a cache folder under node_modules/.cache and imported from there. Its imports of the engines (src/engine,
 * src/games) are pointed at the live code: the rules are shared, the player is frozen. So the names it
 * imports from there (rules, views, data, the PRNG) are its contract with the live code.
 *
 * Where the copy came from: the files of src/engine/ai and src/games/{istanbul,kairo}/ai at cdad0c5 with
 * their imports pointed at src/ and the two policies renamed baselineIstanbulPolicy and baselineKairoPolicy,
 * then (9ab77b8, a33d22a) its CPU budget's `shouldStop` asked at every iteration, as the new search asks it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Seat } from '../../src/engine/index.js';

/** The commit whose test/bench/baseline is the frozen baseline (its last change). */
export const BASELINE_REVISION = 'a33d22a161427ddbae1874771f65834c01357bab';
/** The folder of that commit that holds it. */
const BASELINE_PATH = 'test/bench/baseline';

/**
 * Modules of src/ that moved since that revision, from where the baseline imports them to where they are
 * now (their exported names stayed): its imports are pointed at the new place.
 */
const MOVED: Readonly<Record<string, string>> = {
  'src/games/istanbul/apply.js': 'src/games/istanbul/rules/apply.js',
  'src/games/istanbul/data/lettersAndSeals.js': 'src/games/istanbul/data/letters-and-seals.js',
  'src/games/istanbul/legal.js': 'src/games/istanbul/rules/legal.js',
  'src/games/istanbul/scoring.js': 'src/games/istanbul/rules/scoring.js',
  'src/games/istanbul/turn.js': 'src/games/istanbul/rules/turn.js',
  'src/games/istanbul/view-fields.js': 'src/games/istanbul/view/fields.js',
  'src/games/istanbul/view.js': 'src/games/istanbul/view/types.js',
  'src/games/kairo/rules.js': 'src/games/kairo/rules/index.js',
  'src/games/kairo/view-fields.js': 'src/games/kairo/view/fields.js',
  'src/games/kairo/view.js': 'src/games/kairo/view/types.js',
};

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Named by the revision and the moves, so a cache written before a move is not read after it. */
const CACHE_DIR = join(
  REPO_ROOT,
  'node_modules',
  '.cache',
  'bench-baseline',
  `${BASELINE_REVISION}-${createHash('sha256').update(JSON.stringify(MOVED)).digest('hex').slice(0, 8)}`,
);

/** What the benchmark reads of the baseline's budget (its policy.ts has the full type). */
export interface FrozenBudget {
  readonly iterations: number;
  readonly shouldStop?: () => boolean;
}

/** A game's frozen policy, as the benchmark handles it: passed back to `decide` and its hard budget read. */
export interface FrozenPolicy {
  readonly game: string;
  readonly budgets: { readonly hard: FrozenBudget };
}

export interface FrozenSearchResult {
  readonly index: number;
  readonly value: number;
  readonly iterations: number;
  /** Per legal action: its visits and mean value at the root. */
  readonly stats: readonly { readonly visits: number; readonly value: number }[];
}

export interface FrozenBaseline {
  readonly istanbul: FrozenPolicy;
  readonly kairo: FrozenPolicy;
  /** The baseline's decision (the view must already be a checked seat view). */
  decide(policy: FrozenPolicy, view: unknown, seat: Seat, legal: readonly unknown[], budget: FrozenBudget, seed: string): FrozenSearchResult;
}

/** The baseline cannot be read: the message is one line that says why and what to do. */
export class BaselineUnavailable extends Error {}

function git(args: readonly string[]): Buffer {
  return execFileSync('git', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
}

function hasRevision(): boolean {
  try {
    git(['cat-file', '-e', `${BASELINE_REVISION}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The folder's TypeScript files, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix)).flatMap((name) => {
    const path = join(prefix, name);
    return statSync(join(dir, path)).isDirectory() ? filesUnder(dir, path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Writes the baseline's files from git into a fresh folder beside the cache folder, then moves it into
 * place in one rename (several benchmark processes may do this at once: the first rename wins).
 */
function materialise(): void {
  if (!hasRevision()) {
    throw new BaselineUnavailable(
      `The AI benchmark's frozen baseline is read from git revision ${BASELINE_REVISION.slice(0, 12)} (${BASELINE_PATH}), which this checkout lacks (a shallow clone, or no git history): run \`git fetch --unshallow\` and try again.`,
    );
  }
  const parent = dirname(CACHE_DIR);
  mkdirSync(parent, { recursive: true });
  const fresh = mkdtempSync(join(parent, 'writing-'));
  try {
    const names = git(['ls-tree', '-r', '--name-only', BASELINE_REVISION, '--', BASELINE_PATH]).toString().split('\n').filter((n) => n !== '');
    if (names.length === 0) throw new Error(`${BASELINE_PATH} is empty at ${BASELINE_REVISION}`);
    for (const name of names) {
      const inside = relative(BASELINE_PATH, name);
      const target = join(fresh, inside);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, git(['show', `${BASELINE_REVISION}:${name}`]));
    }
    // The files import the engines by relative paths from test/bench/baseline ('../../../src/...'): the
    // same paths from the cache folder, which lies at another depth.
    for (const file of filesUnder(fresh)) {
      const target = join(fresh, file);
      const fromOriginal = dirname(join(REPO_ROOT, BASELINE_PATH, file));
      const fromCache = dirname(join(CACHE_DIR, file));
      const text = readFileSync(target, 'utf8').replace(/(from\s+')(\.\.\/[^']*)(')/g, (whole, open: string, spec: string, close: string) => {
        const resolved = join(fromOriginal, spec);
        // An import inside the baseline stays as it is; one out of it is pointed at the live code.
        if (!relative(join(REPO_ROOT, BASELINE_PATH), resolved).startsWith('..')) return whole;
        const moved = MOVED[relative(REPO_ROOT, resolved).split('\\').join('/')];
        const again = relative(fromCache, moved === undefined ? resolved : join(REPO_ROOT, moved)).split('\\').join('/');
        return `${open}${again.startsWith('.') ? again : `./${again}`}${close}`;
      });
      writeFileSync(target, text);
    }
    // ES modules, as in the repository (a folder under node_modules is outside its package.json's "type").
    writeFileSync(join(fresh, 'package.json'), '{ "type": "module" }\n');
    try {
      renameSync(fresh, CACHE_DIR);
    } catch (error) {
      if (!isComplete()) throw error;
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

/** The cache folder holds the baseline (written whole: its package.json comes with the rename). */
function isComplete(): boolean {
  return existsSync(join(CACHE_DIR, 'package.json'));
}

let loading: Promise<FrozenBaseline> | undefined;

/** The frozen baseline, from the cache folder (written from git on first use). */
export function loadBaseline(): Promise<FrozenBaseline> {
  loading ??= (async () => {
    if (!isComplete()) {
      rmSync(CACHE_DIR, { recursive: true, force: true });
      materialise();
    }
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(join(CACHE_DIR, 'index.ts')).href)) as Record<string, unknown>;
    } catch (error) {
      // Most likely a name it imports from src/ was renamed or removed since.
      throw new Error(`the frozen baseline (${BASELINE_PATH} at ${BASELINE_REVISION.slice(0, 12)}, in ${CACHE_DIR}) does not load against the live src/: ${(error as Error).message}`, { cause: error });
    }
    const { baselineDecide, baselineIstanbulPolicy, baselineKairoPolicy } = module;
    if (typeof baselineDecide !== 'function' || typeof baselineIstanbulPolicy !== 'object' || typeof baselineKairoPolicy !== 'object') {
      throw new Error(`the frozen baseline at ${CACHE_DIR} does not export baselineDecide, baselineIstanbulPolicy and baselineKairoPolicy`);
    }
    return {
      istanbul: baselineIstanbulPolicy as FrozenPolicy,
      kairo: baselineKairoPolicy as FrozenPolicy,
      decide: baselineDecide as FrozenBaseline['decide'],
    };
  })();
  return loading;
}

/** For the benchmark scripts: the frozen baseline, or the one line that says why it cannot be read, and exit. */
export async function loadBaselineOrExit(): Promise<FrozenBaseline> {
  try {
    return await loadBaseline();
  } catch (error) {
    if (!(error instanceof BaselineUnavailable)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
