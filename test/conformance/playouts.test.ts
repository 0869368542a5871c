/**
 * Every registered game plays to its end at every seat count the rules allow, from a seeded start: the
 * playout harness checks each step (someone may act until the end, every active seat has a legal action,
 * `step` takes every legal action through the JSON wire, the state survives JSON) and replays the log at
 * the end; here the start is the seed's alone and the end ranks every seat.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import { FIXTURES, GAMES_UNDER_TEST, TABLES, playedGame } from './games.js';

describe('the games under test', () => {
  it('are every game the bot hosts and the toy game, each with the fixture of its own test folder', () => {
    const ids = GAMES_UNDER_TEST.map((game) => game.id);
    for (const plugin of GAMES.plugins) expect(ids).toContain(plugin.id);
    expect(ids).toContain('tally');
    // A fixture belongs to a registered game.
    for (const fixture of FIXTURES) expect(ids).toContain(fixture.game);
  });

  it('sit at every seat count the rules allow, and with every expansion, layout and variant the lobby offers', () => {
    for (const game of GAMES_UNDER_TEST) {
      const tables = TABLES.filter((table) => table.game === game);
      for (let players = game.def.players.min; players <= game.def.players.max; players++) expect(tables.map((t) => t.players)).toContain(players);
      for (const expansion of game.module.expansions ?? []) expect(tables.map((t) => t.settings.expansion)).toContain(expansion.value);
      for (const layout of game.module.layouts) expect(tables.map((t) => t.settings.layout)).toContain(layout.value);
      for (const variant of game.module.variants) expect(tables.map((t) => t.settings.variant)).toContain(variant.value);
    }
  });
});

describe.each(TABLES.map((table) => [table.name, table] as const))('%s', (_name, table) => {
  it('plays to the end from a seeded start, and ranks every seat', () => {
    const { def } = table.game;
    // The seed alone decides the start.
    expect(def.setup(table.options, 'same seed')).toEqual(def.setup(table.options, 'same seed'));
    const game = playedGame(table);
    const final = game.states.at(-1);
    expect(def.isOver(final)).toBe(true);
    expect(def.activeSeats(final)).toEqual([]);
    const standings = def.standings(final);
    expect(standings.map((s) => s.seat).sort()).toEqual([...Array(table.players).keys()]);
    expect(Math.min(...standings.map((s) => s.rank))).toBe(1);
    // Every seat had its turn.
    expect(new Set(game.steps.map((s) => s.seat)).size).toBe(table.players);
  });
});
