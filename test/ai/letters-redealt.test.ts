/**
 * Letters & Seals: the letter pile lies face down and its order is nobody's knowledge, so the computer
 * player's looks must not depend on it (nor on the order of the bonus cards and Kiosk tiles). The same states
 * with those piles dealt again (another hidden order, the same view for every seat) give the same prior, the same values in the rollout policy's look, the
 * same rollout choice and the same decision, for the same seed: a letter drawn (the Embassy, the Kiosk, the
 * courier) is weighed over letters drawn afresh, as a die is weighed over fresh rolls, never as the letter on
 * top of the pile.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, decideWithStats, toSeatView } from '../../src/engine/ai/index.js';
import { drawChance } from '../../src/engine/ai/chance.js';
import { seedRng, shuffle, type Seat } from '../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import { actionValue, istanbulGreedyAction, istanbulPrior } from '../../src/games/istanbul/ai/rollout.js';
import { reachState, SMALL } from './games.js';

/**
 * The state with its face-down piles in another order, dealt from `seed`: the letters, and the bonus cards and
 * Kiosk tiles too (a draw from them must look alike whatever their order).
 */
function redealt(s: IstanbulState, seed: string): IstanbulState {
  const ls = s.ls;
  if (ls === undefined) throw new Error('not a Letters & Seals game');
  const rng = seedRng(seed);
  return { ...s, deck: shuffle(rng, s.deck), ls: { ...ls, letterDeck: shuffle(rng, ls.letterDeck), kioskDeck: shuffle(rng, ls.kioskDeck) } };
}

/** What the computer's looks see in `s` for the seat to move, with fixed seeds. */
function looks(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[]) {
  const chance = drawChance(seedRng('looks:chance'));
  return {
    prior: istanbulPrior(s, seat, legal, seedRng('looks:prior')),
    values: legal.map((a) => actionValue(s, seat, a, chance)),
    rolloutChoice: istanbulGreedyAction(s, seat, legal, seedRng('looks:greedy'), 0),
  };
}

/** States of seeded play from the setup: one every few moves, each with a choice and letters left to draw. */
function states(players: number, count: number): { state: IstanbulState; seat: Seat }[] {
  return Array.from({ length: count }, (_, i) => {
    const { state, seat } = reachState('istanbul-ls', players, `letters-redealt-${players}-${i}`, 20 + 7 * i, (s) => ((s as IstanbulState).ls?.letterDeck.length ?? 0) > 1);
    return { state: state as IstanbulState, seat };
  });
}

describe('Letters & Seals: the order of the face-down piles changes nothing the computer sees', () => {
  it.each([2, 4])('%i players, 40 states of seeded play: the same prior, rollout values and choice with the letters, cards and tiles dealt again', (players) => {
    let drawsALetter = 0;
    for (const { state, seat } of states(players, 40)) {
      const legal = istanbul.legalActions(state, seat);
      const other = redealt(state, `redeal:${players}`);
      expect(other.ls?.letterDeck).not.toEqual(state.ls?.letterDeck);
      expect(canonicalJson(istanbul.view(other, seat))).toBe(canonicalJson(istanbul.view(state, seat)));
      expect(looks(other, seat, legal)).toEqual(looks(state, seat, legal));
      if (legal.some((a) => istanbul.apply(state, a, seat).state.ls?.letterDeck.length !== state.ls?.letterDeck.length)) drawsALetter++;
    }
    // The states include moves that draw a letter, where the pile's order could show.
    expect(drawsALetter).toBeGreaterThan(0);
  });

  it('the decision is the same for the same seed (the search sees the view only)', () => {
    for (const { state, seat } of states(2, 4)) {
      const legal = istanbul.legalActions(state, seat);
      const other = redealt(state, 'redeal:decision');
      const decision = (s: IstanbulState) => decideWithStats(istanbulPolicy, toSeatView(istanbul.view(s, seat), istanbulPolicy.viewRules), legal, SMALL, 'redealt');
      const [a, b] = [decision(state), decision(other)];
      expect(b.action).toEqual(a.action);
      expect(b.stats).toEqual(a.stats);
    }
  });
});
