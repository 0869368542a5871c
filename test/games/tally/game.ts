/**
 * Tally as the bot hosts it, a game plugin like src/games/<game>/game.ts: the tests register it with
 * gameRegistry (alone, or beside BUILT_IN_GAMES). It has no computer player policy: the tests that seat
 * computers give the bot tallyComputer (ai/index.ts) instead of the AI pool.
 */
import type { GamePlugin } from '../../../src/games/contract.js';
import { tallyModule } from './module.js';
import { tallyPresenter } from './presenter/index.js';

export interface TallyGameOptions {
  /** Whether the rules can take a seat out of the game (the leave policies differ). */
  readonly removeSeat: boolean;
  /** The winning score (default 12). */
  readonly target?: number;
  /** Whether it draws a phone picture too (offers Phone view), as Istanbul and Kairo do. Default no. */
  readonly phonePicture?: boolean;
}

export function tallyGame(options: TallyGameOptions = { removeSeat: false }): GamePlugin<'tally'> {
  return {
    id: 'tally',
    module: tallyModule(options),
    presenter: (boards) => tallyPresenter(boards, { phonePicture: options.phonePicture === true }),
    pictures: async () => (await import('./render/index.js')).tallyPictures,
  };
}
