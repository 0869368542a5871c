/**
 * What a game provides to the generic search (beside its rules): how to rebuild a full state from a seat's
 * view by sampling what the seat cannot see, how good a state is for each seat, and a cheap rollout policy.
 * The search never sees the real state: every state it touches comes out of `determinizer`.
 */
import type { GameDefinition, Seat } from '../definition.js';
import type { RngState } from '../rng.js';
import type { SeatViewRules } from './seat-view.js';

export type Level = 'easy' | 'normal' | 'hard';
export const LEVELS: readonly Level[] = ['easy', 'normal', 'hard'];

/** How much a decision may search. Iterations make it deterministic; `shouldStop` is only a safety net. */
export interface SearchBudget {
  /** Determinized tree-search iterations. */
  readonly iterations: number;
  /**
   * A cap on the search's work (moves applied plus actions weighed by the prior and the rollout policy,
   * search.ts): the decisions whose iterations cost most (long games ahead, many choices at every step)
   * stop there instead of running all their iterations. Deterministic, unlike a time limit, and close to
   * proportional to CPU, so it bounds a level's slowest decisions on every machine alike.
   */
  readonly maxWork?: number;
  /** Actions simulated by the rollout policy after the tree, before the evaluation. */
  readonly rolloutSteps: number;
  /** UCB exploration constant. */
  readonly exploration: number;
  /** Chance that the rollout policy plays a uniformly random action instead of its greedy choice. */
  readonly rolloutNoise: number;
  /**
   * Lets a seat convert a win within reach (default: off). A game not yet over is worth `unfinished` (< 1)
   * times its evaluation, and a game that ended is worth its value times `unfinished + (1 - unfinished) x
   * discount^moves` (moves from the decision to the end): any win is then worth more than any lead, however
   * safe, and a win sooner more than the same win later. Without it, a seat whose win chance had saturated saw
   * the same value after every move and put its winning move off (Istanbul, a game that ran thousands of moves).
   */
  readonly soonerWin?: { readonly unfinished: number; readonly discount: number };
  /** Weight of the policy's prior, in virtual visits (0: no prior). */
  readonly priorVisits?: number;
  /**
   * Safety net for a slow machine: asked every few iterations; true ends the search early (then the result
   * depends on the machine's speed). Never set in tests; the worker sets a wall-clock cap well above the
   * iterations' usual time.
   */
  readonly shouldStop?: () => boolean;
  /**
   * Stop as soon as the remaining iterations cannot change the choice (default true): the same choice at
   * less cost. False runs every iteration (the yardstick the tests compare against).
   */
  readonly stopWhenDecided?: boolean;
}

/** The pieces of a game's definition the search uses. */
export type SearchRules<S, A> = Pick<GameDefinition<S, A, unknown, unknown>, 'legalActions' | 'apply' | 'activeSeats' | 'isOver' | 'actionKey'>;

export interface GamePolicy<S, A, V> {
  /** The id of the game it plays (its definition's id). */
  readonly game: string;
  readonly rules: SearchRules<S, A>;
  readonly viewRules: SeatViewRules;
  /** The search budget of each level for this game (its rules' speed differs). */
  readonly budgets: Readonly<Record<Level, SearchBudget>>;
  /**
   * A level's budget for this view, where a game's variants differ in cost per move (Istanbul with Letters
   * & Seals); without it, `budgets[level]`.
   */
  budgetOf?(view: V, level: Level): SearchBudget;
  /**
   * The raw options (the rules' `parseOptions` input) of the games a fresh AI worker searches once to warm
   * up: the variants whose code differs (Istanbul's Letters & Seals); default 4 players.
   */
  readonly warmUpOptions?: readonly unknown[];
  /**
   * Whether the game's end is in sight from this view: every line of play ends it soon (Kairo's final
   * phase), so a result the search finds settled cannot be undone by playing on, and the search then plays
   * for the score (search.ts). Without it, or where it is false, the search plays for the win alone: far
   * ahead before the end is in sight, the greedy move may never end the game.
   */
  endInSight?(view: V): boolean;
  /**
   * The seat's view of a state (the game's `view(state, seat)`): lets a search tell whether the view after
   * its choice is certain (no hidden information or chance revealed), so the next decision of the same
   * seat can go on from that part of its tree (see search.ts, Carry). Without it nothing is carried.
   */
  readonly seatView?: (state: S, seat: Seat) => V;
  /**
   * Prepares the view once; the returned sampler builds a full state consistent with the view (hidden
   * cards, piles and the PRNG drawn from `rng`) on every call.
   */
  determinizer(view: V): (rng: RngState) => S;
  /**
   * The state with its chance drawn afresh from `rng`: its PRNG (dice, draws from the bag, reshuffles) and
   * the order of its face-down piles, which nobody knows. A copy: `state` is not changed. The search gives
   * every visit fresh chance this way, and the prior and the rollout policy weigh an action that meets
   * chance on such copies, never on the sample's own chance (which is what then happens): otherwise the
   * search would believe in the outcome it sampled (announce the sum the dice are about to show).
   */
  reseed(state: S, rng: RngState): S;
  /** Per seat, in [0, 1]: the estimated chance to win (1 or 0 once the game is over; a tie shares). */
  evaluate(state: S): readonly number[];
  /**
   * Optional heuristic prior of each legal action for the acting seat, in [0, 1] (like `evaluate`): a new
   * tree node starts with it as `priorVisits` virtual visits (progressive bias), so a small budget already
   * plays as well as the heuristic and a larger one corrects it. An action that meets chance is weighed
   * over chance drawn from `rng` (see `reseed`), never over the state's own.
   */
  prior?(state: S, seat: Seat, legal: readonly A[], rng: RngState): readonly number[];
  /**
   * The rollout policy: a quick, reasonable choice (greedy on the game's obvious score, with noise). Like
   * the prior, it weighs an action that meets chance over chance drawn from `rng`, never the state's own.
   */
  rolloutAction(state: S, seat: Seat, legal: readonly A[], rng: RngState, noise: number): A;
}
