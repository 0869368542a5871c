/**
 * One computer player's decision as plain data, for the AI worker: what crosses the thread boundary is the
 * seat's view, its legal actions, the level and the seed, and back comes the chosen action's index. The
 * same function runs in the worker and in-process (tests, tools), so both give the same answer.
 */
import { LEVELS, budgetFor, decideWithStats, greedyChoice, toSeatView, type Carry, type Level } from '../../engine/ai/index.js';
import type { Seat } from '../../engine/index.js';
import { GAMES } from '../../games/index.js';
import { reviewTurn, type TurnReview, type TurnReviewTask } from '../analysis/review.js';

export interface AiTask {
  /** The game's id; its policy is the registered game's (src/games/index.ts). */
  readonly game: string;
  /** The deciding seat's own view (`def.view(state, seat)`): checked again here. */
  readonly view: unknown;
  readonly legalActions: readonly unknown[];
  readonly level: Level;
  readonly seed: string;
  /** Safety net: stop searching after this many milliseconds (then the result depends on the machine). */
  readonly deadlineMs?: number;
  /** What the seat's previous decision of this turn handed on (used only if grown for this very view). */
  readonly carry?: Carry;
  /**
   * Set to non-zero by the pool when the decision is withdrawn (shared memory, read at every iteration):
   * the search stops there and its answer, marked `stopped`, is thrown away.
   */
  readonly stop?: Int32Array;
}

/**
 * The pool's first task for each worker: warm it up (warmUpAi). `stop` as a decision's: the pool sets it
 * when a decision is asked meanwhile, and the warm-up ends at its search's next check.
 */
export interface AiWarmUpTask {
  readonly warmUp: true;
  readonly stop?: Int32Array;
}

/**
 * A step of a finished game's analysis (src/app/analysis/review.ts), which the pool runs only in its idle
 * time: `stop` as a decision's, set when a live decision needs the worker; the step then ends at its next
 * check and answers `stopped`, to be run again later.
 */
export interface AiAnalysisTask {
  readonly analyse: TurnReviewTask;
  readonly stop?: Int32Array;
}

/** A step's answer: its review, or `stopped` (the pool took the worker back for a live decision). */
export type AnalysisAnswer = { readonly stopped: false; readonly review: TurnReview } | { readonly stopped: true };

/** Reviews one turn of a finished game with its game's definition and computer player. */
export function runAnalysisTask(task: AiAnalysisTask): AnalysisAnswer {
  const { game } = task.analyse;
  const policy = GAMES.policy(game);
  const plugin = GAMES.plugins.find((p) => p.id === game);
  if (policy === undefined || plugin === undefined) throw new Error(`no computer player for ${String(game)}`);
  const { stop } = task;
  const review = reviewTurn(plugin.module.definition, policy, task.analyse, stop === undefined ? undefined : () => Atomics.load(stop, 0) !== 0);
  return review === null ? { stopped: true } : { stopped: false, review };
}

export interface AiAnswer {
  /** Index into the task's legal actions. */
  readonly index: number;
  /** The chosen action's estimated chance to win for the seat, in [0, 1] (0 when there was no choice). */
  readonly value: number;
  readonly iterations: number;
  /** Each legal action's estimated chance to win, in the same order (null: the search never tried it), for coaching. */
  readonly values?: readonly (number | null)[];
  /** For the seat's next decision, when the view after this choice is certain. */
  readonly carry?: Carry;
  /** Visits this decision started with, carried from the previous one. */
  readonly carriedVisits?: number;
  /** The decision was withdrawn while it searched: the search stopped early, and nobody uses this answer. */
  readonly stopped?: true;
}

export function runAiTask(task: AiTask): AiAnswer {
  const policy = GAMES.policy(task.game);
  if (policy === undefined) throw new Error(`no computer player for ${String(task.game)}`);
  if (!LEVELS.includes(task.level)) throw new Error(`unknown level ${String(task.level)}`);
  const view = toSeatView(task.view, policy.viewRules);
  const budget = budgetFor(policy, task.level, view);
  const { deadlineMs, stop } = task;
  const end = deadlineMs === undefined ? Infinity : performance.now() + deadlineMs;
  const withdrawn = (): boolean => stop !== undefined && Atomics.load(stop, 0) !== 0;
  // Withdrawn before its worker took it up: not searched at all.
  if (withdrawn()) return { stopped: true, index: 0, value: 0, iterations: 0 };
  const shouldStop = deadlineMs === undefined && stop === undefined ? undefined : () => withdrawn() || performance.now() > end;
  const result = decideWithStats(policy, view, task.legalActions, shouldStop === undefined ? budget : { ...budget, shouldStop }, task.seed, task.carry);
  return {
    ...(withdrawn() ? { stopped: true as const } : {}),
    index: result.index,
    value: result.value,
    iterations: result.iterations,
    values: result.stats.map((s) => (s.visits > 0 ? s.value : null)),
    ...(result.carry === undefined ? {} : { carry: result.carry }),
    ...(result.carriedVisits === undefined ? {} : { carriedVisits: result.carriedVisits }),
  };
}

/**
 * The move when a decision's search cannot answer (it failed, or was given up): the game policy's greedy
 * one-ply choice from the seat's view (engine/ai/greedy.ts), made where it is asked, without a worker; the
 * first legal action for a game without a computer player. Deterministic for the seed.
 */
export function fallbackAiChoice(task: Pick<AiTask, 'game' | 'view' | 'legalActions' | 'seed'>): number {
  const policy = GAMES.policy(task.game);
  if (policy === undefined || task.legalActions.length <= 1) return 0;
  return greedyChoice(policy, toSeatView(task.view, policy.viewRules), task.legalActions, task.seed);
}

/** What a worker's warm-up did: the searches it made per game, and whether it was cut short. */
export interface WarmUpReport {
  readonly searches: Readonly<Record<string, number>>;
  readonly stopped: boolean;
}

/** The greedy moves a warm-up plays before its search: a decision of a game under way. */
const WARM_UP_MOVES = 12;
const WARM_UP_OPTIONS: readonly unknown[] = [{ players: 4 }];

/**
 * Warms a fresh worker: one search at hard's budget in every game with a computer player, in each variant
 * its policy names (GamePolicy.warmUpOptions), on a decision a few greedy moves into the game. A fresh worker's first decisions cost several times the
 * CPU of later ones (the engine's code compiled and optimised, the heap grown to a search's size), and only
 * searches of a real decision's size get it there: small ones leave the first decision as slow. `shouldStop` ends it early
 * (the pool stops it when a decision is asked meanwhile).
 */
export function warmUpAi(shouldStop: () => boolean = () => false): WarmUpReport {
  const searches: Record<string, number> = {};
  for (const plugin of GAMES.plugins) {
    const policy = GAMES.policy(plugin.id);
    if (policy === undefined) continue;
    const def = plugin.module.definition;
    let searched = 0;
    for (const [variant, raw] of (policy.warmUpOptions ?? WARM_UP_OPTIONS).entries()) {
      searches[plugin.id] = searched;
      if (shouldStop()) return { searches, stopped: true };
      const options = def.parseOptions(raw);
      if (!options.ok) throw new Error(`the warm-up options of ${plugin.id} are refused: ${options.error}`);
      let state: unknown = def.setup(options.options, `warm-up:${variant}`);
      for (let move = 0; !def.isOver(state); move++) {
        const seat = def.activeSeats(state)[0] as Seat;
        const legal = def.legalActions(state, seat) as readonly unknown[];
        const view = toSeatView(def.view(state, seat), policy.viewRules);
        if (move >= WARM_UP_MOVES && legal.length > 1) {
          decideWithStats(policy, view, legal, { ...budgetFor(policy, 'hard', view), shouldStop }, `warm-up:${move}`);
          searched++;
          break;
        }
        state = def.apply(state, legal[legal.length > 1 ? greedyChoice(policy, view, legal, `warm-up:${move}`) : 0], seat).state;
      }
    }
    searches[plugin.id] = searched;
  }
  return { searches, stopped: shouldStop() };
}
