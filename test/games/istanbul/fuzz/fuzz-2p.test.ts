import { describe, it } from 'vitest';
import { GAMES_PER_COUNT, runCount } from './run.js';

describe('istanbul random playouts, 2 players', () => {
  it(`${GAMES_PER_COUNT} complete games: every layout, the neutral-assistant variant on half, invariants at every step, replay`, () => {
    runCount(2);
  }, 540_000);
});
