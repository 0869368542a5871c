/**
 * The load benchmark (`npm run bench:load`): the bot in its own process (the built dist/src/main.js, as
 * `npm start` runs it) against
 * the fake Discord of this process, on a SQLite file holding 100, 1,000 or 5,000 stored games (5-player
 * Istanbul, copied from one game of 200 moves), with 1 and with 2 render workers, as one process or as
 * one process per shard (SHARD_COUNT=2: each runs its shard's guild; the games are split between a
 * guild of each shard). For each it prints:
 *   - start -> ready (process spawned -> logged in) and start -> every stored game checked;
 *   - 1 turn at a time (20 turns), 10 and 50 turns ending at once: click -> acknowledgement and
 *     click -> new board p50/p95/p99, boards per second (one picture a post: the board); at 50, where the CPU of the 50 went: the bot (by thread), this process (the fake Discord and its players)
 *     and, on PostgreSQL, the database server; the requests to Discord per turn-end, counted against the
 *     bot's global rate limit (50 a second per token) and exempt from it (interaction endpoints);
 *   - the bot's peak RSS (all its processes together).
 * Arguments: `--stored 100,1000,5000 --workers 1,2 --shards 1,2` (defaults; workers are per process),
 * `--store sqlite,postgres` (default sqlite) for the database, `--pool 10` for each process's PostgreSQL
 * connections (DATABASE_POOL_SIZE), `--bursts 3` to end the 50 games' turns at once three times in each
 * run (the row gives the first burst, and each burst's board p95: the spread within one run, apart from
 * the machine's drift between runs), `--replays 4` for that many players stepping replays of stored games
 * (Next turn, as fast as the bot answers) during each 50 at once, which the bot draws behind the live
 * boards, `--json` for one JSON line per run. Every row also says the machine's
 * 1-minute load average at the start and the end of its run (other work on the machine skews the figures).
 *
 * On PostgreSQL a throwaway cluster (test/support/postgres.ts) serves the whole benchmark, stopped at exit,
 * also when a run fails; each run gets a fresh database in it, which all of its processes share.
 *
 * `npm run bench:load` gives this process (the fake Discord and its players, not the bot) V8's
 * --initial-old-space-size=256: the uploads it receives in a burst otherwise drove it into a full garbage
 * collection every few hundred milliseconds (about 0.1 of its 0.45 CPU-seconds in 50 turns at once), time
 * taken from the bot on the same two cores. The bot's render workers get the same kind of room themselves
 * (src/app/workers/worker-heap.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openConfiguredDatabase, storeOn, type DatabaseChoice } from '../../src/persistence/open-store.js';
import { FakeDiscord, type FakeUser, type InteractionHandle, type SeenMessage, type StoredMessage } from '../fake-discord/index.js';
import { BotProcess, until } from '../discord/bot-process.js';
import { hasButton, offeredMatching, playTurn, type Offered } from '../support/turn-driver.js';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres.js';
import { seed, type Table } from './stored-games.js';
import { createDatabase } from '../support/postgres-database.js';
import { postgresCpuMs, processCpuMs, threadCpuMs } from './proc-cpu.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const STORED = arg('stored', '100,1000,5000').split(',').map(Number);
const WORKERS = arg('workers', '1,2').split(',').map(Number);
const SHARDS = arg('shards', '1,2').split(',').map(Number);
type StoreKind = 'sqlite' | 'postgres';
const STORES = arg('store', 'sqlite').split(',') as StoreKind[];
for (const kind of STORES) if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`--store takes sqlite and/or postgres, not ${kind}`);
const POOL = Number(arg('pool', '10'));
/** How many times the 50 turns end at once in a run (the same 50 games, a turn later each time). */
const BURSTS = Number(arg('bursts', '1'));
if (!Number.isInteger(BURSTS) || BURSTS < 1) throw new Error(`--bursts takes a whole number from 1, not ${arg('bursts', '1')}`);
/** Players stepping replays during each 50 at once (--replays). */
const REPLAYS = Number(arg('replays', '0'));
if (!Number.isInteger(REPLAYS) || REPLAYS < 0) throw new Error(`--replays takes a whole number from 0, not ${arg('replays', '0')}`);
const PLAYABLE = 50;
const END_TURN = /End the turn/;


/** The bot processes of the run in progress: a run that fails must not leave them behind. */
const running = new Set<BotProcess>();
process.on('exit', () => {
  for (const bot of running) {
    try {
      if (bot.pid !== undefined) process.kill(bot.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number);
}

/** The ids of the stored copies of the long game in `guildId` (their seats are that guild's five players). */
async function storedCopies(choice: DatabaseChoice, guildId: string): Promise<number[]> {
  const database = await openConfiguredDatabase(choice);
  const query = "SELECT id FROM games WHERE guild_id = $1 AND channel_id LIKE '9000%' ORDER BY id";
  try {
    if (database.dialect === 'sqlite') return (database.open.sqlite.prepare(query.replace('$1', '?')).all(guildId) as { id: number }[]).map((row) => row.id);
    return (await database.open.pool.query<{ id: number }>(query, [guildId])).rows.map((row) => Number(row.id));
  } finally {
    await storeOn(database).close();
  }
}

/**
 * Players stepping replays while a burst runs: each opens the replay of a stored game of its guild and clicks
 * Next turn as soon as the last step is answered, on to the next game at the end of one; tells when (the fake's
 * clock) each step was answered with a new frame, and how many were answered that the bot was busy.
 */
function replaySteppers(fake: FakeDiscord, channelId: string, players: readonly FakeUser[], games: readonly number[]) {
  let stepping = false;
  let answered: number[] = [];
  let busy = 0;
  let next = 0;
  const BUSY = 'this turn of the replay has to wait';
  const open = async (user: FakeUser): Promise<SeenMessage> => {
    const gameId = games[next++ % games.length] as number;
    // Waiting for the answer alone: the fake's 'settled' also waits for a quiet moment, which a burst never has.
    const handle = await user.runCommand(channelId, 'game', { subcommand: 'replay', options: { game: gameId }, until: 'response' });
    await handle.waitFor((h) => h.reply !== undefined && !h.reply.loading, { timeoutMs: 300_000, description: 'a replay' });
    return fake.message(handle.reply!.id)!;
  };
  const replays = new Map<FakeUser, SeenMessage>();
  const step = async (user: FakeUser): Promise<void> => {
    let replay = replays.get(user) ?? (await open(user));
    while (stepping) {
      const forward = replay.buttons.find((b) => b.label?.includes('▶') === true);
      if (forward?.customId === undefined) {
        replay = await open(user);
        continue;
      }
      const before = replay.text;
      const click = await user.clickButton(replay.id, forward.customId, { until: 'response' });
      await click.waitFor((h) => h.followUps.length > 0 || fake.message(replay.id)!.text !== before, { timeoutMs: 300_000, description: 'a step of a replay' });
      if (click.followUps.some((m) => m.text.includes(BUSY))) busy += 1;
      replay = fake.message(replay.id)!;
      if (replay.text !== before) answered.push(fake.clock.now());
    }
    replays.set(user, replay);
  };
  let running: Promise<void>[] = [];
  return {
    /** Each player opens a replay (its first frame), before the burst: a replay's first opening replays the game's log. */
    async open(): Promise<void> {
      for (const user of players) if (!replays.has(user)) replays.set(user, await open(user));
    },
    start(): void {
      stepping = true;
      running = players.map((user) => step(user));
    },
    async stop(): Promise<{ answered: number[]; busy: number }> {
      stepping = false;
      await Promise.all(running);
      const counts = { answered, busy };
      answered = [];
      busy = 0;
      return counts;
    },
  };
}

interface Timed {
  ack: number[];
  board: number[];
  boardsPerSecond: number;
  /** When the last board was posted (the fake's clock). */
  lastBoardAt: number;
}

async function run(stored: number, workers: number, shards: number, storeKind: StoreKind): Promise<Record<string, unknown>> {
  const loadAtStart = os.loadavg()[0] as number;
  const fake = await FakeDiscord.start({ maxConcurrency: 2 });
  // A guild of each shard of two, with five players each; the playable games alternate between them (the
  // same layout for one process, which then runs both guilds).
  const guilds = [0, 1].map((shard) => {
    const guildId = fake.createGuild(`Load ${shard}`, { shard: [shard, 2] });
    return { guildId, users: ['ayla', 'bert', 'cleo', 'dirk', 'emma'].map((name) => fake.users.create(`${name}${shard}`, { globalName: name, guildId })) };
  });
  const tables: Table[] = Array.from({ length: PLAYABLE }, (_, i) => {
    const guild = guilds[i % 2]!;
    return { channelId: fake.createChannel(`load-${i}`, { guildId: guild.guildId }), ...guild };
  });
  const channels = tables.map((t) => t.channelId);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-load-'));
  const dbFile = path.join(dir, 'bazaar.db');
  // On PostgreSQL a fresh database of the cluster; the SQLite file is then never made.
  const postgres = storeKind === 'postgres' ? await createDatabase((cluster as PostgresCluster).adminUrl, 'load') : undefined;
  const choice: DatabaseChoice = postgres === undefined ? { databasePath: dbFile } : { databasePath: dbFile, databaseUrl: postgres.url, databasePoolSize: POOL };
  const databaseEnv: Record<string, string> = postgres === undefined ? {} : { DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: String(POOL) };
  const seeded = performance.now();
  await seed(choice, stored, tables);
  // Replays of the stored games of the first guild, by its players (seated in them, so they may see them), in a
  // channel of their own (a replay's frames carry pictures: in a game's channel they would pass for its boards).
  const replayers = guilds[0]!;
  if (REPLAYS > replayers.users.length) throw new Error(`--replays takes at most ${replayers.users.length} (the players of a guild)`);
  const steppers =
    REPLAYS === 0 ? undefined : replaySteppers(fake, fake.createChannel('load-replays', { guildId: replayers.guildId }), replayers.users.slice(0, REPLAYS), await storedCopies(choice, replayers.guildId));
  const seedMs = performance.now() - seeded;
  // Commands registered globally (both guilds); one process per shard.
  const bots = Array.from(
    { length: shards },
    (_, id) =>
      new BotProcess(fake, dbFile, { RENDER_WORKERS: String(workers), LOG_LEVEL: 'info', NODE_ENV: 'production', DEV_GUILD_ID: '', SHARD_COUNT: String(shards), SHARD_IDS: String(id), ...databaseEnv }, 'built'),
  );
  for (const bot of bots) running.add(bot);
  const spawned = performance.now();
  await Promise.all(bots.map((bot) => bot.start()));
  const readyMs = performance.now() - spawned;
  await until(fake, () => bots.every((bot) => bot.logs.some((l) => l.msg === 'games checked')), 'the stored games to be checked', 600_000);
  const checkedMs = performance.now() - spawned;
  // A board is the message with the picture, or one with the turn button whose picture was given up
  // (RENDER_TIMEOUT_MS on a loaded machine): it counts as posted, and the run says how many went so.
  const isBoard = (m: StoredMessage): boolean => m.attachments.length > 0 || hasButton(fake.message(m.id)!, 'turn');
  // Each channel's messages in order, kept as they come: the waits below ask for 50 channels' latest boards
  // at every event of the fake, and scanning every message of the run for each was most of this process's
  // CPU in a burst, on the two cores the bot's own figures are measured on.
  const messagesIn = new Map<string, StoredMessage[]>();
  const indexMessage = (m: StoredMessage): void => {
    const list = messagesIn.get(m.channelId);
    if (list === undefined) messagesIn.set(m.channelId, [m]);
    else list.push(m);
  };
  for (const m of fake.world.messages.values()) indexMessage(m);
  fake.world.events.on('messageCreate', indexMessage);
  const boardOf = (channelId: string): StoredMessage | undefined => {
    const list = messagesIn.get(channelId) ?? [];
    for (let i = list.length - 1; i >= 0; i--) if (isBoard(list[i] as StoredMessage)) return list[i];
    return undefined;
  };
  const withoutPicture = (): number => [...fake.world.messages.values()].filter((m) => channels.includes(m.channelId) && m.attachments.length === 0 && isBoard(m)).length;
  await until(fake, () => channels.every((c) => boardOf(c) !== undefined), 'the first boards', 120_000).catch((error: unknown) => {
    for (const bot of bots) console.error(bot.logs.slice(-10).map((l) => JSON.stringify(l).slice(0, 300)).join('\n'));
    console.error(`${channels.filter((c) => boardOf(c) !== undefined).length} of ${channels.length} first boards posted`);
    throw error;
  });

  /** Brings a game to the click that ends the turn (a button, or an option of a select); returns the panel and that choice. */
  const prepare = async (channelId: string): Promise<{ user: FakeUser; panel: SeenMessage; end: Offered }> => {
    const table = { fake, channelId, latest: () => fake.message(boardOf(channelId)!.id) };
    for (;;) {
      // The first choice, until the one that ends the turn is offered: that click is the one timed.
      const played = await playTurn(table, { maxSteps: 30, policy: ({ choices }) => (choices.some((c) => END_TURN.test(c.label)) ? null : (choices[0] as Offered)) });
      if (played === null) throw new Error(`the game in ${channelId} is over`);
      const end = played.end === 'stopped' ? offeredMatching(played.panel!, END_TURN) : undefined;
      if (end !== undefined) return { user: played.actor, panel: played.panel!, end };
    }
  };

  /** Ends `count` prepared turns at once; times acknowledgement and board per click. */
  const burst = async (count: number, offset: number, meter?: { start(): void; stop(): void }): Promise<Timed> => {
    const games = channels.slice(offset, offset + count);
    const prepared = [];
    for (const channelId of games) prepared.push({ channelId, before: boardOf(channelId)!.id, ...(await prepare(channelId)) });
    const handles: { channelId: string; before: string; handle: InteractionHandle }[] = [];
    meter?.start();
    for (const p of prepared) handles.push({ channelId: p.channelId, before: p.before, handle: await (p.end.kind === 'button' ? p.user.clickButton(p.panel.id, p.end.customId, { until: 'none' }) : p.user.selectOptions(p.panel.id, p.end.customId, [p.end.value as string], { until: 'none' })) });
    await until(fake, () => handles.every((h) => boardOf(h.channelId)!.id !== h.before && h.handle.record.initial !== null), `${count} boards`, 300_000);
    const ack = handles.map((h) => (h.handle.record.initial?.at ?? Number.NaN) - h.handle.record.dispatchedAt);
    const board = handles.map((h) => (boardOf(h.channelId)!.createdAt ?? Number.NaN) - h.handle.record.dispatchedAt);
    const first = Math.min(...handles.map((h) => h.handle.record.dispatchedAt));
    const last = Math.max(...handles.map((h) => boardOf(h.channelId)!.createdAt));
    meter?.stop();
    return { ack, board, boardsPerSecond: count / Math.max(0.001, (last - first) / 1000), lastBoardAt: last };
  };

  const single: Timed = { ack: [], board: [], boardsPerSecond: 0, lastBoardAt: 0 };
  for (let i = 0; i < 20; i++) {
    const one = await burst(1, i % PLAYABLE);
    single.ack.push(...one.ack);
    single.board.push(...one.board);
  }
  const ten = await burst(10, 0);
  // Where the 2 cores go during the 50: the bot's process (all its threads) against this one (the fake
  // Discord and the clicking players), and on PostgreSQL the database server, from the first click to the
  // last board.
  interface Fifty {
    timed: Timed;
    botCpuMs: number;
    ownCpuMs: number;
    databaseCpuMs: number;
    wallMs: number;
    threadSplit: string;
    /** Requests to Discord per turn-end: counted against the bot's global rate limit, exempt (interaction endpoints), refused by it (429). */
    budget: { counted: number; exempt: number; limited: number };
    /** Replay steps during the burst (--replays): when each was answered with a new frame; how many were answered that the bot was busy. */
    replaySteps: { answered: number[]; busy: number };
  }
  const fiftyAtOnce = async (): Promise<Fifty> => {
    let botCpuBefore: number[] = [];
    let ownCpuBefore = process.cpuUsage();
    let databaseCpuBefore = 0;
    let started = 0;
    let threadsBefore = new Map<string, number>();
    let requestsBefore = fake.requestTotals();
    let replaysStopped: Promise<{ answered: number[]; busy: number }> | undefined;
    const measured = { botCpuMs: 0, ownCpuMs: 0, databaseCpuMs: 0, wallMs: 0, threadSplit: '', budget: { counted: 0, exempt: 0, limited: 0 } };
    const databaseDir = storeKind === 'postgres' ? cluster?.dataDir : undefined;
    await steppers?.open();
    const timed = await burst(50, 0, {
      start: () => {
        botCpuBefore = bots.map((bot) => processCpuMs(bot.pid));
        threadsBefore = threadCpuMs(bots[0]?.pid);
        databaseCpuBefore = databaseDir === undefined ? 0 : postgresCpuMs(databaseDir);
        ownCpuBefore = process.cpuUsage();
        requestsBefore = fake.requestTotals();
        started = performance.now();
        steppers?.start();
      },
      stop: () => {
        measured.wallMs = performance.now() - started;
        replaysStopped = steppers?.stop();
        const threadsAfter = threadCpuMs(bots[0]?.pid);
        measured.threadSplit = [...threadsAfter].map(([name, ms]) => [name, ms - (threadsBefore.get(name) ?? 0)] as const).filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)}`).join(', ');
        measured.botCpuMs = bots.reduce((sum, bot, i) => sum + processCpuMs(bot.pid) - (botCpuBefore[i] as number), 0);
        measured.databaseCpuMs = databaseDir === undefined ? 0 : postgresCpuMs(databaseDir) - databaseCpuBefore;
        const own = process.cpuUsage(ownCpuBefore);
        measured.ownCpuMs = (own.user + own.system) / 1000;
        const requests = fake.requestTotals();
        measured.budget = {
          counted: (requests.counted - requestsBefore.counted) / 50,
          exempt: (requests.exempt - requestsBefore.exempt) / 50,
          limited: (requests.limited - requestsBefore.limited) / 50,
        };
      },
    });
    return { timed, ...measured, replaySteps: (await replaysStopped) ?? { answered: [], busy: 0 } };
  };
  // The first burst is the row's; further ones (--bursts) give the spread of its board p95 within one run.
  const bursts: Fifty[] = [];
  for (let i = 0; i < BURSTS; i++) bursts.push(await fiftyAtOnce());
  const { timed: fifty, botCpuMs, ownCpuMs, databaseCpuMs, wallMs: fiftyWallMs, threadSplit } = bursts[0] as Fifty;
  const perTurnEnd = (pick: (b: Fifty['budget']) => number): string => quantile(bursts.map((b) => pick(b.budget)), 0.5).toFixed(2);
  const pictureless = withoutPicture();
  const peaks = bots.map((bot) => /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${bot.pid}/status`, 'utf8'))?.[1]);
  const rss = peaks.some((kb) => kb === undefined) ? undefined : peaks.reduce((sum, kb) => sum + Number(kb), 0);
  for (const bot of bots) {
    await bot.stop();
    bot.cleanup();
    running.delete(bot);
  }
  fake.world.events.off('messageCreate', indexMessage);
  await fake.stop();
  await postgres?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
  const f = (xs: readonly number[]): string => `${quantile(xs, 0.5).toFixed(0)} / ${quantile(xs, 0.95).toFixed(0)} / ${quantile(xs, 0.99).toFixed(0)}`;
  return {
    store: storeKind === 'postgres' ? `postgres (pool ${POOL})` : 'sqlite',
    stored,
    'shard processes': shards,
    'workers per process': workers,
    'seed s': (seedMs / 1000).toFixed(1),
    'start->ready ms': readyMs.toFixed(0),
    'start->all checked ms': checkedMs.toFixed(0),
    '1 at a time: ack p50/95/99 ms': f(single.ack),
    '1 at a time: board p50/95/99 ms': f(single.board),
    '10 at once: ack': f(ten.ack),
    '10 at once: board': f(ten.board),
    '10 at once: boards/s': ten.boardsPerSecond.toFixed(1),
    '50 at once: ack': f(fifty.ack),
    '50 at once: board': f(fifty.board),
    '50 at once: boards/s': fifty.boardsPerSecond.toFixed(1),
    '50 at once: CPU s bot / fake+players / wall': `${(botCpuMs / 1000).toFixed(2)} / ${(ownCpuMs / 1000).toFixed(2)} / ${(fiftyWallMs / 1000).toFixed(2)}`,
    ...(storeKind === 'postgres' ? { '50 at once: CPU s database server': (databaseCpuMs / 1000).toFixed(2) } : {}),
    '50 at once: bot CPU s by thread (first process)': threadSplit,
    // The bot's CPU (main thread and workers, all its processes) per turn-end, and the board p95, as medians of the bursts.
    '50 at once: bot CPU ms per turn-end (median of bursts)': (quantile(bursts.map((b) => b.botCpuMs), 0.5) / 50).toFixed(1),
    '50 at once: board p95 ms (median of bursts)': quantile(bursts.map((b) => quantile(b.timed.board, 0.95)), 0.5).toFixed(0),
    ...(REPLAYS > 0
      ? {
          [`50 at once: replay steps by ${REPLAYS} players, each burst (answered before the last board / after it / busy)`]: bursts
            .map(({ replaySteps: { answered, busy }, timed: { lastBoardAt } }) => `${answered.filter((at) => at <= lastBoardAt).length} / ${answered.filter((at) => at > lastBoardAt).length} / ${busy}`)
            .join(', '),
        }
      : {}),
    // Discord's global rate limit (50 a second per bot token) counts all but the interaction endpoints.
    '50 at once: requests per turn-end counted / exempt / 429 (median of bursts)': `${perTurnEnd((b) => b.counted)} / ${perTurnEnd((b) => b.exempt)} / ${perTurnEnd((b) => b.limited)}`,
    ...(BURSTS > 1
      ? {
          '50 at once, each burst: board p95 ms': bursts.map((b) => quantile(b.timed.board, 0.95).toFixed(0)).join(', '),
          '50 at once, each burst: ack p95 ms': bursts.map((b) => quantile(b.timed.ack, 0.95).toFixed(0)).join(', '),
          '50 at once, each burst: counted requests per turn-end': bursts.map((b) => b.budget.counted.toFixed(2)).join(', '),
          [`50 at once, each burst: CPU s bot / fake+players${storeKind === 'postgres' ? ' / database server' : ''}`]: bursts
            .map((b) => [b.botCpuMs, b.ownCpuMs, ...(storeKind === 'postgres' ? [b.databaseCpuMs] : [])].map((ms) => (ms / 1000).toFixed(2)).join(' / '))
            .join(', '),
        }
      : {}),
    'peak RSS MB': rss === undefined ? '?' : (Number(rss) / 1024).toFixed(0),
    'boards without picture': pictureless,
    'load avg 1m start/end': `${loadAtStart.toFixed(1)} / ${(os.loadavg()[0] as number).toFixed(1)}`,
  };
}

// The bot runs as `npm start` runs it: the built code (built here when a source changed).
execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });

/** The throwaway PostgreSQL cluster of the whole benchmark, when a run is on PostgreSQL. */
const cluster = STORES.includes('postgres') ? await startPostgresCluster() : undefined;
// Interrupted: the cluster goes too (its server would die with us, but its folder would stay).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(130)));

const rows: Record<string, unknown>[] = [];
try {
  for (const storeKind of STORES) {
    for (const stored of STORED) {
      for (const shards of SHARDS) {
        for (const workers of WORKERS) {
          const row = await run(stored, workers, shards, storeKind);
          rows.push(row);
          if (args.includes('--json')) console.log(JSON.stringify(row));
          else console.log(row);
        }
      }
    }
  }
} finally {
  await cluster?.stop();
}
console.table(rows);
