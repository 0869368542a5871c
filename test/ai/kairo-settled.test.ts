/**
 * Kairo's final phase: a seat may only build, and one that cannot or will not build is out of the game;
 * every build still scores. Once the winner is settled (the deciding seat wins, or loses, whatever it
 * builds), the computer still takes the points it can: it builds what scores most for it, and does not
 * pass while a build would score.
 */
import { describe, expect, it } from 'vitest';
import { runAiTask } from '../../src/app/workers/ai-task.js';
import { drawChance } from '../../src/engine/ai/chance.js';
import { seedRng, type Seat } from '../../src/engine/index.js';
import { kairoActionValue } from '../../src/games/kairo/ai/rollout.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/types.js';
import { reachState } from './games.js';

/** A final-phase turn of three players, reached by seeded play from the game's own setup. */
function finalTurn(seed: string): { state: KairoState; seat: Seat; view: unknown; legal: readonly KairoAction[] } {
  const { def, state, seat } = reachState('kairo', 3, seed, 100, (s) => (s as KairoState).phase === 'final' && (s as KairoState).pending.k === 'turn');
  return { state: state as KairoState, seat, view: def.view(state, seat), legal: def.legalActions(state, seat) as readonly KairoAction[] };
}

/** What each action scores for the seat once its turn is played out (the game's own one-ply measure). */
function scores(state: KairoState, seat: Seat, legal: readonly KairoAction[]): number[] {
  const chance = drawChance(seedRng('settled'));
  return legal.map((a) => kairoActionValue(state, seat, a, chance));
}

describe('Kairo: once the winner is settled, the computer still takes the points it can', () => {
  it.each([
    ['its win is settled', 'settled-31', (v: number) => v > 0.99],
    ['its loss is settled', 'settled-44', (v: number) => v < 0.01],
  ] as const)('%s: it builds for the most points, at normal and hard', (_, seed, settledValue) => {
    const { state, seat, view, legal } = finalTurn(seed);
    const worth = scores(state, seat, legal);
    const most = Math.max(...worth);
    // Not every choice scores alike here: there are points to give away.
    expect(Math.min(...worth)).toBeLessThan(most);
    for (const level of ['normal', 'hard'] as const) {
      const answer = runAiTask({ game: 'kairo', view, legalActions: legal, level, seed: `settled-${level}` });
      expect(settledValue(answer.value)).toBe(true);
      expect(legal[answer.index]).not.toEqual({ t: 'pass' });
      expect(worth[answer.index]).toBe(most);
    }
  });
});
