/**
 * Kairo's rollout policy, and the greedy player of the benchmark with no noise: one ply on the seat's
 * worth, where a step that starts a build, a lead or a draw is valued after finishing that turn the plain
 * way (the first option of every later step), since points and coins arrive only when the turn completes.
 */
import { randomInt, type RngState, type Seat } from '../../../engine/index.js';
import { activeSeat, applyDecision, decisionOptions } from '../rules.js';
import type { KairoAction, KairoState } from '../types.js';
import { kairoBestOpponentWorth, kairoWinChance, kairoWorth } from './evaluate.js';

const MAX_CANDIDATES = 5;
const MAX_COMPLETION = 12;

function after(s: KairoState, a: KairoAction): KairoState {
  return applyDecision(s, a).draft.state;
}

/** The seat's worth once the turn under way is finished with the first option of each step. */
function completedWorth(s: KairoState, seat: Seat): number {
  let state = s;
  for (let i = 0; i < MAX_COMPLETION; i++) {
    if (state.phase === 'over' || activeSeat(state) !== seat || state.pending.k === 'turn') break;
    const options = decisionOptions(state);
    const first = options[0];
    if (first === undefined) break;
    state = after(state, first);
  }
  return kairoWorth(state, seat);
}

export function kairoActionValue(s: KairoState, seat: Seat, a: KairoAction): number {
  const value = completedWorth(after(s, a), seat);
  // Passing ends the own game: only when nothing else is worth anything.
  return a.t === 'pass' ? value - 0.5 : value;
}

/** The search's prior: each action's win chance after finishing the turn the plain way. */
export function kairoPrior(s: KairoState, seat: Seat, legal: readonly KairoAction[]): number[] {
  const best = kairoBestOpponentWorth(s, seat);
  return legal.map((a) => kairoWinChance(kairoActionValue(s, seat, a), best));
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
  let best = candidates[0] as KairoAction;
  let bestValue = -Infinity;
  for (const a of candidates) {
    const v = kairoActionValue(s, seat, a);
    if (v > bestValue) {
      bestValue = v;
      best = a;
    }
  }
  return best;
}
