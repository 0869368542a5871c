/**
 * The bot as it runs in production (startBot: service, router, notifier, scheduler, command registration),
 * against the fake Discord with the fake's controllable clock, on a real SQLite file. `restart()` stops
 * the client and closes the database, then starts a new client on the same file, as a redeploy would.
 * Helpers act as users do: run commands, click buttons and pick select options on what they see.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { aiComputerPlayer, type PooledComputerPlayer } from '../../src/app/computer-player.js';
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import type { Analyst } from '../../src/app/analysis/post-game.js';
import { createGameService, type GameService } from '../../src/app/game-service.js';
import { startBot, type Bot } from '../../src/discord/bot.js';
import { createDiscordClient } from '../../src/discord/client.js';
import { parseCustomId, type CustomId } from '../../src/discord/codec.js';
import type { GameRegistry } from '../../src/games/registry.js';
import { createLogger } from '../../src/logger.js';
import { inProcessBoardRenderer, type BoardRenderer } from '../../src/render/board-job.js';
import { openDatabase, type OpenDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import type { Store } from '../../src/persistence/store.js';
import { FakeDiscord, type CreateUserOptions, type FakeDiscordOptions, type FakeUser, type InteractionHandle, type SeenAttachment, type SeenMessage } from '../fake-discord/index.js';
import { boards, buttonFor, hasButton, latestBoard, type Offered } from '../support/turn-driver.js';
import { builtModuleUrl } from '../support/node-entry.js';

// What a player sees (buttons, boards, offered choices) is read by the turn driver's helpers; the tests take them from here too.
export { boards, buttonFor, hasButton, latestBoard, latestCall, mentionedToAct, offered, type Offered } from '../support/turn-driver.js';

export interface BotOnFake {
  readonly fake: FakeDiscord;
  bot: Bot;
  service: GameService;
  database: OpenDatabase;
  readonly dbFile: string;
  /** JSON log lines the bot wrote. */
  readonly logs: Record<string, unknown>[];
  /** The same lines as written (for checks on what a line may hold). */
  readonly logLines: string[];
  /** A member of the default guild the helpers below can act as. */
  createUser(name: string, options?: CreateUserOptions): FakeUser;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The games the bot hosts: GAMES, or a registry of the test's own (gameRegistry, as src/games/index.ts builds GAMES). */
  readonly games: GameRegistry;
  /** Where the presenters draw their pictures (default: on the test's thread). */
  readonly boards?: BoardRenderer;
  readonly fake?: FakeDiscordOptions;
  /** Seeds for new games, in order (then random). */
  readonly seeds?: readonly string[];
  /** The bot's log level (default info). */
  readonly logLevel?: string;
  /** The computer player (default: the AI worker pool, one thread, each decision cut at 20 ms). */
  readonly computerPlayer?: ComputerPlayer;
  /** The client's REST timeout (default: the local default of createDiscordClient). */
  readonly restTimeoutMs?: number;
  /** Register the commands globally, as production does (default: for the test guild only, which DMs do not show). */
  readonly globalCommands?: boolean;
  /** The bot's store (default: a SQLite file of its own); e.g. a PostgresStore on a test's server. */
  readonly store?: (clock: { now(): number }) => Store;
  /** How often the deliverer looks at the outbox on its own (default: the bot's). */
  readonly deliveryPollMs?: number;
  /**
   * Reviews finished games for their analysis (default: none, and no analyses are made); a function: one per
   * start; 'pool': the AI pool's idle time, as the bot's own (with the default computer player only).
   */
  readonly analyst?: Analyst | (() => Analyst) | 'pool';
  /** Told of each analysis step the default computer player's pool is done with ('reviewed', 'stopped' for a decision). */
  readonly onAnalysisStep?: (outcome: 'reviewed' | 'stopped' | 'failed') => void;
}

const fakes = new WeakMap<FakeUser, FakeDiscord>();

/**
 * How long the helpers wait for an answer of the bot (a reply, a panel, a board): generous, since a busy
 * machine answers slowly and this is no deadline (the fake holds the bot to Discord's 3 s on its own).
 */
export const WAIT_MS = 30_000;

/**
 * The bot's permissions as the README's invite asks for them: with them it plays each game in a thread of
 * its own (the fake's default role lacks the thread permissions, so a test of one game per channel needs nothing).
 */
export const INVITE_PERMISSIONS = ['ViewChannel', 'SendMessages', 'EmbedLinks', 'AttachFiles', 'ReadMessageHistory', 'UseApplicationCommands', 'CreatePublicThreads', 'SendMessagesInThreads'] as const;

export function tempDbFile(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bazaar-${name}-`));
  return path.join(dir, 'bazaar.db');
}

export async function startBotOnFake(options: StartOptions): Promise<BotOnFake> {
  const fake = await FakeDiscord.start(options.fake);
  const dbFile = tempDbFile('e2e');
  const logs: Record<string, unknown>[] = [];
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        logLines.push(line);
        logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const logger = createLogger({ level: options.logLevel ?? 'info', format: 'json' }, sink);
  const seeds = [...(options.seeds ?? [])];
  const newSeed = (): string => seeds.shift() ?? `seed-${Math.random()}`;

  const launch = async (): Promise<{ bot: Bot; service: GameService; database: OpenDatabase }> => {
    const database = openDatabase(dbFile);
    const store = options.store?.(fake.clock) ?? new SqliteStore(database, { now: () => fake.clock.now() });
    const service = createGameService({ store, modules: options.games.modules, clock: fake.clock, logger, newSeed });
    const client = createDiscordClient({ token: fake.token, apiBaseUrl: fake.apiBaseUrl, ...(options.restTimeoutMs === undefined ? {} : { rest: { timeout: options.restTimeoutMs } }) });
    // Tests keep computer decisions short: the wall-clock cap cuts the search (the choices stay legal). The
    // worker runs the run's transpiled ai-worker in a thread, as the built bot does (no tsx process to start).
    const aiWorker = builtModuleUrl('src/app/workers/ai-worker.ts');
    const pooled =
      options.computerPlayer === undefined
        ? aiComputerPlayer({ threads: 1, deadlineMs: 20, ...(aiWorker === undefined ? {} : { workerFile: aiWorker }), ...(options.onAnalysisStep === undefined ? {} : { onAnalysisStep: options.onAnalysisStep }) })
        : null;
    const boards = options.boards ?? inProcessBoardRenderer(options.games);
    const analyst: Analyst | undefined =
      options.analyst === 'pool'
        ? { games: options.games.plugins.filter((plugin) => plugin.policy !== undefined).map((plugin) => plugin.id), review: (task) => (pooled as PooledComputerPlayer).analyse(task) }
        : typeof options.analyst === 'function'
          ? options.analyst()
          : options.analyst;
    const bot = await startBot({
      computerPlayer: options.computerPlayer ?? (pooled as ComputerPlayer),
      ...(analyst === undefined ? {} : { analyst }),
      drawChart: (chart) => boards.render({ game: 'chart', view: chart, options: {} }, 'asked'),
      onStop: async () => {
        await pooled?.close();
      },
      client,
      service,
      logger,
      presenters: options.games.presenters(boards),
      applicationId: fake.applicationId,
      ...(options.globalCommands === true ? {} : { guildId: fake.guildId }),
      // The tests run the scheduler themselves (tick) after moving the clock.
      schedulerIntervalMs: 3_600_000,
      ...(options.deliveryPollMs === undefined ? {} : { deliveryPollMs: options.deliveryPollMs }),
    });
    return { bot, service, database };
  };

  const first = await launch();
  const env: BotOnFake = {
    fake,
    bot: first.bot,
    service: first.service,
    database: first.database,
    dbFile,
    logs,
    logLines,
    createUser(name, userOptions = {}) {
      const user = fake.users.create(name, userOptions);
      fakes.set(user, fake);
      return user;
    },
    async restart() {
      await env.bot.stop();
      env.database.close();
      const next = await launch();
      env.bot = next.bot;
      env.service = next.service;
      env.database = next.database;
    },
    async stop() {
      await env.bot.stop();
      env.database.close();
      await fake.stop();
      fs.rmSync(path.dirname(dbFile), { recursive: true, force: true });
    },
  };
  return env;
}

// ----- acting as users ----------------------------------------------------------------------------------

export function customIds(message: SeenMessage): CustomId[] {
  return [...message.buttons.map((b) => b.customId), ...message.selects.map((s) => s.customId)].flatMap((raw) => {
    const id = parseCustomId(raw);
    return id === null ? [] : [id];
  });
}

/**
 * A board message's pictures by their file names: the board alone (one picture a post; the phone picture
 * is drawn on demand, see phone-picture.test.ts), and the final board's summary chart. Throws when the
 * post carries anything else, an embed included.
 */
export function boardPictures(message: SeenMessage): { board: SeenAttachment; chart: SeenAttachment | undefined } {
  const board = message.attachments.find((a) => /^[a-z]+-\d+-\d+\.png$/.test(a.filename));
  const chart = message.attachments.find((a) => a.filename.endsWith('-summary.png'));
  if (board === undefined) throw new Error(`board message ${message.id} lacks its picture: ${message.attachments.map((a) => a.filename).join(', ')}`);
  if (message.embeds.length !== 0) throw new Error(`board message ${message.id} carries embeds (${JSON.stringify(message.embeds)})`);
  if (message.attachments.length !== (chart === undefined ? 1 : 2)) throw new Error(`board message ${message.id} has other files: ${message.attachments.map((a) => a.filename).join(', ')}`);
  return { board, chart };
}

/**
 * The marker a game without piece colours (Kairo, Tally) puts before a player's name in text: their
 * number in the playing order as a keycap, "1️⃣" for the start player.
 */
export async function numberMarker(service: GameService, channelId: string, userId: string): Promise<string> {
  const loaded = await service.byChannelOrFinished(channelId);
  if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no game in ${channelId}`);
  const game = loaded.game;
  const start = game.module.startSeat?.(game.state) ?? 0;
  const seat = game.seats.find((s) => s.userId === userId)!.seat;
  const place = (seat - start + game.seats.length) % game.seats.length;
  return `${place + 1}\uFE0F\u20E3`;
}

/**
 * Picks an offered action and waits until the bot has answered it: the panel edited in place (or a
 * private follow-up). Rendering a board takes longer than the fake's quiet period, so "settled" alone
 * is not enough.
 */
export async function choose(user: FakeUser, panel: SeenMessage, pick: Offered): Promise<InteractionHandle> {
  const fake = fakeOf(user);
  const revisions = fake.world.messages.get(panel.id)?.revisions.length ?? 0;
  const wait = { until: 'response' } as const;
  const handle =
    pick.kind === 'button' ? await user.clickButton(panel.id, pick.customId, wait) : await user.selectOptions(panel.id, pick.customId, [pick.value as string], wait);
  // A private follow-up answers too; a public one is the board a turn's end posts through the click.
  return handle.waitFor((h) => (fake.world.messages.get(panel.id)?.revisions.length ?? 0) > revisions || h.followUps.some((f) => f.ephemeral), {
    timeoutMs: WAIT_MS,
    description: 'the panel to be updated',
  });
}

/** Clicks a button and waits for the board after `previous` to appear in the channel. */
export async function clickForBoard(user: FakeUser, message: SeenMessage, customId: string, channelId: string): Promise<SeenMessage> {
  const fake = fakeOf(user);
  const before = boards(fake, channelId).at(-1)?.id;
  const handle = await user.clickButton(message.id, customId, { until: 'response' });
  await handle.waitFor(() => boards(fake, channelId).at(-1)?.id !== before, { timeoutMs: WAIT_MS, description: 'a new board' });
  return latestBoard(fake, channelId);
}

function fakeOf(user: FakeUser): FakeDiscord {
  const fake = fakes.get(user);
  if (fake === undefined) throw new Error(`user ${user.name} was not created with env.createUser`);
  return fake;
}

/** Clicks a button whose answer is a private reply (deferred, then completed) and returns that reply. */
export async function openPrivately(user: FakeUser, message: SeenMessage, customId: string): Promise<SeenMessage> {
  const handle = await user.clickButton(message.id, customId, { until: 'response' });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the private reply' });
  return privateReply(handle, user);
}

/** The ephemeral reply of a handle, checked to be for `user` only. */
export function privateReply(handle: InteractionHandle, user: FakeUser): SeenMessage {
  const reply = handle.reply;
  if (reply === undefined) throw new Error(`interaction ${handle.id} has no reply`);
  expect(reply.ephemeral, `reply to ${user.name} is ephemeral`).toBe(true);
  expect(user.sees(reply.channelId).some((m) => m.id === reply.id)).toBe(true);
  return reply;
}

/**
 * Runs `/game new` and returns the lobby message: the command's own answer is private (a link to the
 * lobby), and the lobby itself is posted in the channel by the outbox.
 */
export async function openLobby(user: FakeUser, channelId: string, options: Record<string, string | number>): Promise<SeenMessage> {
  const fake = fakeOf(user);
  const handle = await user.runCommand(channelId, 'game', { subcommand: 'new', options });
  await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: WAIT_MS, description: 'the answer to /game new' });
  const answer = privateReply(handle, user);
  // In a server /channels/<guild>/..., in a direct message /channels/@me/...
  const link = /\/channels\/(?:\d+|@me)\/(\d+)\/(\d+)/.exec(answer.text);
  if (link === null) throw new Error(`no lobby link in the answer: ${answer.text}`);
  expect(link[1]).toBe(channelId);
  const lobby = fake.message(link[2] as string);
  if (lobby === undefined) throw new Error(`the linked lobby message ${link[2]} does not exist`);
  expect(lobby.ephemeral).toBe(false);
  return lobby;
}

/**
 * Runs a command that asks to confirm first (`/game leave`, `/game abandon`), checks that the question is
 * private with a Confirm and a Keep playing button, presses Confirm, and returns the prompt as it was
 * replaced by the answer (when the command answered without asking, that answer).
 */
export async function runConfirmed(user: FakeUser, channelId: string, subcommand: 'leave' | 'abandon'): Promise<SeenMessage> {
  const fake = fakeOf(user);
  const prompt = privateReply(await user.runCommand(channelId, 'game', { subcommand }), user);
  if (!hasButton(prompt, 'confirm')) return prompt;
  expect(hasButton(prompt, 'keep')).toBe(true);
  const revisions = fake.world.messages.get(prompt.id)?.revisions.length ?? 0;
  const handle = await user.clickButton(prompt.id, buttonFor(prompt, 'confirm'), { until: 'response' });
  await handle.waitFor((h) => (fake.world.messages.get(prompt.id)?.revisions.length ?? 0) > revisions || h.followUps.length > 0, {
    timeoutMs: WAIT_MS,
    description: `the answer to the confirmed /game ${subcommand}`,
  });
  return handle.followUps.at(-1) ?? (fake.message(prompt.id) as SeenMessage);
}
