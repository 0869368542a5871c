/**
 * Every link the bot gives opens the table it names, in a busy channel: several games side by side, each in
 * a thread of its own, where a player plays some of them and not others. The answer to /game learn links the
 * learning game's own board (in English and in Dutch), /game mine links each waiting game's own table (also
 * by direct message), /game history links a finished game's final standings in the channel and a game
 * ended early at its last board in its thread, /game replay without a game in the channel finds the game
 * that just finished there, and /game hand and /game status offer the player's own games first (a hand
 * only ever from their own).
 *
 * Crosses: tables, learn, languages, replays, dms
 */
import type { AutocompleteInteraction } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, InteractionHandle, SeenMessage } from '../../fake-discord/index.js';
import { tallyGame } from '../../games/tally/game.js';
import { tallyComputer } from '../../games/tally/ai/index.js';
import { gameRegistry } from '../../../src/games/registry.js';
import type { GameRow } from '../../../src/app/game-service.js';
import type { HandlerEnv } from '../../../src/discord/context.js';
import { gameHand } from '../../../src/discord/handlers/commands/game-hand.js';
import { gameStatus } from '../../../src/discord/handlers/commands/game-status.js';
import { parseCustomId } from '../../../src/discord/codec.js';
import { createLogger } from '../../../src/logger.js';
import { boards, buttonFor, choose, mentionedToAct, offered, openLobby, privateReply, runConfirmed, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from '../harness.js';

const tally = tallyGame({ removeSeat: false, target: 4 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let dave: FakeUser;
let erin: FakeUser;
let channel: string;
/** Carol and Alice's game, and Alice and Bob's: two tables of the channel, each in its thread. */
let carolsTable: Table;
let bobsTable: Table;
/** The learning games Carol and Dave start in the busy channel. */
let carolLearns: GameRow;
let daveLearns: GameRow;

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: Array.from({ length: 20 }, (_, i) => `links-${i}`),
    computerPlayer: tallyComputer,
    fake: { botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  carol = env.createUser('carol', { globalName: 'Carol' });
  dave = env.createUser('dave', { globalName: 'Dave', locale: 'nl' });
  erin = env.createUser('erin', { globalName: 'Erin' });
  channel = env.fake.createChannel('busy');
});

afterEach(() => {
  env.fake.assertNoViolations();
});

afterAll(async () => {
  await env?.stop();
});

interface Table {
  readonly gameId: number;
  readonly thread: string;
}

function until(handle: InteractionHandle, predicate: () => boolean, description: string): Promise<InteractionHandle> {
  return handle.waitFor(predicate, { timeoutMs: WAIT_MS, description });
}

/** Runs a command and returns its private answer once it is complete. */
async function ask(user: FakeUser, where: string, subcommand: string, options: Record<string, string | number | boolean> = {}): Promise<SeenMessage> {
  const handle = await user.runCommand(where, 'game', { subcommand, options });
  await until(handle, () => handle.reply !== undefined && !handle.reply.loading, `the answer to /game ${subcommand}`);
  return privateReply(handle, user);
}

/** Opens a lobby as `host`, seats `guest`, starts it, and waits for its thread's first board. */
async function table(host: FakeUser, guest: FakeUser): Promise<Table> {
  const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
  const lobby = await openLobby(host, channel, { game: 'tally' });
  const gameId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
  await guest.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const start = await host.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  const opened = () => env.fake.threadsOf(channel).find((t) => !before.has(t.id));
  await until(start, () => opened() !== undefined && boards(env.fake, opened()!.id).length === 1, `the first board of game #${gameId}`);
  return { gameId, thread: opened()!.id };
}

async function row(gameId: number): Promise<GameRow> {
  const found = await env.service.gameRow(gameId);
  if (found === undefined) throw new Error(`no game #${gameId}`);
  return found;
}

/** The link that opens message `messageId` of channel (or thread) `place`. */
function linkTo(place: string, messageId: string): string {
  return `https://discord.com/channels/${env.fake.guildId}/${place}/${messageId}`;
}

/** Every message link in a text, as [channel or thread, message]. */
function linksIn(text: string): [string, string][] {
  return [...text.matchAll(/https:\/\/discord\.com\/channels\/\d+\/(\d+)\/(\d+)/g)].map((m) => [m[1]!, m[2]!]);
}

/** The newest running game of the channel that `user` learns in. */
async function learningGameOf(user: FakeUser): Promise<GameRow> {
  const games = await env.service.tables({ channelId: channel });
  const learning = games.filter((e) => e.game?.settings.learn === true && e.game.seats.some((s) => s.userId === user.id));
  const newest = learning.at(-1);
  if (newest === undefined) throw new Error(`${user.name} has no learning game in the channel`);
  return newest.row;
}

/** The player the table's latest board calls plays one turn there: `adds`, then the turn ends unless the game did. */
async function playTurn(at: Table, adds: readonly (1 | 2)[]): Promise<void> {
  const before = boards(env.fake, at.thread).length;
  const finalsBefore = boards(env.fake, channel).length;
  const board = boards(env.fake, at.thread).at(-1)!;
  const player = env.fake.users.get(mentionedToAct(board)[0]!);
  const opened = await player.clickButton(board.id, buttonFor(board, 'turn'), { until: 'response' });
  let panel = privateReply(await until(opened, () => opened.reply !== undefined && !opened.reply.loading, 'the panel'), player);
  let last: InteractionHandle | undefined;
  const pick = (message: SeenMessage, label: RegExp) => offered(message).find((o) => label.test(o.label))!;
  for (const [i, n] of adds.entries()) {
    last = await choose(player, panel, pick(panel, n === 1 ? /^Add 1$/ : /^Add 2$/));
    if (i < adds.length - 1) panel = last.reply!;
  }
  if (adds.reduce<number>((a, b) => a + b, 0) < 4) last = await choose(player, last!.reply!, pick(last!.reply!, /End the turn/));
  await until(last!, () => boards(env.fake, at.thread).length > before || boards(env.fake, channel).length > finalsBefore, `the board after a turn of game #${at.gameId}`);
}

/** A handler's `game` suggestions for `user` in the channel, as Discord would show them with nothing typed. */
async function suggested(user: FakeUser, complete: (env: HandlerEnv, interaction: AutocompleteInteraction) => Promise<void>): Promise<number[]> {
  let answer: { value: number }[] = [];
  const interaction = {
    locale: 'en-US',
    user: { id: user.id },
    options: { getFocused: () => ({ name: 'game', value: '' }) },
    respond: async (choices: { value: number }[]) => {
      answer = choices;
    },
  } as unknown as AutocompleteInteraction;
  const handlerEnv: HandlerEnv = {
    ctx: { service: env.service, presenters: new Map([['tally', tally.presenter(null as never)]]), client: null as never, deliverer: null as never, computers: null as never, player: null as never, followingPanels: null as never },
    logger: createLogger({ level: 'silent', format: 'json' }),
    locale: 'en',
    channelId: channel,
    tableGameId: null,
  };
  await complete(handlerEnv, interaction);
  return answer.map((c) => c.value);
}

describe('in a channel with several tables', () => {
  it("the learning game's link opens the learning game's own board, not another table of the channel, in English and in Dutch", async () => {
    carolsTable = await table(carol, alice);
    bobsTable = await table(alice, bob);

    const carolsAnswer = await ask(carol, channel, 'learn', { game: 'tally' });
    carolLearns = await learningGameOf(carol);
    expect(carolLearns.threadId).not.toBeNull();
    expect(carolLearns.boardMessageId).not.toBeNull();
    // The board it opens is in the learning game's thread and names that game.
    const carolsBoard = env.fake.message(carolLearns.boardMessageId!)!;
    expect(env.fake.channelMessages(carolLearns.threadId!).map((m) => m.id)).toContain(carolsBoard.id);
    expect(carolsBoard.text).toContain(`game #${carolLearns.id}`);
    expect(carolsAnswer.text).toMatch(/^Your learning game of \*\*Tally\*\* has started/);
    expect(carolsAnswer.text).toContain(linkTo(carolLearns.threadId!, carolsBoard.id));
    // Not the table she also plays at, nor any other table of the channel.
    expect(linksIn(carolsAnswer.text)).toEqual([[carolLearns.threadId, carolsBoard.id]]);

    const davesAnswer = await ask(dave, channel, 'learn', { game: 'tally' });
    daveLearns = await learningGameOf(dave);
    expect(daveLearns.id).not.toBe(carolLearns.id);
    expect(davesAnswer.text).toMatch(/^Je oefenpartij \*\*Tally\*\* is begonnen/);
    expect(davesAnswer.text).toContain(linkTo(daveLearns.threadId!, daveLearns.boardMessageId!));
    expect(env.fake.channelMessages(daveLearns.threadId!).map((m) => m.id)).toContain(daveLearns.boardMessageId);
    expect(linksIn(davesAnswer.text)).toEqual([[daveLearns.threadId, daveLearns.boardMessageId]]);
  });

  it("/game mine links each game waiting for the player to that game's own table, here and by direct message", async () => {
    // Alice plays at both tables; a full lobby of hers waits in the channel for her to start it.
    const lobby = await openLobby(alice, channel, { game: 'tally', players: 2 });
    await dave.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
    const lobbyId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
    const waiting = (await env.service.waitingFor(env.fake.guildId, alice.id)).map((w) => w.game.row.id);
    expect(waiting).toContain(lobbyId);

    const expected = new Map<number, [string, string]>();
    for (const id of waiting) {
      const game = await row(id);
      // A running game's latest board is in its thread; the lobby is in the channel.
      expected.set(id, id === lobbyId ? [channel, lobby.id] : [game.threadId!, game.boardMessageId!]);
    }
    const check = (text: string) => {
      for (const [id, link] of expected) {
        const line = text.split('\n').find((l) => l.includes(`**Tally #${id}**`));
        expect(line, `the line of game #${id}`).toBeDefined();
        expect(linksIn(line!)).toEqual([link]);
      }
    };
    check((await ask(alice, channel, 'mine')).text);
    await ask(alice, channel, 'mine', { dm: true });
    const dm = env.fake.directMessagesTo(alice.id).at(-1)!;
    check(dm.text);
    // The lobby is done with: the channel's tables stay as they were for what follows.
    const close = await alice.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'cancel'), { until: 'response' });
    await until(close, () => env.fake.message(lobby.id)!.buttons.length === 0, 'the lobby closed');
  });

  it("/game hand offers only the player's own games, and answers at once when they play in one; /game status offers theirs first", async () => {
    // Bob plays at one table of the four: his hand comes at once, without a menu of the others.
    const bobsHand = await ask(bob, channel, 'hand');
    expect(bobsHand.selects).toEqual([]);
    expect(bobsHand.text).not.toMatch(/Which one do you mean/);
    // Erin plays at none: she has no hand here, and is not offered the others' games.
    expect((await ask(erin, channel, 'hand')).text).toBe('You play in none of the games running in this channel: there is no hand of yours to show.');
    // Carol plays at two: she is asked between those two only.
    const question = await ask(carol, channel, 'hand');
    expect(question.text).toBe('This channel has 2 running games. Which one do you mean (/game hand)?');
    expect(question.selects[0]!.options.map((o) => Number(o.value))).toEqual([carolsTable.gameId, carolLearns.id]);
    // /game status may be about any game of the channel: Carol's own come first, then the others.
    const status = await ask(carol, channel, 'status');
    expect(status.selects[0]!.options.map((o) => Number(o.value))).toEqual([carolsTable.gameId, carolLearns.id, bobsTable.gameId, daveLearns.id]);
    // The `game` option's suggestions, likewise.
    expect(await suggested(carol, gameHand.autocomplete!)).toEqual([carolsTable.gameId, carolLearns.id]);
    expect(await suggested(carol, gameStatus.autocomplete!)).toEqual([carolsTable.gameId, carolLearns.id, bobsTable.gameId, daveLearns.id]);
    expect(await suggested(bob, gameHand.autocomplete!)).toEqual([bobsTable.gameId]);
  });

  it('/game replay without a game, in the channel whose table just finished, offers that game and replays it; its final board is linked in the channel', async () => {
    // Carol's table ends: the first to reach 4 wins.
    await playTurn(carolsTable, [2, 2]);
    const ended = await row(carolsTable.gameId);
    expect(ended.status).toBe('finished');

    // Other games still run here: the player is asked which, the game that just ended among them.
    const question = await ask(alice, channel, 'replay');
    expect(question.text).toBe('This channel has 4 games to replay (those running and the last one ended). Which one do you mean (/game replay)?');
    const menu = question.selects[0]!;
    expect(menu.options.map((o) => Number(o.value))).toEqual([bobsTable.gameId, carolLearns.id, daveLearns.id, carolsTable.gameId]);
    const loaded = await env.service.byId(carolsTable.gameId);
    const players = loaded.ok ? loaded.game.seats.map((s) => s.displayName).join(', ') : '';
    expect(menu.options.at(-1)!.label).toBe(`Tally #${carolsTable.gameId} · ${players} · ended`);
    const chosen = await alice.selectOptions(question.id, menu.customId, [String(carolsTable.gameId)], { until: 'response' });
    await until(chosen, () => env.fake.message(question.id)?.text.startsWith('**Replay**') === true, 'the replay in place of the menu');
    expect(env.fake.message(question.id)!.text).toContain(`**Replay** of Tally · game #${carolsTable.gameId} (finished)`);

    // In its thread the game needs no naming either.
    const inThread = await ask(carol, carolsTable.thread, 'replay');
    expect(inThread.text).toContain(`game #${carolsTable.gameId} (finished)`);

    // The history links the final standings, posted in the channel.
    const finalBoard = ended.boardMessageId!;
    expect(env.fake.channelMessages(channel).map((m) => m.id)).toContain(finalBoard);
    const history = await ask(carol, channel, 'history');
    const line = history.text.split('\n').find((l) => l.startsWith(`#${carolsTable.gameId} `))!;
    expect(linksIn(line)).toEqual([[channel, finalBoard]]);
  });

  it('a game ended early in its thread is linked in the history at its last board, in that thread', async () => {
    await runConfirmed(alice, bobsTable.thread, 'abandon');
    const ended = await row(bobsTable.gameId);
    expect(ended.status).toBe('abandoned');
    // Its last board is the one in the thread (the end is announced, with no board of its own).
    expect(env.fake.channelMessages(bobsTable.thread).map((m) => m.id)).toContain(ended.boardMessageId);
    const history = await ask(bob, channel, 'history');
    const line = history.text.split('\n').find((l) => l.startsWith(`#${bobsTable.gameId} `))!;
    expect(linksIn(line)).toEqual([[bobsTable.thread, ended.boardMessageId]]);
  });
});
