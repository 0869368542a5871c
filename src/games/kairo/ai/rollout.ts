/**
 * Kairo's rollout policy, and the greedy player of the benchmark with no noise: one ply on the seat's
 * worth, where a step that starts a build, a lead or a draw is valued after finishing that turn the plain
 * way (the first option of every later step), since points and coins arrive only when the turn completes.
 * An action whose turn meets chance (a reshuffle, a neutral stall drawn from the bag) is valued by its mean
 * over fresh chance, as `meanOverChance` takes it, which in Kairo is its value under any one draw
 * (`valueOverChance`).
 */
import { drawChance, rngMoved } from '../../../engine/ai/chance.js';
import { randomInt, type RngState, type Seat } from '../../../engine/index.js';
import { activeSeat, applyDecision, applyDecisionTo } from '../rules/index.js';
import type { KairoAction, KairoState } from '../types.js';
import { evaluateKairo, kairoBestOpponentWorth, kairoWinChance, kairoWorth } from './evaluate.js';

const MAX_CANDIDATES = 5;
const MAX_COMPLETION = 12;

/**
 * The state once `a` is played and the turn under way is finished with the first option of each step: one
 * copy of the state for the whole turn, each step's options taken from the step before.
 */
function playedOut(s: KairoState, a: KairoAction, seat: Seat): KairoState {
  // It stops at the next turn's choice, whose options it need not know.
  const { draft, options: first } = applyDecision(s, a, false, false);
  let options = first;
  for (let i = 0; i < MAX_COMPLETION; i++) {
    const state = draft.state;
    if (state.phase === 'over' || activeSeat(state) !== seat || state.pending.k === 'turn') break;
    const option = options[0];
    if (option === undefined) break;
    options = applyDecisionTo(draft, option, false);
  }
  return draft.state;
}

/**
 * `meanOverChance` of `value` after `a` is played out by `seat`, without playing it out again under each
 * fresh draw. Kairo's chance is the colour of a neutral stall drawn from the bag (start placement) and the
 * order of the draw pile (a reshuffle), and no value the rollout or the prior reads depends on it within a
 * played-out turn: after a neutral stall is drawn only neutral stalls follow until the first regular turn,
 * where the play-out stops; a card drawn mid-turn or discarded for the hand limit changes which cards a
 * hand holds, never how many, and the cards a build pays with were in hand before any draw; the display's
 * refill comes at the turn's end. A seat's worth reads points, coins, medals, criers, its stalls and the
 * number of its cards, and the end of the game (the final score) does not depend on the draw pile either.
 * So every fresh draw gives the value of the state's own draw, and the mean is that value summed as often
 * as `meanOverChance` sums it: the same number to the last bit (checked against meanOverChance on 64,469
 * values in the decision benchmark, 745 in 36 greedy games to the end, and the kairo and ai tests).
 */
function valueOverChance(s: KairoState, a: KairoAction, seat: Seat, value: (next: KairoState) => number, chance: readonly RngState[]): number {
  const after = playedOut(s, a, seat);
  const v = value(after);
  if (!rngMoved(s.rng, after.rng) || chance.length === 0) return v;
  let total = 0;
  for (let i = 0; i < chance.length; i++) total += v;
  return total / chance.length;
}

/** The value of one action for the acting seat; chance it meets is taken over the draws `chance`. */
export function kairoActionValue(s: KairoState, seat: Seat, a: KairoAction, chance: readonly RngState[]): number {
  const value = valueOverChance(s, a, seat, (next) => kairoWorth(next, seat), chance);
  // Passing ends the own game: only when nothing else is worth anything.
  return a.t === 'pass' ? value - 0.5 : value;
}

/**
 * The search's prior: each action's win chance after finishing the turn the plain way. A turn that ends the
 * game is worth its result: its worth is then the final score, which set against an opponent's worth in play
 * (medals and coins counted again) made a build that ends the game with the lead look like a loss.
 */
export function kairoPrior(s: KairoState, seat: Seat, legal: readonly KairoAction[], rng: RngState): number[] {
  const best = kairoBestOpponentWorth(s, seat);
  const chance = drawChance(rng);
  return legal.map((a) =>
    valueOverChance(
      s,
      a,
      seat,
      (next) => {
        if (next.phase === 'over') return evaluateKairo(next)[seat] as number;
        // Passing ends the own game: only when nothing else is worth anything.
        return kairoWinChance(kairoWorth(next, seat) - (a.t === 'pass' ? 0.5 : 0), best);
      },
      chance,
    ),
  );
}

/** Noise 0 is the benchmark's greedy player: it weighs every legal action; rollouts weigh a sample. */
export function kairoGreedyAction(s: KairoState, seat: Seat, legal: readonly KairoAction[], rng: RngState, noise: number): KairoAction {
  if (noise > 0 && randomInt(rng, 1000) < noise * 1000) return legal[randomInt(rng, legal.length)] as KairoAction;
  let candidates: readonly KairoAction[] = legal;
  if (noise > 0 && legal.length > MAX_CANDIDATES) {
    const pool = legal.slice();
    const picked: KairoAction[] = [];
    for (let i = 0; i < MAX_CANDIDATES; i++) picked.push(pool.splice(randomInt(rng, pool.length), 1)[0] as KairoAction);
    candidates = picked;
  }
  const chance = drawChance(rng);
  let best = candidates[0] as KairoAction;
  let bestValue = -Infinity;
  for (const a of candidates) {
    const v = kairoActionValue(s, seat, a, chance);
    if (v > bestValue) {
      bestValue = v;
      best = a;
    }
  }
  return best;
}
