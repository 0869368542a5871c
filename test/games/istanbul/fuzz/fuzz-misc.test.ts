/** More playout checks: uniform random play, purity of apply, checkpoints. */
import { describe, expect, it } from 'vitest';
import { copyRng, type Seat } from '../../../../src/engine/index.js';
import { istanbul, type IstanbulOptions } from '../../../../src/games/istanbul/index.js';
import { uniformPolicy } from '../../../harness/playout.js';
import { biasedPolicy } from '../policy.js';
import { runGame } from './run.js';

describe('istanbul playouts: purity and checkpoints', () => {
  it('uniformly random play also completes (3 and 4 players, one game each)', () => {
    for (let i = 0; i < 2; i++) runGame({ players: 3 + (i % 2), layout: 'random', neutralAssistants: i % 2 === 0 }, `uniform-${i}`, uniformPolicy);
  });

  it('apply never mutates its input; random reveals and hand-overs are checkpoints', () => {
    for (let g = 0; g < 6; g++) {
      const options: IstanbulOptions = { players: 2 + (g % 4), layout: 'random', neutralAssistants: g % 2 === 0 && g % 4 !== 3 };
      let state = istanbul.setup(options, `mut-${g}`);
      const rng = copyRng({ s: [g + 1, 2, 3, 4] });
      for (let i = 0; i < 5000 && !istanbul.isOver(state); i++) {
        const seat = istanbul.activeSeats(state)[0] as Seat;
        const legal = istanbul.legalActions(state, seat);
        const action = biasedPolicy(state, seat, legal, rng);
        const before = JSON.stringify(state);
        const result = istanbul.apply(deepFreeze(state), action, seat);
        expect(JSON.stringify(state)).toBe(before);
        const rngMoved = JSON.stringify(result.state.rng) !== JSON.stringify(state.rng);
        const handOver = istanbul.activeSeats(result.state)[0] !== seat;
        const drew = result.state.deck.length < state.deck.length;
        if (rngMoved || handOver || drew) expect(result.checkpoint).toBe(true);
        if (!result.checkpoint) {
          expect(rngMoved).toBe(false);
          expect(handOver).toBe(false);
        }
        state = result.state;
      }
    }
  });
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}
