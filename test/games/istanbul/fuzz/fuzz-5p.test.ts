import { describe, it } from 'vitest';
import { GAMES_PER_COUNT, runCount } from './run.js';

describe('istanbul random playouts, 5 players', () => {
  it(`${GAMES_PER_COUNT} complete games: every layout, invariants at every step, replay`, () => {
    runCount(5);
  }, 540_000);
});
