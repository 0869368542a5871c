/**
 * Each seat's chance to win from a position, for the analysis of a game that has ended: the mean of the
 * game's evaluation at the end of rollouts played from the position with the game's own rollout policy,
 * the same leaf the search backs up. It takes a full state (a game over hides nothing any more), but never
 * the state's own chance: every rollout deals dice and face-down piles afresh (`policy.reseed`), so the
 * estimate does not know how the game went on.
 */
import { seedRng } from '../rng.js';
import type { GamePolicy } from './policy.js';

export interface RolloutBudget {
  /** Rollouts averaged. */
  readonly rollouts: number;
  /** Actions each rollout plays before the evaluation (fewer where the game ends). */
  readonly rolloutSteps: number;
  /** The rollout policy's noise (as SearchBudget.rolloutNoise). */
  readonly rolloutNoise: number;
}

/** Per seat, in [0, 1]: the mean evaluation after `budget.rollouts` rollouts from `state`; deterministic for the seed. */
export function winChances<S, A, V>(policy: GamePolicy<S, A, V>, state: S, budget: RolloutBudget, seed: string): number[] {
  const { rules } = policy;
  if (rules.isOver(state)) return [...policy.evaluate(state)];
  const sums: number[] = [];
  for (let r = 0; r < budget.rollouts; r++) {
    const rng = seedRng(`analysis:${policy.game}:${seed}:${r}`);
    let current = policy.reseed(state, rng);
    for (let step = 0; step < budget.rolloutSteps && !rules.isOver(current); step++) {
      const actor = rules.activeSeats(current)[0];
      if (actor === undefined) break;
      const legal = rules.legalActions(current, actor);
      if (legal.length === 0) break;
      const action = legal.length === 1 ? (legal[0] as A) : policy.rolloutAction(current, actor, legal, rng, budget.rolloutNoise);
      current = rules.apply(current, action, actor).state;
    }
    policy.evaluate(current).forEach((value, seat) => {
      sums[seat] = (sums[seat] ?? 0) + value;
    });
  }
  return sums.map((sum) => sum / budget.rollouts);
}
