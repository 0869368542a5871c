/**
 * The greedy one-ply choice: the game's rollout policy without noise (its obvious score after each legal
 * action, chance taken over fresh draws) on one sample of what the seat cannot see. No search, so it costs
 * what the policy's look at each legal action costs. It is the move played when a search cannot answer (it
 * failed or was given up), and the search's choice where every action it tried ends alike (search.ts).
 */
import type { Seat } from '../definition.js';
import { seedRng, type RngState } from '../rng.js';
import type { GamePolicy } from './policy.js';
import { seatOfView, toSeatView, type SeatView } from './seat-view.js';

/** The index in `legal` of the rollout policy's noiseless choice for `seat` in `state` (a sample). */
export function greedyIndexIn<S, A, V>(policy: GamePolicy<S, A, V>, state: S, seat: Seat, legal: readonly A[], rng: RngState): number {
  if (legal.length <= 1) return 0;
  const chosen = policy.rolloutAction(state, seat, legal, rng, 0);
  const index = legal.indexOf(chosen);
  if (index !== -1) return index;
  const key = policy.rules.actionKey(chosen);
  return Math.max(0, legal.findIndex((a) => policy.rules.actionKey(a) === key));
}

/**
 * The greedy one-ply choice from the seat's view (never the state): deterministic for the seed, always an
 * index into `legal`.
 */
export function greedyChoice<S, A, V>(policy: GamePolicy<S, A, V>, view: SeatView<V>, legal: readonly A[], seed: string): number {
  toSeatView(view, policy.viewRules);
  if (legal.length <= 1) return 0;
  const rng = seedRng(`ai:${policy.game}:${seed}:greedy`);
  const sample = policy.reseed(policy.determinizer(view)(rng), rng);
  return greedyIndexIn(policy, sample, seatOfView(view), legal, rng);
}
