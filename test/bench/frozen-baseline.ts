/**
 * The benchmark's frozen baseline: the computer players as they stood at a fixed revision (the search,
 * evaluation, rollout policy and determinizers of src/engine/ai and each game's ai/ folder), the yardstick
 * a new search is measured against at the same CPU per decision. It is not kept as source in the working
 * tree (search and renames would walk through it): its files are read from git at the revision below,
 * written to a cache folder under node_modules/.cache in the same layout, and imported from there. Their
 * imports of the rest of src/ (the rules, views, data, the PRNG) are pointed at the live code: the rules are
 * shared, the player is frozen. So the names it imports from there are its contract with the live code.
 *
 * The revision is main as it stood before the computer players learnt to take a win within reach, to weigh
 * a letter draw over fresh deals and to bound Kairo's placements by CPU (the hard level then: carried trees,
 * early stops, work caps, 20-step Istanbul rollouts). The baseline before it (the search before carried trees)
 * is in the history of this file.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The commit whose computer players are the frozen baseline. */
export const BASELINE_REVISION = '5f0be26754a3dae0945024564cad88da23cb0d12';
/** The folders of that commit that hold them: copied whole, in their layout. */
const BASELINE_PATHS = ['src/engine/ai', 'src/games/istanbul/ai', 'src/games/kairo/ai'] as const;

/**
 * Modules of src/ that moved since that revision, from where the baseline imports them to where they are
 * now (their exported names stayed): its imports are pointed at the new place.
 */
const MOVED: Readonly<Record<string, string>> = {
  'src/games/istanbul/apply.js': 'src/games/istanbul/rules/apply.js',
  'src/games/istanbul/buildView.js': 'src/games/istanbul/view/build.js',
  'src/games/istanbul/data/lettersAndSeals.js': 'src/games/istanbul/data/letters-and-seals.js',
  'src/games/istanbul/legal.js': 'src/games/istanbul/rules/legal.js',
  'src/games/istanbul/scoring.js': 'src/games/istanbul/rules/scoring.js',
  'src/games/istanbul/turn.js': 'src/games/istanbul/rules/turn.js',
  'src/games/istanbul/tx.js': 'src/games/istanbul/rules/draft.js',
  'src/games/istanbul/view-fields.js': 'src/games/istanbul/view/fields.js',
  'src/games/istanbul/view.js': 'src/games/istanbul/view/types.js',
  'src/games/kairo/view-fields.js': 'src/games/kairo/view/fields.js',
  'src/games/kairo/view.js': 'src/games/kairo/view/build.js',
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

/** A level's budget, as the benchmark handles it: its iterations replaced, a CPU stop added. */
export interface FrozenBudget {
  readonly iterations: number;
  readonly shouldStop?: () => boolean;
}

/** A game's frozen policy, as the benchmark handles it: passed back to the baseline's functions. */
export interface FrozenPolicy {
  readonly game: string;
}

/** What a seat's previous decision hands on to its next (the baseline's own tree; opaque here). */
export type FrozenCarry = unknown;

export interface FrozenSearchResult {
  readonly index: number;
  readonly value: number;
  readonly iterations: number;
  readonly work?: number;
  readonly carry?: FrozenCarry;
  readonly carriedVisits?: number;
}

export interface FrozenBaseline {
  readonly istanbul: FrozenPolicy;
  readonly kairo: FrozenPolicy;
  /** The baseline's budget for a level at this view (its own `budgetFor`: the work caps per kind of decision). */
  budgetFor(policy: FrozenPolicy, level: 'hard', view: unknown): FrozenBudget;
  /** The baseline's decision from a seat's view (checked by its own `toSeatView`), going on from its carried tree. */
  decide(policy: FrozenPolicy, view: unknown, legal: readonly unknown[], budget: FrozenBudget, seed: string, carry?: FrozenCarry): FrozenSearchResult;
}

/** The module written beside the copied folders: the baseline's door, in the names the benchmark reads. */
const ENTRY = `import { budgetFor, decideWithStats, toSeatView } from './src/engine/ai/index.js';
import { istanbulPolicy } from './src/games/istanbul/ai/index.js';
import { kairoPolicy } from './src/games/kairo/ai/index.js';

export const baselineIstanbulPolicy = istanbulPolicy;
export const baselineKairoPolicy = kairoPolicy;
export function baselineBudgetFor(policy: any, level: any, view: any) {
  return budgetFor(policy, level, view);
}
export function baselineDecide(policy: any, view: any, legal: any, budget: any, seed: string, carry: any) {
  return decideWithStats(policy, toSeatView(view, policy.viewRules), legal, budget, seed, carry);
}
`;

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

/**
 * Writes the baseline's files from git into a fresh folder beside the cache folder, then moves it into
 * place in one rename (several benchmark processes may do this at once: the first rename wins).
 */
function materialise(): void {
  if (!hasRevision()) {
    throw new BaselineUnavailable(
      `The AI benchmark's frozen baseline is read from git revision ${BASELINE_REVISION.slice(0, 12)}, which this checkout lacks (a shallow clone, or no git history): run \`git fetch --unshallow\` and try again.`,
    );
  }
  const parent = dirname(CACHE_DIR);
  mkdirSync(parent, { recursive: true });
  const fresh = mkdtempSync(join(parent, 'writing-'));
  try {
    const names = git(['ls-tree', '-r', '--name-only', BASELINE_REVISION, '--', ...BASELINE_PATHS]).toString().split('\n').filter((n) => n.endsWith('.ts'));
    if (names.length === 0) throw new Error(`${BASELINE_PATHS.join(', ')} are empty at ${BASELINE_REVISION}`);
    for (const name of names) {
      const target = join(fresh, name);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, pointedAtLiveCode(name, git(['show', `${BASELINE_REVISION}:${name}`]).toString()));
    }
    writeFileSync(join(fresh, 'index.ts'), ENTRY);
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

/**
 * A copied file's relative imports: one inside the copied folders stays as it is (the layout is the same);
 * one out of them is pointed at the live code (where it moved, if it did), from the cache folder.
 */
function pointedAtLiveCode(name: string, text: string): string {
  const fromOriginal = dirname(join(REPO_ROOT, name));
  const fromCache = dirname(join(CACHE_DIR, name));
  return text.replace(/(from\s+')(\.[^']*)(')/g, (whole, open: string, spec: string, close: string) => {
    const resolved = relative(REPO_ROOT, join(fromOriginal, spec)).split('\\').join('/');
    if (BASELINE_PATHS.some((path) => resolved.startsWith(`${path}/`))) return whole;
    const live = join(REPO_ROOT, MOVED[resolved] ?? resolved);
    const again = relative(fromCache, live).split('\\').join('/');
    return `${open}${again.startsWith('.') ? again : `./${again}`}${close}`;
  });
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
      throw new Error(`the frozen baseline (${BASELINE_REVISION.slice(0, 12)}, in ${CACHE_DIR}) does not load against the live src/: ${(error as Error).message}`, { cause: error });
    }
    const { baselineDecide, baselineBudgetFor, baselineIstanbulPolicy, baselineKairoPolicy } = module;
    if (typeof baselineDecide !== 'function' || typeof baselineBudgetFor !== 'function' || typeof baselineIstanbulPolicy !== 'object' || typeof baselineKairoPolicy !== 'object') {
      throw new Error(`the frozen baseline at ${CACHE_DIR} does not export baselineDecide, baselineBudgetFor, baselineIstanbulPolicy and baselineKairoPolicy`);
    }
    return {
      istanbul: baselineIstanbulPolicy as FrozenPolicy,
      kairo: baselineKairoPolicy as FrozenPolicy,
      budgetFor: baselineBudgetFor as FrozenBaseline['budgetFor'],
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
