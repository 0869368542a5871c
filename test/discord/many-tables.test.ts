/**
 * Many tables in one channel, through the real client and the fake Discord: several games side
 * by side, each in its own thread; commands find their game (in its thread, by the `game` option, or by a
 * private menu); a click or command in another game's thread changes nothing; a deleted thread; /game list
 * and /game mine; and, where the bot may not open threads, one game per channel with the reason and the fix.
 */
import type { AutocompleteInteraction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, InteractionHandle, SeenMessage } from '../fake-discord/index.js';
import { tallyGame } from '../games/tally/game.js';
import { tallyComputer } from '../games/tally/ai/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import { gameStatus } from '../../src/discord/handlers/commands/game-status.js';
import type { HandlerEnv } from '../../src/discord/context.js';
import { parseCustomId } from '../../src/discord/codec.js';
import { createLogger } from '../../src/logger.js';
import { boards, buttonFor, choose, mentionedToAct, offered, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from './harness.js';

const tally = tallyGame({ removeSeat: false, target: 4 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: Array.from({ length: 20 }, (_, i) => `tables-${i}`),
    computerPlayer: tallyComputer,
    fake: { botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
});

afterAll(async () => {
  await env?.stop();
});

/** The name the seats show (the members' display names). */
function shown(user: FakeUser): string {
  return user === alice ? 'Alice' : user === bob ? 'Bob' : 'Carol';
}

function userById(id: string): FakeUser {
  return env.fake.users.get(id);
}

function until(handle: InteractionHandle, predicate: () => boolean, description: string): Promise<InteractionHandle> {
  return handle.waitFor(predicate, { timeoutMs: WAIT_MS, description });
}

/** Runs a command and returns its private answer once it is complete. */
async function ask(user: FakeUser, channel: string, subcommand: string, options: Record<string, string | number | boolean> = {}): Promise<SeenMessage> {
  const handle = await user.runCommand(channel, 'game', { subcommand, options });
  await until(handle, () => handle.reply !== undefined && !handle.reply.loading, `the answer to /game ${subcommand}`);
  return privateReply(handle, user);
}

interface Table {
  readonly gameId: number;
  readonly thread: string;
  readonly players: readonly FakeUser[];
}

/** Opens a lobby in `channel` as `host`, seats `guest`, starts it, and waits for its thread's first board. */
async function table(channel: string, host: FakeUser, guest: FakeUser): Promise<Table> {
  const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
  const lobby = await openLobby(host, channel, { game: 'tally' });
  const gameId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
  await guest.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const start = await host.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  const opened = () => env.fake.threadsOf(channel).find((t) => !before.has(t.id));
  await until(start, () => opened() !== undefined && boards(env.fake, opened()!.id).length === 1, `the first board of game #${gameId}`);
  const thread = opened()!;
  expect(thread.starterMessageId).toBe(lobby.id);
  return { gameId, thread: thread.id, players: [host, guest] };
}

function pick(panel: SeenMessage, label: RegExp) {
  const found = offered(panel).find((o) => label.test(o.label));
  if (found === undefined) throw new Error(`no ${label} on the panel: ${offered(panel).map((o) => o.label).join(' | ')}`);
  return found;
}

/** The player the table's latest board calls plays one turn there: `adds` (1 or 2 each), then the turn ends unless the game did. */
async function playTurn(channel: string, at: Table, adds: readonly (1 | 2)[]): Promise<void> {
  const before = boards(env.fake, at.thread).length;
  const finalsBefore = boards(env.fake, channel).length;
  const board = boards(env.fake, at.thread).at(-1)!;
  const player = userById(mentionedToAct(board)[0]!);
  let panel = privateReply(await player.clickButton(board.id, buttonFor(board, 'turn'), { until: 'response' }).then((h) => until(h, () => h.reply !== undefined && !h.reply.loading, 'the panel')), player);
  let last: InteractionHandle | undefined;
  for (const [i, n] of adds.entries()) {
    last = await choose(player, panel, pick(panel, n === 1 ? /^Add 1$/ : /^Add 2$/));
    if (i < adds.length - 1) panel = last.reply!;
  }
  if (adds.reduce<number>((a, b) => a + b, 0) < 4) last = await choose(player, last!.reply!, pick(last!.reply!, /End the turn/));
  await until(last!, () => boards(env.fake, at.thread).length > before || boards(env.fake, channel).length > finalsBefore, `the board after a turn of game #${at.gameId}`);
}

/** Every board posted in the thread names its own game. */
function onlyOwnBoards(at: Table): void {
  for (const board of boards(env.fake, at.thread)) expect(board.text).toContain(`game #${at.gameId}`);
}

function envFor(tableGameId: number | null, channelId: string): HandlerEnv {
  return {
    ctx: { service: env.service, presenters: new Map([['tally', tally.presenter(null as never)]]), client: null as never, deliverer: null as never, computers: null as never, player: null as never, followingPanels: null as never },
    logger: createLogger({ level: 'silent', format: 'json' }),
    locale: 'en',
    channelId,
    tableGameId,
  };
}

/** The `game` option's suggestions to Bob, as Discord would show them for what was typed (his own games first). */
async function suggestions(handlerEnv: HandlerEnv, typed: string): Promise<{ name: string; value: number }[]> {
  let answer: { name: string; value: number }[] = [];
  const interaction = {
    locale: 'en-US',
    user: { id: bob.id },
    options: { getFocused: () => ({ name: 'game', value: typed }) },
    respond: async (choices: { name: string; value: number }[]) => {
      answer = choices;
    },
  } as unknown as AutocompleteInteraction;
  await gameStatus.autocomplete!(handlerEnv, interaction);
  return answer;
}

describe('three games in one channel', () => {
  it('each in its own thread, played interleaved to the end; commands find their game', async () => {
    const channel = env.fake.createChannel('tables');
    const one = await table(channel, alice, bob);
    const two = await table(channel, bob, carol);
    const three = await table(channel, carol, alice);
    expect(new Set([one.thread, two.thread, three.thread]).size).toBe(3);
    // The channel holds the three lobbies and no board.
    expect(boards(env.fake, channel)).toEqual([]);

    // /game list: every game with its thread, players and whose turn it is.
    const list = await ask(alice, channel, 'list');
    const lines = list.text.split('\n');
    expect(lines[0]).toBe('**Games in this channel** (3, oldest first)');
    // The players in their seats' order (drawn at the start).
    const seated = async (at: Table) => {
      const loaded = await env.service.byId(at.gameId);
      if (!loaded.ok) throw new Error(`game #${at.gameId} does not load`);
      return loaded.game.seats.map((s) => s.displayName).join(', ');
    };
    for (const [i, at] of [one, two, three].entries()) {
      const toPlay = shown(userById(mentionedToAct(boards(env.fake, at.thread)[0]!)[0]!));
      expect(lines[i + 1]).toBe(`- **Tally #${at.gameId}** · <#${at.thread}> · ${await seated(at)} · scores 0 / 0 · ${toPlay} to play`);
    }

    // The `game` option's suggestions: the channel's games ("Tally #12 · Alice, Bob · scores 0 / 0 · Bob to play"); in a thread only its own.
    const offeredHere = await suggestions(envFor(null, channel), '');
    expect(offeredHere.map((c) => c.value)).toEqual([one.gameId, two.gameId, three.gameId]);
    expect(offeredHere[0]!.name).toMatch(new RegExp(`^Tally #${one.gameId} · ${await seated(one)} · scores 0 / 0 · (Alice|Bob) to play$`));
    expect((await suggestions(envFor(null, channel), 'carol')).map((c) => c.value)).toEqual([two.gameId, three.gameId]);
    expect((await suggestions(envFor(null, channel), String(three.gameId))).map((c) => c.value)).toEqual([three.gameId]);
    expect((await suggestions(envFor(two.gameId, channel), '')).map((c) => c.value)).toEqual([two.gameId]);

    // In the channel, without saying which: asked privately, with a menu of the three (Alice's own first); the choice runs the command.
    const question = await ask(alice, channel, 'status');
    expect(question.text).toBe('This channel has 3 running games. Which one do you mean (/game status)?');
    const menu = question.selects[0]!;
    expect(menu.options.map((o) => o.value)).toEqual([one, three, two].map((at) => String(at.gameId)));
    const chosen = await alice.selectOptions(question.id, menu.customId, [String(one.gameId)], { until: 'response' });
    await until(chosen, () => boards(env.fake, one.thread).length === 2, 'the board posted again in the chosen game\'s thread');
    expect(boards(env.fake, two.thread)).toHaveLength(1);
    expect(boards(env.fake, three.thread)).toHaveLength(1);
    // With the option, or inside a thread, no question: the log of that game.
    expect((await ask(bob, channel, 'log', { game: two.gameId })).text).toContain(`#${two.gameId}`);
    expect((await ask(carol, three.thread, 'log')).text).toContain(`#${three.gameId}`);

    // Interleaved: a turn in each game in turn, then each game ends in its turn.
    await playTurn(channel, one, [1]);
    await playTurn(channel, two, [1]);
    await playTurn(channel, three, [1]);
    // Whoever's turn it is in two games sees both waiting, oldest first, with links to the latest boards.
    const waiting = async (user: FakeUser) => [one, two, three].filter((at) => mentionedToAct(boards(env.fake, at.thread).at(-1)!).includes(user.id));
    for (const user of [alice, bob, carol]) {
      const mine = await ask(user, channel, 'mine');
      const expected = await waiting(user);
      if (expected.length === 0) {
        expect(mine.text).toBe('No game of this server waits for you.');
        continue;
      }
      const rows = mine.text.split('\n');
      expect(rows[0]).toBe(`**Waiting for you** (${expected.length}, oldest first)`);
      expected.forEach((at, i) => {
        const latest = boards(env.fake, at.thread).at(-1)!;
        expect(rows[i + 1]).toMatch(new RegExp(`^- \\*\\*Tally #${at.gameId}\\*\\* · <#${at.thread}> · your turn since <t:\\d+:R> · \\[latest board\\]\\(.*/${at.thread}/${latest.id}\\)$`));
      });
    }
    await playTurn(channel, one, [2, 2]);
    await playTurn(channel, two, [1]);
    await playTurn(channel, three, [2, 2]);
    await playTurn(channel, two, [2, 2]);

    // Three final standings in the channel, one per game, in the order they ended; every thread points to its own.
    const finals = boards(env.fake, channel);
    expect(finals.map((f) => /game #(\d+)/.exec(f.text)?.[1])).toEqual([one, three, two].map((at) => String(at.gameId)));
    for (const [i, at] of [one, three, two].entries()) {
      expect(finals[i]!.text).toContain('**The game is over.** Final standings:');
      expect(env.fake.channelMessages(at.thread).at(-1)!.text).toContain(`/channels/${env.fake.guildId}/${channel}/${finals[i]!.id}`);
      onlyOwnBoards(at);
    }
    expect(await env.service.runningInChannel(channel)).toEqual([]);
    expect((await ask(alice, channel, 'list')).text).toBe('No game runs in this channel. Start one with /game new.');

    // A rematch of game one opens one lobby, however many of its players press the button.
    const final = finals[0]!;
    const opened = await bob.clickButton(final.id, buttonFor(final, 'rematch'), { until: 'response' });
    await until(opened, () => opened.reply !== undefined && !opened.reply.loading, 'the rematch lobby');
    expect(privateReply(opened, bob).text).toMatch(/^A rematch lobby is open with the same players and options: /);
    const [rematch] = await env.service.runningInChannel(channel);
    const again = await alice.clickButton(final.id, buttonFor(final, 'rematch'), { until: 'response' });
    await until(again, () => again.reply !== undefined && !again.reply.loading, 'the answer to a second press');
    expect(privateReply(again, alice).text).toBe(`The rematch lobby is open already (game #${rematch!.id}): [Open the rematch lobby](https://discord.com/channels/${env.fake.guildId}/${channel}/${rematch!.boardMessageId})`);
    expect((await env.service.runningInChannel(channel)).map((r) => r.id)).toEqual([rematch!.id]);
    env.fake.assertNoViolations();
  });
});

describe('the menu "which game?"', () => {
  it('carries the command\'s own options to the game chosen, and changes only that one', async () => {
    const channel = env.fake.createChannel('menu');
    const one = await table(channel, alice, bob);
    const two = await table(channel, alice, carol);
    const question = await ask(alice, channel, 'settings', { reminder_hours: 6, idle_hours: 24 });
    expect(question.text).toBe('This channel has 2 running games. Which one do you mean (/game settings)?');
    const menu = question.selects[0]!;
    const chosen = await alice.selectOptions(question.id, menu.customId, [String(two.gameId)], { until: 'response' });
    await until(chosen, () => (env.fake.message(question.id)?.text ?? '').startsWith('Settings saved'), 'the settings changed');
    expect(await env.service.gameRow(two.gameId)).toMatchObject({ reminderIntervalMinutes: 360, idleAfterMinutes: 1440, reminderLimit: 3 });
    expect(await env.service.gameRow(one.gameId)).toMatchObject({ reminderIntervalMinutes: 720, idleAfterMinutes: 2880 });
    // A game that ended while the menu was open: choosing it changes nothing.
    const stale = await ask(alice, channel, 'settings', { reminder_hours: 2 });
    const row = (await env.service.gameRow(one.gameId))!;
    expect(await env.service.abandon(channel, alice.id, false, { gameId: one.gameId, version: row.version })).toMatchObject({ ok: true });
    const late = await alice.selectOptions(stale.id, stale.selects[0]!.customId, [String(one.gameId)], { until: 'response' });
    await until(late, () => (env.fake.message(stale.id)?.text ?? '').startsWith(`Game #${one.gameId}`), 'the refusal');
    expect(env.fake.message(stale.id)!.text).toBe(`Game #${one.gameId} does not run in this channel. Nothing was changed; /game list shows the games here.`);
    expect(await env.service.gameRow(one.gameId)).toMatchObject({ reminderIntervalMinutes: 720 });
    env.fake.assertNoViolations();
  });
});

describe('following and replaying one of several games', () => {
  it('in a game\'s thread means that game; in the channel, the game named or the one chosen from the menu', async () => {
    const channel = env.fake.createChannel('followers');
    const one = await table(channel, alice, bob);
    const two = await table(channel, alice, carol);
    // Bob plays game one, not game two: following from game two's thread follows game two, not the channel's oldest.
    expect((await ask(bob, two.thread, 'follow')).text).toContain(`(game #${two.gameId})`);
    // Carol names game one in the channel.
    expect((await ask(carol, channel, 'follow', { game: one.gameId })).text).toContain(`(game #${one.gameId})`);
    const followers = async (at: Table) => {
      const loaded = await env.service.byId(at.gameId);
      if (!loaded.ok) throw new Error(`game #${at.gameId} does not load`);
      return env.service.followersOf(loaded.game);
    };
    expect(await followers(one)).toEqual([carol.id]);
    expect(await followers(two)).toEqual([bob.id]);
    // Without naming one in the channel: asked which, like the other commands.
    const question = await ask(bob, channel, 'unfollow');
    expect(question.text).toBe('This channel has 2 running games. Which one do you mean (/game unfollow)?');
    const chosen = await bob.selectOptions(question.id, question.selects[0]!.customId, [String(two.gameId)], { until: 'response' });
    await until(chosen, () => (env.fake.message(question.id)?.text ?? '').includes(`(game #${two.gameId})`), 'unfollowed game two');
    expect(await followers(two)).toEqual([]);
    expect(await followers(one)).toEqual([carol.id]);
    // A replay asked for in a game's thread is that game's, not the channel's oldest.
    expect((await ask(carol, two.thread, 'replay')).text).toContain(`game #${two.gameId}`);
    env.fake.assertNoViolations();
  });
});

describe('each game its own lock', () => {
  it('a game busy (its computer players thinking, its board being drawn) holds up no click in another game of the channel', async () => {
    const channel = env.fake.createChannel('busy-neighbour');
    const one = await table(channel, alice, bob);
    const two = await table(channel, alice, carol);
    // Game one is busy until released: everything of game one waits, and game two plays a whole turn meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = env.service.lockedGame(one.gameId, () => held);
    await playTurn(channel, two, [1]);
    expect(boards(env.fake, two.thread)).toHaveLength(2);
    expect(boards(env.fake, one.thread)).toHaveLength(1);
    release();
    await busy;
    // And game one goes on afterwards.
    await playTurn(channel, one, [1]);
    expect(boards(env.fake, one.thread)).toHaveLength(2);
    env.fake.assertNoViolations();
  });
});

describe('another game\'s thread', () => {
  it('a click or a command there about another game is refused clearly and changes nothing', async () => {
    const channel = env.fake.createChannel('neighbours');
    const one = await table(channel, alice, bob);
    const two = await table(channel, alice, carol);
    const stateOf = async (gameId: number) => {
      const row = (await env.service.gameRow(gameId))!;
      return { version: row.version, status: row.status, state: row.state, threadId: row.threadId };
    };
    const before = await stateOf(two.gameId);
    const messagesOfTwo = env.fake.channelMessages(two.thread).length;
    const boardOfTwo = boards(env.fake, two.thread)[0]!;
    const refused = `This thread is the table of Tally #${one.gameId}; game #${two.gameId} is not played here. Nothing was changed.`;

    // Game two's "Take my turn", clicked in game one's thread.
    const click = await alice.forgeClick(boards(env.fake, one.thread)[0]!.id, buttonFor(boardOfTwo, 'turn'), { until: 'response' });
    await until(click, () => click.reply !== undefined && !click.reply.loading, 'the refusal');
    expect(privateReply(click, alice).text).toBe(refused);
    // A command there naming game two.
    expect((await ask(alice, one.thread, 'status', { game: two.gameId })).text).toBe(refused);
    expect((await ask(alice, one.thread, 'leave', { game: two.gameId })).text).toBe(refused);
    // A new game from inside a game's thread: it belongs in the channel.
    expect((await ask(carol, one.thread, 'new', { game: 'tally' })).text).toBe(
      `This thread already has a game (Tally, game #${one.gameId}). Start a new one in <#${channel}>: each game there gets a thread of its own.`,
    );
    // A game that does not run in this channel.
    expect((await ask(alice, channel, 'hand', { game: 99_999 })).text).toBe('Game #99999 does not run in this channel. Nothing was changed; /game list shows the games here.');

    expect(await stateOf(two.gameId)).toEqual(before);
    expect(env.fake.channelMessages(two.thread)).toHaveLength(messagesOfTwo);
    expect(await env.service.runningInChannel(channel)).toHaveLength(2);
    env.fake.assertNoViolations();
  });
});

describe('a thread deleted mid-game', () => {
  it('with another game in the channel, the game goes on in a new thread, which says so once', async () => {
    const channel = env.fake.createChannel('deleted-beside');
    const one = await table(channel, alice, bob);
    const two = await table(channel, bob, carol);
    env.fake.deleteThread(one.thread);
    // A player asks for the board of game one from the channel: it cannot go to the deleted thread.
    const status = await alice.runCommand(channel, 'game', { subcommand: 'status', options: { game: one.gameId }, until: 'response' });
    const fresh = () => env.fake.threadsOf(channel).find((t) => t.id !== one.thread && t.id !== two.thread);
    await until(status, () => fresh() !== undefined && boards(env.fake, fresh()!.id).length === 1, 'the board in a new thread');
    const thread = fresh()!;
    expect(thread.name).toBe(`Tally · game #${one.gameId}`);
    const board = boards(env.fake, thread.id)[0]!;
    expect(board.text.split('\n')[0]).toBe('The thread of this game was deleted. Other games run in the channel, so this game goes on in this new thread.');
    expect(await env.service.gameRow(one.gameId)).toMatchObject({ useThread: true, threadId: thread.id });
    // Nothing came into the channel or the other game's thread.
    expect(boards(env.fake, channel)).toEqual([]);
    expect(boards(env.fake, two.thread)).toHaveLength(1);
    // The game goes on there, and the next board does not say it again.
    const moved = { ...one, thread: thread.id };
    await playTurn(channel, moved, [1]);
    expect(boards(env.fake, thread.id)).toHaveLength(2);
    expect(boards(env.fake, thread.id)[1]!.text).not.toContain('deleted');
    // Its thread is now its table: commands there mean it.
    expect((await ask(alice, thread.id, 'log')).text).toContain(`#${one.gameId}`);
    env.fake.assertNoViolations();
  });
});

describe('where the bot may not open threads', () => {
  it('one game per channel as before, and the refusal says why and how to allow threads', async () => {
    const channel = env.fake.createChannel('no-threads');
    env.fake.denyBot(channel, ['CreatePublicThreads']);
    const lobby = await openLobby(alice, channel, { game: 'tally' });
    expect(lobby.text).not.toContain('thread');
    const second = await ask(bob, channel, 'new', { game: 'tally' });
    const id = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
    expect(second.text).toBe(
      `This channel already has a game (Tally, game #${id}, lobby). Finish it or end it with /game abandon first, or start a game in another channel.\n` +
        'I may not open threads here (missing permission: Create Public Threads), so this channel holds one game at a time. To host several games side by side, each in a thread of its own, give me these permissions in this channel (Edit Channel → Permissions).',
    );
    expect(await env.service.runningInChannel(channel)).toHaveLength(1);
    // Allowed again: a second game opens beside it, in a thread of its own.
    env.fake.resetBotPermissions(channel);
    const other = await table(channel, bob, carol);
    expect(await env.service.runningInChannel(channel)).toHaveLength(2);
    expect(boards(env.fake, other.thread)).toHaveLength(1);
    env.fake.assertNoViolations();
  });
});

describe('/game mine by direct message', () => {
  it('sends the list to the player privately, and says so', async () => {
    const channel = env.fake.createChannel('mine-dm');
    const at = await table(channel, alice, bob);
    const player = userById(mentionedToAct(boards(env.fake, at.thread)[0]!)[0]!);
    const before = env.fake.directMessagesTo(player.id).length;
    expect((await ask(player, channel, 'mine', { dm: true })).text).toBe('The list is in your direct messages.');
    const dm = env.fake.directMessagesTo(player.id).slice(before);
    expect(dm).toHaveLength(1);
    expect(dm[0]!.text).toContain(`**Tally #${at.gameId}** · <#${at.thread}> · your turn since`);
    // Closed direct messages: the list comes here instead, saying why.
    player.setDirectMessages(false);
    const shown = await ask(player, channel, 'mine', { dm: true });
    expect(shown.text.split('\n')[0]).toBe('Your direct messages are closed, so here is the list:');
    expect(shown.text).toContain(`**Tally #${at.gameId}**`);
    player.setDirectMessages(true);
    env.fake.assertNoViolations();
  });
});
