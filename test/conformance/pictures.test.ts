/**
 * A game's pictures draw from its public view wherever a game goes: the board picture and, where the game
 * has one, the phone picture, at the start, in the middle and at the end (the winner marked), through its
 * presenter and the board renderer the bot draws with.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/index.js';
import type { RenderOptions } from '../../src/games/contract.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { checkPng } from '../fake-discord/png.js';
import { CONFORMANCE_GAMES, FULLEST_TABLES, playedGame, sampledStates } from './games.js';

const PRESENTERS = CONFORMANCE_GAMES.presenters(inProcessBoardRenderer(CONFORMANCE_GAMES));
const NAMES = ['Ana', 'Bo', 'Cem', 'Dita', 'Eef', 'Fay'];

describe.each(FULLEST_TABLES.map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def } = table.game;
  const presenter = PRESENTERS.get(table.game.id)!;

  it('the board and phone pictures draw at the start, in the middle and at the end', async () => {
    const game = playedGame(table);
    const last = game.states.length - 1;
    for (const { index, state } of sampledStates(game, 3)) {
      const lastTurn: GameEvent[] = index === 0 ? [] : (game.steps[index - 1]?.events ?? []).filter((event) => event.visibleTo === undefined);
      const options: RenderOptions = {
        locale: (['en', 'de', 'nl'] as const)[index % 3]!,
        names: NAMES.slice(0, table.players),
        lastTurn,
        ...(index === last ? { ranks: def.standings(state).map(({ seat, rank }) => ({ seat, rank })) } : {}),
      };
      const view = def.view(state, null);
      expect(checkPng(await presenter.renderBoard(view, options)), `the board of state ${index}`).toMatchObject({ ok: true });
      if (presenter.renderPhoneBoard !== undefined) {
        expect(checkPng(await presenter.renderPhoneBoard(view, options, 'now')), `the phone picture of state ${index}`).toMatchObject({ ok: true });
      }
    }
  });
});
