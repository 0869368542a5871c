/**
 * The game registry (src/games/registry.ts): built from plugins, the one place the bot looks a game up,
 * for the built-in games and for the tests' Tally alike.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_GAMES, GAMES } from '../../src/games/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { checkPng } from '../fake-discord/png.js';
import { tallyGame } from './tally/game.js';

describe('the game registry', () => {
  it('lists the built-in games in order, each with its module, presenter, policy and pictures', async () => {
    expect(GAMES.plugins.map((game) => game.id)).toEqual(['istanbul', 'kairo']);
    expect([...GAMES.modules.keys()]).toEqual(['istanbul', 'kairo']);
    const presenters = GAMES.presenters(inProcessBoardRenderer(GAMES));
    for (const game of GAMES.plugins) {
      expect(presenters.get(game.id)?.kind).toBe(game.id);
      expect(GAMES.policy(game.id)?.game).toBe(game.id);
      const pictures = await GAMES.pictures(game.id);
      expect(typeof pictures.board).toBe('function');
      expect(typeof pictures.phone).toBe('function');
    }
  });

  it('takes a game of the tests the same way: Tally beside the built-in games, its picture drawn through the registry', async () => {
    const games = gameRegistry([...BUILT_IN_GAMES, tallyGame()]);
    expect([...games.modules.keys()]).toEqual(['istanbul', 'kairo', 'tally']);
    expect(games.policy('tally')).toBeUndefined();
    const presenter = games.presenters(inProcessBoardRenderer(games)).get('tally');
    const png = await presenter?.renderBoard({ scores: [0, 0], handSizes: [0, 0], turn: 0 }, { locale: 'en', names: ['A', 'B'] });
    expect(checkPng(png as Buffer)).toEqual({ ok: true, width: 48, height: 32 });
    // GAMES itself is unchanged: the bot hosts only the built-in games.
    await expect(GAMES.pictures('tally')).rejects.toThrow('no renderer for the game tally');
  });

  it('refuses a game registered twice, a plugin whose rules are another game, and the chart job name', () => {
    expect(() => gameRegistry([tallyGame(), tallyGame()])).toThrow('registered twice');
    const kairoRules = { ...tallyGame(), module: GAMES.modules.get('kairo')! };
    expect(() => gameRegistry([kairoRules])).toThrow('the game tally has the rules of kairo');
    const chart = { ...tallyGame(), id: 'chart' as const };
    expect(() => gameRegistry([chart])).toThrow('"chart" is not a game id');
  });
});
