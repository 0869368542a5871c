/** Random playouts, 4 players (one file per player count, so they can run in parallel). */
import { it } from 'vitest';
import { GAMES_PER_COUNT, fuzzPlayerCount } from './fuzz-runner.js';

it(`4 players: ${GAMES_PER_COUNT} random games end, keeping every invariant`, () => {
  fuzzPlayerCount(4);
}, 360_000);
