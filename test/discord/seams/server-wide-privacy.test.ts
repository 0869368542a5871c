/**
 * What spans the whole server keeps a private channel private: a member who cannot view a channel does not
 * find its games in /game list server:true, /game history or the replay suggestions, and cannot replay
 * them, by number or by a forged button; one who plays in such a game still finds and replays it. Whether
 * a member can view a channel is Discord's own answer: the guild's channel overwrites, here one that
 * denies the channel to one member. And /stats about a user Discord did not resolve is refused, in the
 * asker's language, rather than answered about the asker.
 *
 * Crosses: tables, replays, languages
 */
import { Events, type AutocompleteInteraction } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UnresolvedUser, type FakeUser, type InteractionHandle, type SeenMessage } from '../../fake-discord/index.js';
import { tallyGame } from '../../games/tally/game.js';
import { tallyComputer } from '../../games/tally/ai/index.js';
import { gameRegistry } from '../../../src/games/registry.js';
import type { HandlerEnv } from '../../../src/discord/context.js';
import { gameReplay } from '../../../src/discord/handlers/commands/game-replay.js';
import { encodeCustomId, parseCustomId } from '../../../src/discord/codec.js';
import { createLogger } from '../../../src/logger.js';
import { boards, buttonFor, choose, mentionedToAct, offered, openLobby, privateReply, startBotOnFake, type BotOnFake, WAIT_MS, INVITE_PERMISSIONS } from '../harness.js';

const tally = tallyGame({ removeSeat: false, target: 4 });
let env: BotOnFake;
let alice: FakeUser;
let bob: FakeUser;
let eve: FakeUser;
let dora: FakeUser;
/** A channel every member views, and one denied to Eve (and, once their games there are played, to Bob). */
let lounge: string;
let backroom: string;
/** In the lounge: Alice and Eve's finished game, Bob and Eve's running one. In the back room: Alice and Bob's finished game and their running one. */
let loungeEnded: Table;
let loungeRunning: Table;
let backroomEnded: Table;
let backroomRunning: Table;

interface Table {
  readonly gameId: number;
  readonly channel: string;
  readonly thread: string;
}

beforeAll(async () => {
  env = await startBotOnFake({
    games: gameRegistry([tally]),
    seeds: Array.from({ length: 10 }, (_, i) => `privacy-${i}`),
    computerPlayer: tallyComputer,
    fake: { botPermissions: [...INVITE_PERMISSIONS] },
  });
  alice = env.createUser('alice', { globalName: 'Alice' });
  bob = env.createUser('bob', { globalName: 'Bob' });
  eve = env.createUser('eve', { globalName: 'Eve' });
  dora = env.createUser('dora', { globalName: 'Dora', locale: 'de' });
  lounge = env.fake.createChannel('lounge');
  backroom = env.fake.createChannel('backroom');
  await denyView(backroom, eve);

  loungeEnded = await table(lounge, alice, eve);
  await finish(loungeEnded);
  loungeRunning = await table(lounge, bob, eve);
  backroomEnded = await table(backroom, alice, bob);
  await finish(backroomEnded);
  backroomRunning = await table(backroom, alice, bob);
  // Bob loses sight of the back room; he still plays there.
  await denyView(backroom, bob);
});

afterEach(() => {
  env.fake.assertNoViolations();
});

afterAll(async () => {
  await env?.stop();
});

function until(handle: InteractionHandle, predicate: () => boolean, description: string): Promise<InteractionHandle> {
  return handle.waitFor(predicate, { timeoutMs: WAIT_MS, description });
}

/** Denies `user` the channel, and waits until the bot's client has heard of it (the channel's update). */
async function denyView(channelId: string, user: FakeUser): Promise<void> {
  const client = env.bot.client;
  const heard = new Promise<void>((resolve) => {
    const listener = (_before: unknown, after: { id: string }) => {
      if (after.id !== channelId) return;
      client.off(Events.ChannelUpdate, listener);
      resolve();
    };
    client.on(Events.ChannelUpdate, listener);
  });
  env.fake.setPermissionOverwrite(channelId, { id: user.id, deny: ['ViewChannel'] });
  await heard;
}

/** Runs a command and returns its private answer once it is complete. */
async function ask(user: FakeUser, where: string, name: 'game' | 'stats', subcommand: string | undefined, options: Record<string, string | number | boolean | UnresolvedUser> = {}): Promise<SeenMessage> {
  const handle = await user.runCommand(where, name, { ...(subcommand === undefined ? {} : { subcommand }), options });
  await until(handle, () => handle.reply !== undefined && !handle.reply.loading, `the answer to /${name} ${subcommand ?? ''}`);
  return privateReply(handle, user);
}

/** Opens a lobby as `host` in `channel`, seats `guest`, starts it, and waits for its thread's first board. */
async function table(channel: string, host: FakeUser, guest: FakeUser): Promise<Table> {
  const before = new Set(env.fake.threadsOf(channel).map((t) => t.id));
  const lobby = await openLobby(host, channel, { game: 'tally' });
  const gameId = parseCustomId(buttonFor(lobby, 'join'))!.gameId;
  await guest.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'join'));
  const start = await host.clickButton(lobby.id, buttonFor(env.fake.message(lobby.id)!, 'start'), { until: 'response' });
  const opened = () => env.fake.threadsOf(channel).find((t) => !before.has(t.id));
  await until(start, () => opened() !== undefined && boards(env.fake, opened()!.id).length === 1, `the first board of game #${gameId}`);
  return { gameId, channel, thread: opened()!.id };
}

/** The player the table's board calls ends the game at once: the first to reach 4 wins. */
async function finish(at: Table): Promise<void> {
  const finalsBefore = boards(env.fake, at.channel).length;
  const board = boards(env.fake, at.thread).at(-1)!;
  const player = env.fake.users.get(mentionedToAct(board)[0]!);
  const opened = await player.clickButton(board.id, buttonFor(board, 'turn'), { until: 'response' });
  const panel = privateReply(await until(opened, () => opened.reply !== undefined && !opened.reply.loading, 'the panel'), player);
  const addTwo = (message: SeenMessage) => offered(message).find((o) => /^Add 2$/.test(o.label))!;
  const first = await choose(player, panel, addTwo(panel));
  const last = await choose(player, first.reply!, addTwo(first.reply!));
  await until(last, () => boards(env.fake, at.channel).length > finalsBefore, `the final standings of game #${at.gameId}`);
}

/** The games named on the lines of a list ("**Tally #12**" or "#12 Tally"). */
function gamesIn(text: string): number[] {
  return [...text.matchAll(/(?:\*\*Tally #(\d+)\*\*|^#(\d+) Tally)/gm)].map((m) => Number(m[1] ?? m[2]));
}

/** /game replay's suggestions for `user`, as Discord would show them with nothing typed. */
async function replaySuggestions(user: FakeUser): Promise<number[]> {
  let answer: { value: number }[] = [];
  const interaction = {
    guildId: env.fake.guildId,
    guild: env.bot.client.guilds.cache.get(env.fake.guildId) ?? null,
    user: { id: user.id },
    member: null,
    locale: 'en-US',
    options: { getFocused: () => ({ name: 'game', value: '' }) },
    respond: async (choices: { value: number }[]) => {
      answer = choices;
    },
  } as unknown as AutocompleteInteraction;
  const handlerEnv: HandlerEnv = {
    ctx: { service: env.service, presenters: new Map([['tally', tally.presenter(null as never)]]), client: env.bot.client, deliverer: null as never, computers: null as never, player: null as never, followingPanels: null as never },
    logger: createLogger({ level: 'silent', format: 'json' }),
    locale: 'en',
    channelId: lounge,
  };
  await gameReplay.autocomplete!(handlerEnv, interaction);
  return answer.map((c) => c.value);
}

describe('a channel a member cannot view', () => {
  it('its running games are not in their list of the whole server; a player there still finds the game they play', async () => {
    expect(gamesIn((await ask(eve, lounge, 'game', 'list', { server: true })).text)).toEqual([loungeRunning.gameId]);
    expect(gamesIn((await ask(alice, lounge, 'game', 'list', { server: true })).text)).toEqual([loungeRunning.gameId, backroomRunning.gameId]);
    expect(gamesIn((await ask(bob, lounge, 'game', 'list', { server: true })).text)).toEqual([loungeRunning.gameId, backroomRunning.gameId]);
    // Nothing of the back room either: no thread, no channel.
    const evesList = (await ask(eve, lounge, 'game', 'list', { server: true })).text;
    expect(evesList).not.toContain(backroom);
    expect(evesList).not.toContain(backroomRunning.thread);
  });

  it('its finished games are not in their history; those who played them still see them', async () => {
    expect(gamesIn((await ask(eve, lounge, 'game', 'history')).text)).toEqual([loungeEnded.gameId]);
    expect(gamesIn((await ask(alice, lounge, 'game', 'history')).text)).toEqual([backroomEnded.gameId, loungeEnded.gameId]);
    expect(gamesIn((await ask(bob, lounge, 'game', 'history')).text)).toEqual([backroomEnded.gameId, loungeEnded.gameId]);
  });

  it('its games are neither suggested to them nor replayed for them, by number or by a forged button; their players may replay them', async () => {
    expect(await replaySuggestions(eve)).toEqual([loungeRunning.gameId, loungeEnded.gameId]);
    expect(await replaySuggestions(bob)).toEqual([backroomRunning.gameId, backroomEnded.gameId, loungeRunning.gameId, loungeEnded.gameId]);

    const refused = await ask(eve, lounge, 'game', 'replay', { game: backroomEnded.gameId });
    expect(refused.text).toBe(`Game #${backroomEnded.gameId} was played in a channel you cannot see, so its replay is not shown to you. Nothing was changed.`);
    expect(refused.attachments).toEqual([]);
    expect((await ask(eve, lounge, 'game', 'replay', { game: backroomRunning.gameId })).text).toContain('a channel you cannot see');

    // The Replay button of a game she may see, forged with the hidden game's number.
    const finalBoard = boards(env.fake, lounge).at(-1)!;
    const forged = await eve.forgeClick(finalBoard.id, encodeCustomId({ gameId: backroomEnded.gameId, version: 1, verb: 'replay' }));
    await until(forged, () => forged.reply !== undefined && !forged.reply.loading, 'the answer to the forged button');
    expect(privateReply(forged, eve).text).toBe(`Game #${backroomEnded.gameId} was played in a channel you cannot see, so its replay is not shown to you. Nothing was changed.`);

    // Bob no longer sees the back room, but he played there.
    expect((await ask(bob, lounge, 'game', 'replay', { game: backroomEnded.gameId })).text).toContain(`**Replay** of Tally · game #${backroomEnded.gameId} (finished)`);
    expect((await ask(alice, lounge, 'game', 'replay', { game: backroomEnded.gameId })).text).toContain(`**Replay** of Tally · game #${backroomEnded.gameId} (finished)`);
  });
});

describe('/stats', () => {
  it('about a user Discord did not resolve is refused in the asker’s language, never answered about the asker', async () => {
    const stranger = new UnresolvedUser('400000000000000001');
    expect((await ask(eve, lounge, 'stats', undefined, { user: stranger })).text).toBe('Discord did not say who that member is: pick them from the list and try again. Nothing was shown.');
    expect((await ask(dora, lounge, 'stats', undefined, { user: stranger })).text).toBe(
      'Discord hat nicht mitgeteilt, wer dieses Mitglied ist: Wähle es aus der Liste und versuche es noch einmal. Es wurde nichts gezeigt.',
    );
    // Named and resolved, or not named at all: answered as before.
    expect((await ask(eve, lounge, 'stats', undefined, { user: alice })).text).toContain(`<@${alice.id}>`);
    expect((await ask(eve, lounge, 'stats', undefined)).text).toContain(`<@${eve.id}>`);
  });
});
