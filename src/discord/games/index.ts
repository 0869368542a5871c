/** The games' presenters. A new game adds its GamePresenter here (and its GameModule in src/app/games). */
import type { BoardRenderer } from '../../render/board-job.js';
import type { GamePresenter, PresenterRegistry } from './presenter.js';
import { istanbulPresenter } from './istanbul.js';
import { kairoPresenter } from './kairo.js';

/** The presenters, drawing their board pictures with `boards` (the render pool in the bot). */
export function gamePresenters(boards: BoardRenderer): PresenterRegistry {
  return new Map<string, GamePresenter>([
    ['istanbul', istanbulPresenter(boards)],
    ['kairo', kairoPresenter(boards)],
  ]);
}
