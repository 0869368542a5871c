/** Tally for the game service: the lobby has no options; the target score is the test's. */
import type { GameModule } from '../../../src/games/contract.js';
import { makeTally } from './index.js';

export function tallyModule(options: { removeSeat: boolean; target?: number } = { removeSeat: false }): GameModule {
  const definition = makeTally(options);
  return {
    definition,
    layouts: [],
    variants: [],
    buildOptions: (_settings, players) => ({ players, target: options.target ?? 12 }),
  };
}
