/** The games' presenters. A new game adds its GamePresenter here (and its GameModule in src/app/games). */
import type { GamePresenter, PresenterRegistry } from './presenter.js';
import { istanbulPresenter } from './istanbul.js';
import { kairoPresenter } from './kairo.js';

export function gamePresenters(): PresenterRegistry {
  return new Map<string, GamePresenter>([
    ['istanbul', istanbulPresenter],
    ['kairo', kairoPresenter],
  ]);
}
