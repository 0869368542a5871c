/**
 * Random-playout fuzz with Letters & Seals through the generic harness: the base game's invariants (money,
 * goods, assistants, rubies, cards, one decision owner) and the expansion's (letters and kiosk tiles
 * conserved, seals never negative, figures on the board), plus two checked across the steps: at most one
 * double move per player per round, and the Secret Society's bonus paid at most three times.
 */
import { expect } from 'vitest';
import type { Seat } from '../../../../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulOptions, type IstanbulState } from '../../../../../src/games/istanbul/index.js';
import { playout } from '../../../../harness/playout.js';
import { checkIstanbulInvariants, checkViews } from '../../invariants.js';
import { expansionPolicy } from '../policy.js';
import { fuzzGames } from '../../../../support/fuzz-scale.js';

/** Expansion games per player count: 40 in the suite (every combination of layout, cards and variant), FUZZ_SCALE times that in `npm run fuzz`. */
export const EXPANSION_GAMES_PER_COUNT = fuzzGames(40);
export const MAX_STEPS = 20_000;

/** Starter and random layouts, cards mixed (2 of 3) or new only, the neutral-assistant variant on some (2–4 players). */
export function expansionConfigs(players: number, games = EXPANSION_GAMES_PER_COUNT): IstanbulOptions[] {
  return Array.from({ length: games }, (_, i) => ({
    players,
    layout: i % 2 === 0 ? 'random' : 'starter',
    neutralAssistants: players <= 4 && i % 4 === 3,
    lettersAndSeals: { cards: i % 3 === 2 ? 'newOnly' : 'mixed' },
  }));
}

export interface ExpansionStats {
  steps: number;
  actions: Map<string, number>;
  events: Map<string, number>;
}

export function runExpansionGame(options: IstanbulOptions, seed: string, stats?: ExpansionStats): number {
  const doubleMoves = new Set<string>();
  let bonuses = 0;
  const result = playout<IstanbulState, IstanbulAction, IstanbulOptions>({
    def: istanbul,
    options,
    seed,
    maxSteps: MAX_STEPS,
    policy: expansionPolicy,
    // The JSON round trip is checked at every 25th step and at the end (below), not at every step: it costs
    // more than everything else here together.
    checkJsonRoundTrip: false,
    invariants: (state, ctx) => {
      checkIstanbulInvariants(state);
      if (ctx.stepIndex % 25 === 0 || istanbul.isOver(state)) {
        const json = JSON.stringify(state);
        if (JSON.stringify(JSON.parse(json)) !== json) throw new Error(`step ${ctx.stepIndex}: the state does not survive JSON`);
      }
      if (ctx.stepIndex % 50 === 0 || istanbul.isOver(state)) checkViews(state);
      const before = ctx.previous;
      for (const e of ctx.events) {
        if (e.key === 'istanbul.event.doubleMove') {
          const key = `${e.seat as Seat}:${before?.round ?? 0}`;
          if (doubleMoves.has(key)) throw new Error(`seat ${e.seat} made a second double move in round ${before?.round}`);
          doubleMoves.add(key);
          if (before?.turn.extra === true) throw new Error('a double move at the end of an extra turn');
        }
        if (e.key === 'istanbul.event.secretSocietyBonus') bonuses++;
        if (stats) stats.events.set(e.key, (stats.events.get(e.key) ?? 0) + 1);
      }
      if (bonuses > 3) throw new Error(`the Secret Society bonus was paid ${bonuses} times`);
      if (stats && ctx.lastAction) stats.actions.set(ctx.lastAction.action.type, (stats.actions.get(ctx.lastAction.action.type) ?? 0) + 1);
    },
  });
  expect(istanbul.isOver(result.final.state)).toBe(true);
  if (stats) stats.steps += result.steps;
  return result.steps;
}

export function runExpansionCount(players: number): ExpansionStats {
  const stats: ExpansionStats = { steps: 0, actions: new Map(), events: new Map() };
  expansionConfigs(players).forEach((options, i) => runExpansionGame(options, `ls-fuzz-${players}-${i}`, stats));
  return stats;
}
