/**
 * Who starts, and in which order the players play, said plainly: the lobby's start message names the
 * start player and lists the playing order from them (numbered as on their pieces), the first board says
 * it again and mentions the start player, and /game status repeats it. The seats are stored in the
 * lobby's shuffled order and the game's setup draws the start player, so the start player is not the
 * first stored seat here: what players read must not be the storage order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IstanbulState } from '../../src/games/istanbul/index.js';
import { GAMES } from '../../src/games/index.js';
import type { FakeUser } from '../fake-discord/index.js';
import { boards, buttonFor, clickForBoard, mentionedToAct, openLobby, startBotOnFake, type BotOnFake } from './harness.js';

let env: BotOnFake;
let users: FakeUser[];

beforeAll(async () => {
  env = await startBotOnFake({ games: GAMES, seeds: ['order-1'] });
  users = ['alice', 'bob', 'carol', 'dave'].map((name) => env.createUser(name, { globalName: name[0]!.toUpperCase() + name.slice(1) }));
});

afterAll(async () => {
  await env?.stop();
});

describe('the playing order', () => {
  it('the start message, the first board and /game status say who starts and list the order from them', async () => {
    const channel = env.fake.createChannel('order');
    const [host, ...others] = users as [FakeUser, ...FakeUser[]];
    const lobby = await openLobby(host, channel, { game: 'istanbul' });
    expect(lobby.text).toContain('The host starts when 2 to 5 players are in; who starts and the playing order are drawn at random.');
    for (const user of others) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(host, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);

    const loaded = await env.service.byChannel(channel);
    if (!loaded.ok || loaded.game.kind !== 'active') throw new Error('no game');
    const game = loaded.game;
    const start = (game.state as IstanbulState).startSeat;
    expect(start, 'the seed draws a start player who is not the first stored seat').not.toBe(0);
    const state = game.state as IstanbulState;
    // Each name in text carries the colour of the player's pieces, as on the picture.
    const square = { red: '🟥', blue: '🟦', green: '🟩', yellow: '🟨', white: '⬜' } as const;
    const named = (seat: number): string => `${square[state.players[seat]!.colour]} <@${game.seats.find((s) => s.seat === seat)!.userId}>`;
    const inOrder = [0, 1, 2, 3].map((k) => (start + k) % 4);
    const order = inOrder.map((seat, k) => `${k + 1}. ${named(seat)}`).join(', ');
    const starter = named(start);

    expect(env.fake.message(lobby.id)!.text).toContain(`has started. ${starter} starts; playing order: ${order}.`);
    expect(board.text).toContain(`Playing order: ${order}; ${starter} is the start player.`);
    expect(mentionedToAct(board)).toEqual([game.seats[start]!.userId]);
    // The rubies line lists the players in the same order, under their names and colours.
    const rubies = inOrder.map((seat) => `${square[state.players[seat]!.colour]} ${game.seats[seat]!.displayName} 0`).join(', ');
    expect(board.text).toContain(`rubies: ${rubies}`);

    const status = await host.runCommand(channel, 'game', { subcommand: 'status' });
    await status.waitFor(() => boards(env.fake, channel).length > 1, { timeoutMs: 30_000, description: 'the board posted again' });
    expect(boards(env.fake, channel).at(-1)!.text).toContain(`Playing order: ${order}; ${starter} is the start player.`);
  }, 360_000);

  it('a lobby for exactly the minimum says so once ("when 2 players are in", not "2 to 2")', async () => {
    const channel = env.fake.createChannel('two');
    const lobby = await openLobby(users[1]!, channel, { game: 'kairo', players: 2 });
    expect(lobby.text).toContain('The host starts when 2 players are in;');
    expect(lobby.text).not.toContain('2 to 2');
  }, 180_000);
});
