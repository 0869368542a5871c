/**
 * Kairo as the bot hosts it: the rules (index.ts) in their GameModule, the Discord presenter, the
 * computer player and the board pictures. Registered in src/games/index.ts.
 */
import type { GamePlugin } from '../contract.js';
import { kairoPolicy } from './ai/index.js';
import { kairoModule } from './module.js';
import { kairoPresenter } from './presenter/index.js';

export const kairoGame: GamePlugin<'kairo'> = {
  id: 'kairo',
  module: kairoModule,
  presenter: kairoPresenter,
  policy: kairoPolicy,
  // Canvas is loaded only where a picture is drawn.
  pictures: async () => (await import('./render/index.js')).kairoPictures,
};
