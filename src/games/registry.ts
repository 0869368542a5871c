/**
 * The games a bot hosts, from their plugins: every per-game lookup (the game service's modules, the
 * presenters, the AI worker's policies, the render worker's pictures) comes from here, so a game is added
 * in one place (src/games/index.ts; the tests add their toy game the same way).
 */
import type { GamePolicy } from '../engine/ai/index.js';
import type { BoardPictures, BoardRenderer, PictureSource } from '../render/board-job.js';
import type { GamePlugin, GamePresenter, ModuleRegistry, PresenterRegistry } from './contract.js';

export interface GameRegistry<Id extends string = string> extends PictureSource {
  /** The plugins in the order given (the order `/game new` lists the games in). */
  readonly plugins: readonly GamePlugin<Id>[];
  /** The games' modules by id, for the game service. */
  readonly modules: ModuleRegistry;
  /** The games' presenters by id, drawing their pictures with `boards`. */
  presenters(boards: BoardRenderer): PresenterRegistry;
  /** The computer player's policy of a game, if it has one. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  policy(game: string): GamePolicy<any, any, any> | undefined;
  /** A game's board pictures (loaded on first use); rejects for a game not registered. */
  pictures(game: string): Promise<BoardPictures>;
}

export function gameRegistry<const Plugins extends readonly GamePlugin[]>(plugins: Plugins): GameRegistry<Plugins[number]['id']> {
  const byId = new Map<string, GamePlugin>();
  for (const plugin of plugins) {
    // 'chart' is the board job of the end-of-game chart, common to all games.
    if (plugin.id === 'chart') throw new Error('"chart" is not a game id');
    if (byId.has(plugin.id)) throw new Error(`the game ${plugin.id} is registered twice`);
    // The id names the game everywhere (stored rows, board jobs, AI tasks): the plugin and its rules agree.
    if (plugin.module.definition.id !== plugin.id) throw new Error(`the game ${plugin.id} has the rules of ${plugin.module.definition.id}`);
    byId.set(plugin.id, plugin);
  }
  const modules: ModuleRegistry = new Map([...byId].map(([id, plugin]) => [id, plugin.module]));
  return {
    plugins: [...plugins],
    modules,
    presenters: (boards) => new Map([...byId].map(([id, plugin]): [string, GamePresenter] => [id, plugin.presenter(boards)])),
    policy: (game) => byId.get(game)?.policy,
    pictures(game) {
      const plugin = byId.get(game);
      return plugin === undefined ? Promise.reject(new TypeError(`no renderer for the game ${game}`)) : plugin.pictures();
    },
  };
}
