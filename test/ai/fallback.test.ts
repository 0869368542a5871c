/**
 * The move a computer plays when its search cannot answer (it failed, or was given up) is the game's greedy
 * one-ply choice from the seat's own view, not the first legal action: always one of the legal actions,
 * the same for the same seed, and it never sees more than the seat does.
 */
import { describe, expect, it } from 'vitest';
import { fallbackMove, type ComputerRequest } from '../../src/app/computer-turns.js';
import { drawChance } from '../../src/engine/ai/chance.js';
import { NotASeatViewError } from '../../src/engine/ai/index.js';
import { seedRng, type Seat } from '../../src/engine/index.js';
import { kairoActionValue } from '../../src/games/kairo/ai/rollout.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/types.js';
import { TABLES, decisionOf } from '../conformance/games.js';
import { reachState } from './games.js';

/** Every game with a computer player, with each expansion, at three seats. */
const AI_TABLES = TABLES.filter((table) => table.game.plugin.policy !== undefined && table.players === 3);

function request(def: { id: string; view(state: never, seat: Seat): unknown; legalActions(state: never, seat: Seat): readonly unknown[] }, state: unknown, seat: Seat, seed = 'fallback'): ComputerRequest {
  return { kind: def.id, seatView: def.view(state as never, seat), legal: def.legalActions(state as never, seat), level: 'hard', seed };
}

describe('the fallback move of a computer that could not decide', () => {
  it.each(AI_TABLES.map((table) => [table.name, table] as const))('%s: always one of the legal actions, the same for the same seed, from the view only', (_name, table) => {
    const { def } = table.game;
    for (const steps of [0, 15, 40, 90, 160]) {
      const { state, seat } = decisionOf(table, steps);
      const asked = request(def, state, seat);
      const index = fallbackMove(asked);
      expect(Number.isInteger(index)).toBe(true);
      expect(asked.legal[index]).toBeDefined();
      expect(fallbackMove(request(def, state, seat))).toBe(index);
      // A state is refused: the fallback sees what the seat sees, no more.
      expect(() => fallbackMove({ ...asked, seatView: state })).toThrow(NotASeatViewError);
    }
  });

  it('Letters & Seals: the auction\'s owner, outbid with 3 lira, takes the 3 lira rather than pay 4 for two cards (not the first legal action, the minimum bid)', () => {
    const top = (s: unknown): { k: string; stage?: string } | undefined => {
      const pending = (s as { pending: { k: string; stage?: string }[] }).pending;
      return pending[pending.length - 1];
    };
    const lira = (s: unknown, seat: Seat): number => (s as { players: { lira: number }[] }).players[seat]!.lira;
    const { def, state, seat: owner } = reachState('istanbul-ls', 2, 'auction-0', 0, (s, seat) => top(s)?.k === 'auction' && top(s)?.stage === 'open' && lira(s, 1 - seat) >= 3 && lira(s, seat) >= 5);
    const other = 1 - owner;
    // The owner opens at 1, the other player bids 3: the owner has the last word.
    const opened = def.apply(state, { type: 'auctionBid', amount: 1 }, owner).state;
    const outbid = def.apply(opened, { type: 'auctionBid', amount: 3 }, other).state;
    expect(top(outbid)).toMatchObject({ k: 'auction', stage: 'final' });
    const asked = request(def, outbid, owner);
    expect(asked.legal[0]).toEqual({ type: 'auctionBid', amount: 4 });
    expect(asked.legal[fallbackMove(asked)]).toEqual({ type: 'auctionPass' });
  });

  it('Kairo: at its turn the fallback builds what is worth most to it by the game\'s own one-ply measure, not the first option listed', () => {
    const { def, state, seat } = reachState('kairo', 3, 'kairo-fb-2', 40, (s) => (s as KairoState).phase === 'play' && (s as KairoState).pending.k === 'turn');
    const asked = request(def, state, seat);
    const index = fallbackMove(asked);
    expect(index).not.toBe(0);
    const legal = asked.legal as readonly KairoAction[];
    const chance = drawChance(seedRng('measure'));
    const value = (a: KairoAction): number => kairoActionValue(state as KairoState, seat, a, chance);
    expect(value(legal[index]!)).toBeGreaterThan(value(legal[0]!));
    expect(value(legal[index]!)).toBe(Math.max(...legal.map(value)));
  });
});
