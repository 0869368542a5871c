/**
 * After the end the finished game stays reachable: /game status posts its final board again (marked as the
 * finished game), /game log and /game hand answer from it, until a new game takes the channel. The final
 * board offers Rematch: any player opens a lobby with the same players and options; one game per channel
 * still holds. On the small test game (Tally, first to 3 points).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSnapshot } from '../../src/app/game-service.js';
import { parseCustomId } from '../../src/discord/codec.js';
import type { FakeUser, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { boards, buttonFor, choose, clickForBoard, latestBoard, mentionedToAct, numberMarker, offered, openLobby, privateReply, startBotOnFake, type BotOnFake } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 3 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let dave: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['finished-1', 'finished-2'],
    computerPlayer: tallyComputer,
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol', locale: 'nl' });
  dave = env.createUser('dave', { globalName: 'Dave' });
});

afterAll(async () => {
  await env?.stop();
});

async function gameIn(channel: string): Promise<ActiveSnapshot> {
  const loaded = await env.service.byChannel(channel);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}`);
  return loaded.game;
}

async function command(user: FakeUser, channel: string, subcommand: string): Promise<SeenMessage> {
  return privateReply(await user.runCommand(channel, 'game', { subcommand }), user);
}

describe('the finished game', () => {
  it('stays reachable by /game status, log and hand, marked as finished; Rematch opens a lobby with the same players; a new game takes precedence', async () => {
    const channel = env.fake.createChannel('finished');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    for (const user of [bob, carol]) await user.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const board = await clickForBoard(alice, env.fake.message(lobby.id)!, buttonFor(env.fake.message(lobby.id)!, 'start'), channel);
    const id = (await gameIn(channel)).row.id;
    const seatOrder = (await gameIn(channel)).seats.map((s) => s.userId);

    // The first player draws a card (their secret) and scores 3: the game is over.
    const winner = env.fake.users.get(mentionedToAct(board)[0]!);
    let panel = privateReply(await winner.clickButton(board.id, buttonFor(board, 'turn')), winner);
    panel = (await choose(winner, panel, offered(panel).find((o) => o.label === 'Draw a card')!)).reply!;
    const drawn = /You draw a (\d)/.exec(panel.text)![1]!;
    panel = (await choose(winner, panel, offered(panel).find((o) => o.label === 'Add 2')!)).reply!;
    await choose(winner, panel, offered(panel).find((o) => o.label === 'Add 1')!);
    const final = latestBoard(env.fake, channel);
    expect(final.text).toMatch(/\*\*The game is over\.\*\* Final standings:/);
    expect(final.buttons.map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Analysis', 'Board as text']);
    expect(parseCustomId(final.buttons[0]!.customId)).toMatchObject({ gameId: id, verb: 'rematch' });

    // /game status: the final board again, marked as the finished game, with its Rematch button.
    const status = await command(bob, channel, 'status');
    expect(status.text).toBe('The last game in this channel is over; its final board is posted again.');
    const again = latestBoard(env.fake, channel);
    expect(again.id).not.toBe(final.id);
    expect(again.text.split('\n')).toContain(`This game (#${id}) is over: its final board, posted again. /game new or Rematch starts the next one.`);
    expect(again.text).toContain(`1. ${await numberMarker(env.service, channel, winner.id)} <@${winner.id}>: 3 points`);
    expect(again.buttons.map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Analysis', 'Board as text']);
    // /game log and /game hand answer from the finished game, in the user's language; the hand stays private.
    const log = await command(carol, channel, 'log');
    expect(log.text.split('\n')[0]).toBe(`**De laatste beurten** van spel #${id} (afgelopen)`);
    expect(log.text).toMatch(/adds 2/);
    const hand = await command(winner, channel, 'hand');
    expect(hand.text.split('\n')[0]).toBe(`**Your hand at the end** of game #${id} (finished; only you can see this)`);
    expect(hand.text).toContain(`#${drawn}`);
    expect(env.fake.publicOccurrences(`You draw a ${drawn}`)).toEqual([]);
    expect((await command(dave, channel, 'hand')).text).toBe('You are not playing in this game.');

    // Rematch: not for someone who did not play; any player may press it and becomes the host.
    const stranger = await dave.clickButton(again.id, buttonFor(again, 'rematch'));
    expect(privateReply(stranger, dave).text).toBe('You are not playing in this game.');
    const pressed = privateReply(await bob.clickButton(final.id, buttonFor(final, 'rematch')), bob);
    const link = /\/channels\/\d+\/(\d+)\/(\d+)/.exec(pressed.text)!;
    expect(pressed.text).toMatch(/^A rematch lobby is open with the same players and options: \[Open the rematch lobby\]\(https:\/\/discord\.com\/channels\//);
    const rematch = env.fake.message(link[2]!)!;
    expect(link[1]).toBe(channel);
    const others = seatOrder.filter((u) => u !== bob.id).map((u) => `<@${u}>`);
    expect(rematch.text).toContain(`**Tally**: new game opened by <@${bob.id}>`);
    expect(rematch.text).toContain(`Players (3/4): <@${bob.id}>, ${others.join(', ')}`);
    expect(rematch.buttons.map((b) => b.label)).toEqual(['Join', 'Leave', 'Start', 'Cancel']);
    // One game per channel: a second press is refused, and the new lobby takes precedence over the finished game.
    const twice = privateReply(await carol.clickButton(final.id, buttonFor(final, 'rematch')), carol);
    expect(twice.text).toMatch(/^Dit kanaal heeft al een spel \(Tally, spel #\d+, lobby\)/);
    expect((await command(alice, channel, 'status')).text).toMatch(/^This channel has an open lobby for Tally \(game #\d+\)/);
    // The host starts: the same three play again.
    const boardsBefore = boards(env.fake, channel).length;
    const next = await clickForBoard(bob, rematch, buttonFor(rematch, 'start'), channel);
    expect(boards(env.fake, channel)).toHaveLength(boardsBefore + 1);
    expect(next.buttons.map((b) => b.label)).toEqual(['Take my turn', 'My hand', 'Log', 'Board as text']);
    expect(new Set((await gameIn(channel)).seats.map((s) => s.userId))).toEqual(new Set(seatOrder));
    expect((await gameIn(channel)).row.id).not.toBe(id);
    env.fake.assertNoViolations();
  });
});
