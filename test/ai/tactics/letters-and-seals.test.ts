/**
 * Tactical positions of Istanbul with Letters & Seals, set up from the expansion's rules
 * for 2 players on the starter layout: seals converted into a ruby at the Secret Society, and the move there;
 * the family member card's step to a ruby. The hard computer player must find the move with each of three seeds.
 */
import { describe, expect, it } from 'vitest';
import { seedRng } from '../../../src/engine/index.js';
import { istanbulGreedyAction, istanbulPrior } from '../../../src/games/istanbul/ai/rollout.js';
import { istanbul, type IstanbulState } from '../../../src/games/istanbul/index.js';
import { buildLs, decide, giveCards, giveLetters, goods, placeMerchant, player } from '../../games/istanbul/expansion/builders.js';
import { arrive, hardChoices } from './istanbul-positions.js';

/**
 * A 2-player expansion game with empty wheelbarrows, seat 0 to move. Starter layout, rows from the top:
 *   16 15 22  3 10
 *    8  1  7 21  4
 *    2 23  6 12  9
 *   24 11  5 14 13
 */
function twoPlayers(): IstanbulState {
  const s = buildLs({ players: 2 });
  player(s, 0).goods = goods();
  player(s, 1).goods = goods();
  return s;
}

describe('Letters & Seals tactics: hard finds the move with 3 seeds of 3', () => {
  it('Secret Society: letters showing 6 seals buy the next ruby (and the first visitor gets 3 lira)', () => {
    const s = twoPlayers();
    giveLetters(s, 0, [1, true], [3, true], [4, true]);
    for (const a of hardChoices(arrive(s, 11, 24))) expect(a.type).toBe('secretSociety');
  });

  it('Move: with letters showing 6 seals, go to the Secret Society', () => {
    const s = decide(twoPlayers(), { k: 'move', seat: 0 });
    placeMerchant(s, 0, 5);
    giveLetters(s, 0, [1, true], [3, true], [4, true]);
    for (const a of hardChoices(s)) expect(a).toEqual({ type: 'move', to: 24 });
  });
});

/**
 * Seat 0 holds the family member card, its family member beside the Gemstone Dealer 16 (on 15) and 30 lira;
 * its merchant on 13 reaches nothing as good: only the card's step to 16 buys a ruby this turn.
 */
function familyBesideGemstoneDealer(): IstanbulState {
  const s = decide(twoPlayers(), { k: 'move', seat: 0 });
  placeMerchant(s, 0, 13);
  giveCards(s, 0, 'familyStep');
  player(s, 0).family = 15;
  player(s, 0).lira = 30;
  return s;
}

describe('the family member card: its step is weighed by the place action it opens', () => {
  it('hard steps the family member to the Gemstone Dealer with 3 seeds of 3', () => {
    for (const a of hardChoices(familyBesideGemstoneDealer())) expect(a).toEqual({ type: 'familyStep', to: 16 });
  });

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
