/**
 * A search stops when its choice is decided: the choice is the most visited action and
 * an iteration adds one visit, so once the leader is ahead by more visits than iterations remain, the rest
 * cannot change it. Stopping there must choose exactly what the whole budget chooses, in every game.
 */
import { describe, expect, it } from 'vitest';
import { decideWithStats, toSeatView, type GamePolicy } from '../../src/engine/ai/index.js';
import { TABLES, decisionOf, type Table } from '../conformance/games.js';

/** Every game with a computer player, with each expansion: its tables of two, three and four seats (those it has). */
const AI_GAMES = [...new Set(TABLES.filter((table) => table.game.plugin.policy !== undefined).map((table) => `${table.game.id}|${table.settings.expansion}`))].map((key) =>
  TABLES.filter((table) => `${table.game.id}|${table.settings.expansion}` === key && table.players <= 4),
);

describe('a search stops once the remaining iterations cannot change its choice', () => {
  for (const tables of AI_GAMES) {
    const first = tables[0] as Table;
    it(`${first.game.id}${first.settings.expansion === null ? '' : `, ${first.settings.expansion}`}: the same choices as running every iteration, in fewer iterations`, () => {
      const policy = first.game.plugin.policy as GamePolicy<unknown, unknown, unknown>;
      const { def } = first.game;
      // Enough iterations for a leader to stand out where the values sit close together (Kairo's do).
      const budget = { ...policy.budgets.normal, iterations: 240 };
      let early = 0;
      let full = 0;
      // Positions until one of them stopped early (every one compared on the way), at most six.
      for (const [i, steps] of [8, 40, 70, 100, 130, 160].entries()) {
        if (early < full) break;
        // Decisions among a few actions, where one often stands out (among many, visits spread thin).
        const { state, seat } = decisionOf(tables[i % tables.length] as Table, steps, (_s, _seat, legal) => legal.length <= 6);
        const view = toSeatView(def.view(state, seat), policy.viewRules);
        const legal = def.legalActions(state, seat) as readonly unknown[];
        const stopped = decideWithStats(policy, view, legal, budget, `seed-${i}`);
        const everyIteration = decideWithStats(policy, view, legal, { ...budget, stopWhenDecided: false }, `seed-${i}`);
        expect(stopped.index).toBe(everyIteration.index);
        expect(everyIteration.iterations).toBe(budget.iterations);
        early += stopped.iterations;
        full += everyIteration.iterations;
      }
      expect(early).toBeLessThan(full);
    });
  }
});
