/**
 * Istanbul (with Letters & Seals) as the bot hosts it: the rules (index.ts) in their GameModule, the
 * Discord presenter, the computer player and the board pictures. Registered in src/games/index.ts.
 */
import type { GamePlugin } from '../contract.js';
import { istanbulPolicy } from './ai/index.js';
import { istanbulModule } from './module.js';
import { istanbulPresenter } from './presenter/index.js';

export const istanbulGame: GamePlugin<'istanbul'> = {
  id: 'istanbul',
  module: istanbulModule,
  presenter: istanbulPresenter,
  policy: istanbulPolicy,
  // Canvas is loaded only where a picture is drawn.
  pictures: async () => (await import('./render/index.js')).istanbulPictures,
};
