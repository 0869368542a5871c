/**
 * A thread per game, through the real client and the fake Discord: the lobby in the channel, the boards,
 * mentions, panels and commands in the game's thread, the final standings back in the channel; the game
 * falls back to the channel, saying why, when the bot may not open threads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, InteractionHandle, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { boards, buttonFor, choose, mentionedToAct, offered, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 4 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: ['thread-1', 'thread-2', 'thread-3', 'thread-4'],
    computerPlayer: tallyComputer,
    fake: { botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob', locale: 'de' });
});

afterAll(async () => {
  await env?.stop();
});

function userById(id: string): FakeUser {
  return env.fake.users.get(id);
}

/** Waits on an interaction until `predicate` holds (the board comes after the click is answered). */
function until(handle: InteractionHandle, predicate: () => boolean, description: string): Promise<InteractionHandle> {
  return handle.waitFor(predicate, { timeoutMs: WAIT_MS, description });
}

async function openPanel(user: FakeUser, board: SeenMessage): Promise<SeenMessage> {
  return privateReply(await user.clickButton(board.id, buttonFor(board, 'turn')), user);
}

function pick(panel: SeenMessage, label: RegExp) {
  const found = offered(panel).find((o) => label.test(o.label));
  if (found === undefined) throw new Error(`no ${label} on the panel: ${offered(panel).map((o) => o.label).join(' | ')}`);
  return found;
}

/** Opens a lobby, lets bob join, starts; returns the lobby message as it was before the start, once `ready` holds. */
async function lobbyStarted(channel: string, options: Record<string, string | number | boolean>, ready: () => boolean): Promise<SeenMessage> {
  const lobby = await openLobby(alice, channel, { game: 'tally', ...options } as Record<string, string | number>);
  await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const full = env.fake.message(lobby.id)!;
  const start = await alice.clickButton(lobby.id, buttonFor(full, 'start'), { until: 'response' });
  await until(start, ready, 'the first board');
  return full;
}

describe('a game in its own thread', () => {
  it('keeps the lobby in the channel, plays in the thread (boards, mentions, panels, commands), and brings the final standings back', async () => {
    const channel = env.fake.createChannel('tables');
    const threads = () => env.fake.threadsOf(channel);
    const lobby = await lobbyStarted(channel, {}, () => threads().length === 1 && boards(env.fake, threads()[0]!.id).length === 1);
    // The lobby said where the game would go; the thread grows from the lobby message and is named after the game.
    expect(lobby.text).toContain('The game is played in a thread of this channel, opened when it starts.');
    const thread = threads()[0]!;
    expect(thread.starterMessageId).toBe(lobby.id);
    expect(thread.name).toMatch(/^Tally · game #\d+$/);
    // The channel holds the lobby only; the board and its mention are in the thread.
    expect(boards(env.fake, channel)).toEqual([]);
    const first = boards(env.fake, thread.id)[0]!;
    expect(first.buttons.map((b) => b.label)).toEqual(['Take my turn', 'My hand', 'Log', 'Board as text']);
    const starter = userById(mentionedToAct(first)[0]!);
    const other = starter.id === alice.id ? bob : alice;

    // Commands in the thread are about the channel's game.
    const hand = privateReply(await other.runCommand(thread.id, 'game', { subcommand: 'hand' }), other);
    expect(hand.text).not.toMatch(/no game|kein Spiel/i);
    const busy = privateReply(await other.runCommand(thread.id, 'game', { subcommand: 'new', options: { game: 'tally' } }), other);
    expect(busy.text).toMatch(/already a game|schon ein Spiel/);

    // A turn played from the thread: the next board and its mention come in the thread.
    let panel = await openPanel(starter, first);
    panel = (await choose(starter, panel, pick(panel, /^(Add 1|1 addieren)$/))).reply!;
    const ended = await choose(starter, panel, pick(panel, /End the turn|Zug beenden/));
    await until(ended, () => boards(env.fake, thread.id).length === 2, 'the second board');
    const second = boards(env.fake, thread.id)[1]!;
    expect(mentionedToAct(second)).toEqual([other.id]);
    expect(env.fake.message(first.id)!.buttons).toEqual([]);

    // Reminders come in the thread too; after a restart the bot still knows the thread (clicks there find the game).
    env.fake.clock.advance(12 * 3_600_000);
    await env.bot.scheduler.tick();
    const reminder = env.fake.channelMessages(thread.id).at(-1)!;
    expect(reminder.text).toMatch(/(Reminder|Erinnerung) 1/);
    expect(reminder.text).toContain(`<@${other.id}>`);
    expect(env.fake.channelMessages(channel).filter((m) => /(Reminder|Erinnerung) 1/.test(m.text))).toEqual([]);
    await env.restart();

    // The other player reaches the target: the final standings are posted in the channel, the thread points there.
    panel = await openPanel(other, second);
    panel = (await choose(other, panel, pick(panel, /^(Add 2|2 addieren)$/))).reply!;
    const last = await choose(other, panel, pick(panel, /^(Add 2|2 addieren)$/));
    await until(last, () => boards(env.fake, channel).length === 1 && env.fake.channelMessages(thread.id).some((m) => /final standings are in the channel/.test(m.text)), 'the final standings');
    const final = boards(env.fake, channel)[0]!;
    expect(final.text).toContain('**The game is over.** Final standings:');
    // The final board offers only a Rematch (see finished-game.test.ts).
    expect(final.buttons.map((b) => b.label)).toEqual(['Rematch', 'Replay', 'Analysis', 'Board as text']);
    const pointer = env.fake.channelMessages(thread.id).at(-1)!;
    expect(pointer.text).toContain(`/channels/${env.fake.guildId}/${channel}/${final.id}`);
    expect(env.fake.message(second.id)!.buttons).toEqual([]);
    // The finished game is on record with its final board in the channel.
    expect(await env.service.runningRow(channel)).toBeUndefined();
    env.fake.assertNoViolations();
  });

  it('thread:false keeps the game in the channel', async () => {
    const channel = env.fake.createChannel('no-thread');
    const lobby = await lobbyStarted(channel, { thread: false }, () => boards(env.fake, channel).length === 1);
    expect(lobby.text).not.toContain('thread');
    expect(env.fake.threadsOf(channel)).toEqual([]);
    env.fake.assertNoViolations();
  });
});

describe('a deleted thread', () => {
  it('the game goes on in the channel, which is told so once', async () => {
    const channel = env.fake.createChannel('deleted');
    await lobbyStarted(channel, {}, () => env.fake.threadsOf(channel).length === 1 && boards(env.fake, env.fake.threadsOf(channel)[0]!.id).length === 1);
    const thread = env.fake.threadsOf(channel)[0]!;
    // A moderator deletes the thread; a player asks for the board in the channel.
    env.fake.deleteThread(thread.id);
    const status = await alice.runCommand(channel, 'game', { subcommand: 'status', until: 'response' });
    await until(status, () => boards(env.fake, channel).length === 1, 'the board in the channel');
    const board = boards(env.fake, channel)[0]!;
    expect(board.text.split('\n')[0]).toBe('The thread of this game was deleted, so the game goes on in this channel.');
    expect(await env.service.runningRow(channel)).toMatchObject({ useThread: false, threadId: null });
    // The game goes on from there: a turn ends, and the next board comes in the channel without the line.
    const active = userById(mentionedToAct(board)[0]!);
    let panel = await openPanel(active, board);
    panel = (await choose(active, panel, pick(panel, /^(Add 1|1 addieren)$/))).reply!;
    const ended = await choose(active, panel, pick(panel, /End the turn|Zug beenden/));
    await until(ended, () => boards(env.fake, channel).length === 2, 'the next board');
    expect(boards(env.fake, channel)[1]!.text).not.toContain('thread');
    env.fake.assertNoViolations();
  });
});

describe('without the permission to open threads', () => {
  it('the host who asks for a thread is told why not, and the game is played in the channel', async () => {
    const channel = env.fake.createChannel('closed');
    env.fake.denyBot(channel, ['CreatePublicThreads']);
    const handle = await alice.runCommand(channel, 'game', { subcommand: 'new', options: { game: 'tally', thread: true } });
    await until(handle, () => handle.reply !== undefined && !handle.reply.loading, 'the answer to /game new');
    expect(privateReply(handle, alice).text).toContain('I may not open a thread here (missing permission: Create Public Threads); the game will be played in this channel.');
    const lobby = env.fake.channelMessages(channel)[0]!;
    expect(lobby.text).not.toContain('thread');
    await bob.clickButton(lobby.id, buttonFor(lobby, 'join'));
    const start = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
    await until(start, () => boards(env.fake, channel).length === 1, 'the first board');
    expect(env.fake.threadsOf(channel)).toEqual([]);
    env.fake.assertNoViolations();
  });

  it('a permission taken away before the start: the first board comes in the channel and says why', async () => {
    const channel = env.fake.createChannel('revoked');
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    expect(lobby.text).toContain('played in a thread');
    await bob.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    env.fake.denyBot(channel, ['CreatePublicThreads']);
    const start = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
    await until(start, () => boards(env.fake, channel).length === 1, 'the first board');
    const board = boards(env.fake, channel)[0]!;
    expect(board.text.split('\n')[0]).toBe('I may not open a thread here (missing permission: Create Public Threads), so this game is played in this channel.');
    expect(env.fake.threadsOf(channel)).toEqual([]);
    expect((await env.service.runningRow(channel))?.useThread).toBe(false);
    // The next boards stay in the channel without the line.
    const active = userById(mentionedToAct(board)[0]!);
    let panel = await openPanel(active, board);
    panel = (await choose(active, panel, pick(panel, /^(Add 1|1 addieren)$/))).reply!;
    const ended = await choose(active, panel, pick(panel, /End the turn|Zug beenden/));
    await until(ended, () => boards(env.fake, channel).length === 2, 'the second board');
    expect(boards(env.fake, channel)[1]!.text).not.toContain('thread');
    env.fake.assertNoViolations();
  });
});
