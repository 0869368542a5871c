/**
 * Letters & Seals' tactical positions (letters-and-seals-positions.ts), at each level with five seeds at a
 * small budget: normal and hard find the move every time, easy plays a legal action; and the family member
 * card's step, weighed by the place action it opens, in the prior and the greedy rollout player. The same
 * positions at the levels' own budgets: test/bench/ai-tactics.ts.
 */
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../../src/engine/ai/index.js';
import { seedRng } from '../../../src/engine/index.js';
import { istanbulGreedyAction, istanbulPrior } from '../../../src/games/istanbul/ai/rollout.js';
import { istanbul } from '../../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../../src/games/istanbul/ai/index.js';
import { familyBesideGemstoneDealer, LETTERS_AND_SEALS_TACTICS } from './letters-and-seals-positions.js';
import { checkTactic } from './suite.js';

describe.each(LEVELS)('Letters & Seals tactics at %s', (level) => {
  it.each(LETTERS_AND_SEALS_TACTICS.map((t) => [t.name, t] as const))('%s', (_, tactic) => {
    checkTactic(istanbul, istanbulPolicy, tactic, level);
  });
});

describe('the family member card: its step is weighed by the place action it opens', () => {
  it('the prior puts that step above the steps to 22 and 1 and above every move of the merchant', () => {
    const s = familyBesideGemstoneDealer();
    const legal = istanbul.legalActions(s, 0);
    const prior = istanbulPrior(s, 0, legal, seedRng('family-prior'));
    const best = legal[prior.indexOf(Math.max(...prior))];
    expect(best).toEqual({ type: 'familyStep', to: 16 });
  });

  it('the greedy rollout player plays it', () => {
    const s = familyBesideGemstoneDealer();
    const legal = istanbul.legalActions(s, 0);
    expect(istanbulGreedyAction(s, 0, legal, seedRng('family-greedy'), 0)).toEqual({ type: 'familyStep', to: 16 });
  });
});
