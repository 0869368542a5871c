/**
 * A game's computer player, asked on a tiny search budget from a seat's view alone, answers with one of
 * the legal actions wherever a seeded game goes: at every decision at the fewest seats (with each
 * expansion), at every tenth at the others; the same seed gives the same answer. (A game
 * without a policy has no computer players: the toy game's tests seat a scripted one.)
 */
import { describe, expect, it } from 'vitest';
import { decide, toSeatView } from '../../src/engine/ai/index.js';
import { seedRng } from '../../src/engine/index.js';
import { TINY } from '../ai/games.js';
import { SPREAD_TABLES, TABLES, playedGame, withOtherPrng } from './games.js';

const WITH_POLICY = TABLES.filter((table) => table.game.plugin.policy !== undefined);

describe.each(WITH_POLICY.map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def } = table.game;
  const policy = table.game.plugin.policy!;

  const every = table.players === table.game.def.players.min ? 1 : 10;

  it(`the computer player answers legally at every ${every === 1 ? '' : `${every}th `}decision of a seeded game, the same for the same seed`, () => {
    const game = playedGame(table);
    let asked = 0;
    game.steps.forEach(({ seat }, index) => {
      if (index % every !== 0) return;
      const state = game.states[index];
      const legal = def.legalActions(state, seat);
      const view = toSeatView(def.view(state, seat), policy.viewRules);
      const seed = `${table.name}:${index}`;
      const chosen = decide(policy, view, legal, TINY, seed);
      expect(legal, `decision ${index}`).toContain(chosen);
      if (asked % 20 === 0) expect(decide(policy, view, legal, TINY, seed), `decision ${index} again`).toEqual(chosen);
      asked++;
    });
    expect(asked).toBeGreaterThan(every === 1 ? 50 : 5);
  });
});

/**
 * No clairvoyance of chance: the sampled state's PRNG already fixes the dice and the draws, so the prior
 * and the rollout policy weigh an action that meets chance over draws of their own: they give the same
 * answer whatever PRNG the state holds.
 */
describe.each(SPREAD_TABLES.filter((table) => table.game.plugin.policy !== undefined).map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def } = table.game;
  const policy = table.game.plugin.policy!;

  it("the prior and the rollout policy ignore the state PRNG, in every third state of a seeded game's first 400", () => {
    const game = playedGame(table);
    let checked = 0;
    game.steps.forEach(({ seat }, index) => {
      const state = game.states[index];
      const legal = def.legalActions(state, seat);
      if (legal.length < 2 || index % 3 !== 0 || index > 400) return;
      const other = withOtherPrng(state, `other:${index}`);
      if (policy.prior !== undefined) expect(policy.prior(other, seat, legal, seedRng('p')), `prior at ${index}`).toEqual(policy.prior(state, seat, legal, seedRng('p')));
      expect(policy.rolloutAction(other, seat, legal, seedRng('g'), 0.1), `rollout at ${index}`).toEqual(policy.rolloutAction(state, seat, legal, seedRng('g'), 0.1));
      checked++;
    });
    expect(checked).toBeGreaterThan(40);
  });
});

/**
 * The determinizer rebuilds a full state that the seat cannot tell from the real one: its view of the
 * sample equals its view of the game, and its legal actions are the same.
 */
describe.each(SPREAD_TABLES.filter((table) => table.game.plugin.policy !== undefined).map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def } = table.game;
  const policy = table.game.plugin.policy!;

  it("the determinizer's samples are indistinguishable for every seat, in every sixth state of a seeded game's first 600", () => {
    const game = playedGame(table);
    const rng = seedRng(`determinize:${table.name}`);
    let checked = 0;
    game.steps.forEach(({ seat: active }, index) => {
      if (index % 6 !== 0 || index >= 600) return;
      const state = game.states[index];
      for (let seat = 0; seat < table.players; seat++) {
        const view = def.view(state, seat);
        const sample = policy.determinizer(view)(rng);
        expect(def.view(sample, seat), `state ${index}, seat ${seat}`).toEqual(view);
        if (seat === active) expect(def.legalActions(sample, seat).map(def.actionKey), `state ${index}`).toEqual(def.legalActions(state, seat).map(def.actionKey));
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(40);
  });
});
