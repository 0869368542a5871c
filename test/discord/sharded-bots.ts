/**
 * The bot as two shard processes of one application (SHARD_COUNT=2, SHARD_IDS=0 and 1) against the fake
 * Discord, on one shared database (a SQLite file or a PostgreSQL database: sharded-bots-sqlite.test.ts and
 * sharded-bots-postgres.test.ts run this same scenario): a game of Kairo in a guild of each shard is played
 * by clicking for TURNS turns each and ended by a player leaving (its final board); each process
 * handles, reminds and posts only for its own guild; a reminder due in each game fires exactly once (the
 * processes' clocks are moved, both at the same moment); shard 1 is killed with SIGKILL as a turn's board
 * reaches Discord and started again, and afterwards every channel holds exactly what the outbox delivered:
 * nothing lost, nothing posted twice, no live buttons but the final board's Rematch. The test reads the
 * database through a store of the same dialect as the bots'. (Whole games to the end through Discord are
 * kairo.test.ts's and istanbul.test.ts's: here a game of 40-80 turns on each of two shards and two
 * databases cost about 40 CPU-seconds and showed nothing about shards that ten turns do not.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot } from '../../src/app/game-service.js';
import { parseCustomId } from '../../src/discord/codec.js';
import { GAMES } from '../../src/games/index.js';
import { seedRng, type RngState } from '../../src/engine/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import { createLogger } from '../../src/logger.js';
import { openConfiguredDatabase, storeOn, type DatabaseChoice } from '../../src/persistence/open-store.js';
import type { Store } from '../../src/persistence/store.js';
import type { DeliveryRow } from '../../src/persistence/schema.js';
import { FakeDiscord, type FakeUser, type RequestRecord, type SeenMessage } from '../fake-discord/index.js';
import { BotProcess, until } from './bot-process.js';
import { playTurn, type PlayedTurn } from '../support/turn-driver.js';
import { boards, buttonFor, hasButton } from './harness.js';
import { pickKairo } from './kairo-policy.js';

const HOUR = 3_600_000;
/** Turns each table plays before a player leaves: three before the reminder, the kill and those after it. */
const TURNS = 10;
/** The first reminder of a turn is due 12 hours (the default interval) after the turn began. */
const REMINDER_DUE = 12 * HOUR + 60_000;

interface Table {
  readonly name: string;
  readonly channel: string;
  readonly players: readonly FakeUser[];
  readonly bot: BotProcess;
  readonly rng: RngState;
  turns: number;
}

/** The database both shard processes share, as the bots are configured for it. */
export interface SharedDatabase {
  /** For the test's title: "one SQLite file", "one PostgreSQL database". */
  readonly name: string;
  /** The SQLite file (DATABASE_PATH; with a URL it is never made) and the PostgreSQL URL, if any. */
  readonly choice: () => DatabaseChoice;
  /** What each bot process is given besides DATABASE_PATH (DATABASE_URL, DATABASE_POOL_SIZE). */
  readonly env: () => Record<string, string>;
}

/** Registers the scenario's describe block (hooks and test) for one shared database. */
export function describeShardedBots(database: SharedDatabase, enabled = true): void {
  describe.runIf(enabled)(`two shard processes on ${database.name}`, () => {
    shardedBots(database);
  });
}

function shardedBots(shared: SharedDatabase): void {
  let fake: FakeDiscord;
  let dbFile: string;
  let shards: BotProcess[] = [];
  /** The test's own view of the shared database (reads only), through a store of the bots' dialect. */
  let store: Store;
  let reader: GameService;
  /** Each channel's game, once found (a channel holds one game in this scenario). */
  const games = new Map<string, number>();

  beforeAll(async () => {
    // The acknowledgement window is widened from Discord's 3 s: this scenario is about shards, kills and
    // restarts, and four bot processes (this file's and the other database's) starting at once on two busy
    // cores can take longer than 3 s over their first interaction. The 3 s window is held elsewhere.
    fake = await FakeDiscord.start({ maxConcurrency: 2, responseWindowMs: 10_000 });
    const choice = shared.choice();
    dbFile = choice.databasePath;
    // Global commands (no development guild): both guilds have them.
    const settings = (id: number) => ({ SHARD_COUNT: '2', SHARD_IDS: String(id), DEV_GUILD_ID: '', RENDER_WORKERS: '1', ...shared.env() });
    shards = [new BotProcess(fake, dbFile, settings(0), 'clocked'), new BotProcess(fake, dbFile, settings(1), 'clocked')];
    // Started together on a new database: both open and migrate it at once.
    await Promise.all(shards.map((bot) => bot.start()));
    await fake.waitForShards([0, 1]);
    store = storeOn(await openConfiguredDatabase(choice));
    reader = createGameService({ store, modules: GAMES.modules, clock: { now: () => Date.now() }, logger: createLogger({ level: 'silent', format: 'json' }) });
  }, 360_000);

  afterAll(async () => {
    await store?.close();
    for (const bot of shards) {
      await bot.stop();
      bot.cleanup();
    }
    await fake?.stop();
    if (dbFile !== undefined) fs.rmSync(path.dirname(dbFile), { recursive: true, force: true });
  });

  async function gameIn(channel: string): Promise<number> {
    let id = games.get(channel);
    if (id === undefined) {
      id = ((await store.games.findRunningByChannel(channel)) ?? (await store.games.findLastEnded(channel)))?.id;
      if (id === undefined) throw new Error(`no game in ${channel}`);
      games.set(channel, id);
    }
    return id;
  }

  async function deliveriesOf(channel: string): Promise<DeliveryRow[]> {
    return reader.outbox.rows.ofGame(await gameIn(channel));
  }

  /** Nothing owed any more in the channel, and no posted message keeps buttons a newer one replaced. */
  async function settledIn(channel: string): Promise<boolean> {
    const gameId = await gameIn(channel);
    return (await deliveriesOf(channel)).every((d) => d.status !== 'pending') && (await reader.outbox.staleButtons(gameId)).length === 0;
  }

  async function activeGame(channel: string): Promise<ActiveSnapshot> {
    const loaded = await reader.byChannel(channel);
    if (!loaded.ok || loaded.game.kind !== 'active') throw new Error(`no active game in ${channel}: ${JSON.stringify(loaded)}`);
    return loaded.game;
  }

  /**
   * Runs an interaction and waits for its answer: the message it updates changes, or the reply or a
   * private follow-up is complete. Null when the process was killed under it.
   */
  async function answered(table: Table, act: () => Promise<{ reply?: SeenMessage | undefined; followUps: readonly SeenMessage[] }>, messageId?: string): Promise<SeenMessage | null> {
    const revisions = messageId === undefined ? 0 : (fake.world.messages.get(messageId)?.revisions.length ?? 0);
    const handle = await act();
    await until(
      fake,
      () =>
        !table.bot.running ||
        (messageId !== undefined ? (fake.world.messages.get(messageId)?.revisions.length ?? 0) > revisions : handle.reply !== undefined && !handle.reply.loading) ||
        handle.followUps.some((f) => f.ephemeral),
      `an answer in ${table.name}`,
    );
    if (!table.bot.running) return null;
    return messageId === undefined ? (handle.reply ?? null) : (fake.message(messageId) ?? null);
  }

  /** Whether a request's path is a follow-up of a click in `channel` (a turn's board posted through the click). */
  function followUpIn(channel: string, path: string): boolean {
    const token = /^\/webhooks\/\d+\/([^/]+)$/.exec(path)?.[1];
    return token !== undefined && [...fake.world.interactions.values()].some((i) => i.token === token && i.channelId === channel);
  }

  /** kill -9 of the table's process the moment a message is posted in its channel (the turn's board, in the channel or as the click's follow-up). */
  function killOnNextPost(table: Table): () => void {
    const listener = (record: RequestRecord): void => {
      if (record.method !== 'POST' || (record.path !== `/channels/${table.channel}/messages` && !followUpIn(table.channel, record.path))) return;
      fake.world.events.off('requestReceived', listener);
      void table.bot.kill();
    };
    fake.world.events.on('requestReceived', listener);
    return () => fake.world.events.off('requestReceived', listener);
  }

  async function openGame(table: Table): Promise<void> {
    const [host, guest] = table.players as [FakeUser, FakeUser];
    await answered(table, () => host.runCommand(table.channel, 'game', { subcommand: 'new', options: { game: 'kairo', players: 2, layout: 'quick' }, until: 'none' }));
    await until(fake, () => fake.channelMessages(table.channel).some((m) => hasButton(m, 'join')), `the lobby in ${table.name}`);
    // Found by its Start: a full lobby offers no Join.
    const lobby = () => fake.channelMessages(table.channel).find((m) => hasButton(m, 'start')) as SeenMessage;
    await answered(table, () => guest.clickButton(lobby().id, buttonFor(lobby(), 'join'), { until: 'none' }), lobby().id);
    await answered(table, () => host.clickButton(lobby().id, buttonFor(lobby(), 'start'), { until: 'none' }), lobby().id);
    await until(fake, async () => boards(fake, table.channel).length === 1 && await settledIn(table.channel), `the first board in ${table.name}`);
  }

  /** One turn from the newest board, by the player it names, choosing as the Kairo policy says. */
  async function playTableTurn(table: Table, options: { kill?: boolean } = {}): Promise<void> {
    let disarm = (): void => undefined;
    let played: PlayedTurn | null;
    try {
      played = await playTurn(
        { fake, channelId: table.channel, gone: () => !table.bot.running },
        {
          maxSteps: 20,
          onPanel() {
            if (options.kill === true) disarm = killOnNextPost(table);
          },
          async policy({ choices, actor }) {
            const game = await activeGame(table.channel);
            const seat = reader.seatOf(game, actor.id)!.seat;
            const legal = reader.legalActions(game, seat) as KairoAction[];
            const index = pickKairo(game.state as KairoState, seat, legal, new Set(choices.map((c) => c.index)), table.rng);
            return choices.find((c) => c.index === index)!;
          },
        },
      );
    } finally {
      disarm();
    }
    if (played === null) throw new Error(`no turn to play in ${table.name}`);
    const { board } = played;
    if (!table.bot.running) {
      // Killed as the board reached Discord: started again on the same database, it posts what is owed.
      await until(fake, () => !table.bot.running, 'the killed process to be gone');
      await table.bot.start();
    }
    await until(fake, async () => boards(fake, table.channel).at(-1)?.id !== board.id && await settledIn(table.channel), `the board after turn ${table.turns + 1} in ${table.name}`);
    table.turns++;
  }

  /** TURNS turns in all (the kill at turn `killAtTurn`), then the second player leaves: the game ends there. */
  async function playOnAndLeave(table: Table, killAtTurn?: number): Promise<void> {
    while (table.turns < TURNS) await playTableTurn(table, { kill: table.turns === killAtTurn });
    const leaver = table.players[1] as FakeUser;
    const before = boards(fake, table.channel).length;
    const prompt = await answered(table, () => leaver.runCommand(table.channel, 'game', { subcommand: 'leave', until: 'none' }));
    if (prompt === null || !hasButton(prompt, 'confirm')) throw new Error(`no confirmation asked for /game leave in ${table.name}`);
    await answered(table, () => leaver.clickButton(prompt.id, buttonFor(prompt, 'confirm'), { until: 'none' }), prompt.id);
    await until(fake, async () => boards(fake, table.channel).length > before && await settledIn(table.channel), `the final board in ${table.name}`);
  }

  it('play a game in a guild of each shard until a player leaves; one reminder each; kill -9 of a shard loses and repeats nothing', { timeout: 600_000 }, async () => {
    // A failure says what each process was doing last.
    onTestFailed(() => {
      for (const [index, bot] of shards.entries()) console.error(`shard ${index}:\n${bot.lines.slice(-15).map((l) => l.slice(0, 300)).join('\n')}\n${bot.stderr.join('').slice(-1000)}`);
    });
    const east = fake.createGuild('East', { shard: [0, 2] });
    const west = fake.createGuild('West', { shard: [1, 2] });
    const tables: Table[] = [
      { name: 'East', channel: fake.channelId('general', east), players: [fake.users.create('alice', { guildId: east }), fake.users.create('bob', { guildId: east })], bot: shards[0]!, rng: seedRng('shard-e2e:east'), turns: 0 },
      { name: 'West', channel: fake.channelId('general', west), players: [fake.users.create('carol', { guildId: west }), fake.users.create('dave', { guildId: west })], bot: shards[1]!, rng: seedRng('shard-e2e:west'), turns: 0 },
    ];
    const [eastTable, westTable] = tables as [Table, Table];

    await Promise.all(tables.map((table) => openGame(table)));
    await Promise.all(tables.map(async (table) => {
      for (let turn = 0; turn < 3; turn++) await playTableTurn(table);
    }));

    // Twelve hours later on both processes' clocks: each reminds its own guild's game, once.
    expect(await Promise.all(shards.map((bot) => bot.advanceClock(REMINDER_DUE)))).toEqual([1, 1]);
    await until(fake, async () => (await Promise.all(tables.map(async (t) => (await deliveriesOf(t.channel)).some((d) => d.kind === 'reminder') && (await settledIn(t.channel))))).every(Boolean), 'a reminder in each channel');
    // Looking again at the same moment finds nothing more to run, on either shard.
    expect(await Promise.all(shards.map((bot) => bot.advanceClock(0)))).toEqual([0, 0]);

    // Shard 1 dies as its next board reaches Discord; shard 0 plays on meanwhile.
    await Promise.all([playOnAndLeave(eastTable), playOnAndLeave(westTable, westTable.turns + 1)]);
    expect(shards.map((bot) => bot.starts)).toEqual([1, 2]);

    for (const table of tables) {
      const owed = await deliveriesOf(table.channel);
      const delivered = owed.filter((d) => d.status === 'delivered');
      const deliveredIds = new Set(delivered.map((d) => d.id));
      // Nothing lost: every delivery was posted, or merged into one that was.
      expect(owed.filter((d) => !(d.status === 'delivered' || (d.status === 'superseded' && (d.supersededBy === null || deliveredIds.has(d.supersededBy))))), table.name).toEqual([]);
      // Nothing twice: the channel holds exactly the delivered messages, each once.
      expect(fake.channelMessages(table.channel).map((m) => m.id).sort(), table.name).toEqual(delivered.map((d) => d.messageId).sort());
      expect(new Set(delivered.map((d) => d.messageId)).size).toBe(delivered.length);
      expect(owed.filter((d) => d.kind === 'reminder').map((d) => d.status), `${table.name}: one reminder`).toEqual(['delivered']);
      // No live buttons once the game is over, but the final board's Rematch, Replay, Analysis and Phone view.
      const live = fake.channelMessages(table.channel).filter((m) => m.buttons.some((b) => !['rematch', 'replay', 'analysis', 'phone', 'text'].includes(parseCustomId(b.customId)?.verb ?? '')));
      expect(live.map((m) => m.text.slice(0, 60)), `${table.name}: no live buttons`).toEqual([]);
      // The final board: the leaver's seat went to a computer player, and the one human left wins.
      expect(boards(fake, table.channel).at(-1)?.text).toMatch(/\*\*The game is over\.\*\* .* wins: every other player left the game\.\n.* left the game\./);
      expect((await reader.repo.findById(await gameIn(table.channel)))?.status).toBe('finished');
    }
    // Each process posted only in its own guild's channel.
    for (const [index, table] of tables.entries()) {
      const posted = shards[index]!.logs.filter((l) => l.msg === 'delivered').map((l) => l.channelId);
      expect(posted.length).toBeGreaterThan(0);
      expect(new Set(posted)).toEqual(new Set([table.channel]));
    }
    console.log(`two shard processes on ${shared.name}: East ${eastTable.turns} turns, West ${westTable.turns} turns, shard 1 killed once and restarted`);
    fake.assertNoViolations();
  });
}
