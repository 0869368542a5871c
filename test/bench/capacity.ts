/**
 * The capacity benchmark (`npm run bench:capacity`): how many active games one machine carries. The bot
 * runs in its own process (the built dist/src/main.js, as `npm start` runs it) against the fake Discord
 * of this process, on a database holding `--stored` games (as bench:load seeds them: stored-games.ts), of
 * which `--tables` are played. Turns arrive at a steady random rate (a Poisson process, seeded): each
 * arrival takes a table that is free (or waits for one), plays its turn through the panel as a player does
 * and clicks the end of the turn; the turn is done when its new board is in the channel.
 *
 * Rates are tried from `--start` turn-ends a second, doubling while a rate holds, then halving the gap
 * between the highest that held and the lowest that did not, `--steps` rates in all, each for
 * `--seconds`. A rate holds when the boards' p95 (the click that ends a turn -> its board in the channel)
 * is at most 2 s and the backlog does not grow: the turns that arrived and are not on the board yet,
 * sampled every second, are on average no more over the last quarter of the run than over its second
 * quarter (with a margin of half again and two turns), and the last of them arrive within a minute after
 * the arrivals stop. The highest rate that held is reported as "active games at one turn per game every
 * 10 minutes" (the rate x 600), with the bot's CPU per turn-end, this process's (the fake Discord and the
 * players), the database server's on PostgreSQL, and the machine's 1-minute load average at the start and
 * the end of each rate (other work on the machine lowers the figure).
 *
 * Arguments: `--store sqlite,postgres` (default both), `--stored 1000`, `--tables 60`, `--start 2`,
 * `--steps 5`, `--seconds 40`, `--workers 2` (render workers), `--pool 10` (PostgreSQL connections),
 * `--seed 1`, `--json` (one JSON line per rate). The defaults take about ten minutes; longer runs
 * (`--seconds 90 --steps 6 --start 4`) settle the figure.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FakeDiscord, type FakeUser, type InteractionHandle, type SeenMessage, type StoredMessage } from '../fake-discord/index.js';
import { BotProcess, until } from '../discord/bot-process.js';
import { END_TURN, hasButton, offeredMatching, playTurn, type Offered } from '../support/turn-driver.js';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres.js';
import { createDatabase } from '../support/postgres-database.js';
import type { DatabaseChoice } from '../../src/persistence/open-store.js';
import { seed, type Table } from './stored-games.js';
import { postgresCpuMs, processCpuMs } from './proc-cpu.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const wholeNumber = (name: string, fallback: string, least: number): number => {
  const value = Number(arg(name, fallback));
  if (!Number.isInteger(value) || value < least) throw new Error(`--${name} takes a whole number from ${least}, not ${arg(name, fallback)}`);
  return value;
};
type StoreKind = 'sqlite' | 'postgres';
const STORES = arg('store', 'sqlite,postgres').split(',') as StoreKind[];
for (const kind of STORES) if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`--store takes sqlite and/or postgres, not ${kind}`);
const STORED = wholeNumber('stored', '1000', 1);
const TABLES = wholeNumber('tables', '60', 2);
const START_RATE = Number(arg('start', '2'));
if (!(START_RATE > 0)) throw new Error(`--start takes a rate above 0, not ${arg('start', '2')}`);
const STEPS = wholeNumber('steps', '5', 1);
const SECONDS = wholeNumber('seconds', '40', 5);
const WORKERS = wholeNumber('workers', '2', 1);
const POOL = wholeNumber('pool', '10', 1);
const SEED = wholeNumber('seed', '1', 0);
/** A rate holds while the boards' p95 stays within this (ms). */
const BOARD_P95_MS = 2_000;
/** After the arrivals stop, the turns under way must be on the board within this (ms). */
const DRAIN_MS = 60_000;
/** A turn whose panel or board does not come within this (ms) failed. */
const TURN_MS = 60_000;

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number);
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** A small seeded PRNG (mulberry32): the same arrivals and tables on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bot processes running: a run that fails must not leave them behind. */
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

/** What one rate gave. */
interface RateResult {
  readonly store: string;
  readonly rate: number;
  readonly holds: boolean;
  readonly why: string;
  readonly arrived: number;
  readonly timed: number;
  readonly turnEnds: number;
  readonly boardP50: number;
  readonly boardP95: number;
  readonly backlogSecondQuarter: number;
  readonly backlogLastQuarter: number;
  readonly botCpuMsPerTurnEnd: number;
  readonly ownCpuMsPerTurnEnd: number;
  readonly databaseCpuMsPerTurnEnd: number | null;
  readonly load: string;
}

async function runStore(storeKind: StoreKind, cluster: PostgresCluster | undefined): Promise<RateResult[]> {
  const fake = await FakeDiscord.start({ maxConcurrency: 2 });
  const guilds = [0, 1].map((n) => {
    const guildId = fake.createGuild(`Capacity ${n}`);
    return { guildId, users: ['ayla', 'bert', 'cleo', 'dirk', 'emma'].map((name) => fake.users.create(`${name}${n}`, { globalName: name, guildId })) };
  });
  const tables: Table[] = Array.from({ length: TABLES }, (_, i) => {
    const guild = guilds[i % 2]!;
    return { channelId: fake.createChannel(`capacity-${i}`, { guildId: guild.guildId }), ...guild };
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-capacity-'));
  const dbFile = path.join(dir, 'bazaar.db');
  const postgres = storeKind === 'postgres' ? await createDatabase((cluster as PostgresCluster).adminUrl, 'capacity') : undefined;
  const choice: DatabaseChoice = postgres === undefined ? { databasePath: dbFile } : { databasePath: dbFile, databaseUrl: postgres.url, databasePoolSize: POOL };
  const databaseEnv: Record<string, string> = postgres === undefined ? {} : { DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: String(POOL) };
  await seed(choice, STORED, tables);
  const bot = new BotProcess(fake, dbFile, { RENDER_WORKERS: String(WORKERS), LOG_LEVEL: 'info', NODE_ENV: 'production', DEV_GUILD_ID: '', ...databaseEnv }, 'built');
  running.add(bot);
  const results: RateResult[] = [];
  try {
    await bot.start();
    await until(fake, () => bot.logs.some((l) => l.msg === 'games checked'), 'the stored games to be checked', 600_000);

    // Each table's messages in order and its latest board, kept as they come (looked up at every event).
    const channels = new Set(tables.map((t) => t.channelId));
    const isBoard = (m: StoredMessage): boolean => m.attachments.length > 0 || hasButton(fake.message(m.id)!, 'turn');
    const latestBoard = new Map<string, StoredMessage>();
    let boardsPosted = 0;
    const boardWaiters = new Map<string, () => void>();
    const onMessage = (m: StoredMessage): void => {
      if (!channels.has(m.channelId) || !isBoard(m)) return;
      latestBoard.set(m.channelId, m);
      boardsPosted++;
      boardWaiters.get(m.channelId)?.();
    };
    for (const m of fake.world.messages.values()) if (channels.has(m.channelId) && isBoard(m)) latestBoard.set(m.channelId, m);
    fake.world.events.on('messageCreate', onMessage);
    await until(fake, () => tables.every((t) => latestBoard.has(t.channelId)), 'the first boards', 300_000);

    /** Resolves when a board newer than `before` is in the channel; rejects when none came within TURN_MS. */
    const boardAfter = (channelId: string, before: string): Promise<StoredMessage> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          boardWaiters.delete(channelId);
          reject(new Error(`no board in ${channelId} within ${TURN_MS} ms of the click that ended the turn`));
        }, TURN_MS);
        const check = (): void => {
          const latest = latestBoard.get(channelId);
          if (latest !== undefined && latest.id !== before) {
            clearTimeout(timer);
            boardWaiters.delete(channelId);
            resolve(latest);
          }
        };
        boardWaiters.set(channelId, check);
        check();
      });

    /** Plays the table's turn up to the click that ends it: who clicks, on which panel, what. Null: the game is over. */
    const prepare = async (channelId: string): Promise<{ user: FakeUser; panel: SeenMessage; end: Offered } | null> => {
      const table = { fake, channelId, latest: () => fake.message(latestBoard.get(channelId)!.id), timeoutMs: TURN_MS };
      for (;;) {
        const played = await playTurn(table, { maxSteps: 30, policy: ({ choices }) => (choices.some((c) => END_TURN.test(c.label)) ? null : (choices[0] as Offered)) });
        if (played === null) return null;
        const end = played.end === 'stopped' ? offeredMatching(played.panel!, END_TURN) : undefined;
        if (end !== undefined) return { user: played.actor, panel: played.panel!, end };
      }
    };

    const random = prng(SEED);
    const free = tables.map((t) => t.channelId);

    /** Turn-ends at `rate` a second for SECONDS; what the rate gave. */
    const atRate = async (rate: number): Promise<RateResult> => {
      const loadAtStart = os.loadavg()[0] as number;
      const boards: number[] = [];
      let failures = 0;
      const waitingForTable: (() => void)[] = [];
      let arrived = 0;
      let open = 0;
      const backlog: number[] = [];
      const turns: Promise<void>[] = [];
      const boardsBefore = boardsPosted;
      const botCpuBefore = processCpuMs(bot.pid);
      const ownCpuBefore = process.cpuUsage();
      const databaseCpuBefore = cluster === undefined || storeKind !== 'postgres' ? 0 : postgresCpuMs(cluster.dataDir);

      const playOne = async (): Promise<void> => {
        // A free table, taken at random; the arrival waits when every table is busy.
        while (free.length === 0) await new Promise<void>((resolve) => waitingForTable.push(resolve));
        const channelId = free.splice(Math.floor(random() * free.length), 1)[0] as string;
        let over = false;
        try {
          const prepared = await prepare(channelId);
          over = prepared === null;
          if (prepared === null) return; // the game is over: the table stays out
          const before = latestBoard.get(channelId)!.id;
          const { user, panel, end } = prepared;
          const handle: InteractionHandle = await (end.kind === 'button' ? user.clickButton(panel.id, end.customId, { until: 'none' }) : user.selectOptions(panel.id, end.customId, [end.value as string], { until: 'none' }));
          const board = await boardAfter(channelId, before);
          boards.push(board.createdAt - handle.record.dispatchedAt);
        } finally {
          // A failed turn's table plays on from its latest board (its player takes the turn again).
          if (!over) free.push(channelId);
          open--;
          waitingForTable.shift()?.();
        }
      };

      const started = performance.now();
      const sampler = setInterval(() => backlog.push(open), 1_000);
      // Poisson arrivals: exponential gaps with mean 1/rate, for SECONDS.
      for (let at = -Math.log(1 - random()) / rate; at < SECONDS; at += -Math.log(1 - random()) / rate) {
        const wait = started + at * 1000 - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        arrived++;
        open++;
        turns.push(
          playOne().catch((error: unknown) => {
            failures++;
            console.error(error);
          }),
        );
      }
      clearInterval(sampler);
      // Turns still open after DRAIN_MS fail the rate; the next rate starts once they ended (each ends or
      // fails within TURN_MS of its last answer), so a rate's backlog does not weigh on the next.
      const drained = await Promise.race([Promise.all(turns).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref())]);
      if (!drained) await Promise.all(turns);
      const turnEnds = boardsPosted - boardsBefore;
      const botCpuMs = processCpuMs(bot.pid) - botCpuBefore;
      const own = process.cpuUsage(ownCpuBefore);
      const databaseCpuMs = cluster === undefined || storeKind !== 'postgres' ? null : postgresCpuMs(cluster.dataDir) - databaseCpuBefore;
      const quarter = Math.floor(backlog.length / 4);
      const second = mean(backlog.slice(quarter, 2 * quarter));
      const last = mean(backlog.slice(3 * quarter));
      const p95 = quantile(boards, 0.95);
      const why = failures > 0 ? `${failures} turns failed` : !drained ? 'turns still open a minute after the arrivals stopped' : p95 > BOARD_P95_MS ? `board p95 ${p95.toFixed(0)} ms` : last > second * 1.5 + 2 ? `backlog grew (${second.toFixed(1)} -> ${last.toFixed(1)})` : '';
      return {
        store: storeKind === 'postgres' ? `postgres (pool ${POOL})` : 'sqlite',
        rate,
        holds: why === '',
        why: why === '' ? 'holds' : why,
        arrived,
        timed: boards.length,
        turnEnds,
        boardP50: quantile(boards, 0.5),
        boardP95: p95,
        backlogSecondQuarter: second,
        backlogLastQuarter: last,
        botCpuMsPerTurnEnd: botCpuMs / Math.max(1, turnEnds),
        ownCpuMsPerTurnEnd: (own.user + own.system) / 1000 / Math.max(1, turnEnds),
        databaseCpuMsPerTurnEnd: databaseCpuMs === null ? null : databaseCpuMs / Math.max(1, turnEnds),
        load: `${loadAtStart.toFixed(1)} / ${(os.loadavg()[0] as number).toFixed(1)}`,
      };
    };

    // Doubling while a rate holds, then halving the gap between the highest that held and the lowest that did not.
    let held: number | null = null;
    let failed: number | null = null;
    for (let step = 0; step < STEPS; step++) {
      const rate = failed === null ? (held === null ? START_RATE : held * 2) : held === null ? failed / 2 : (held + failed) / 2;
      const result = await atRate(Number(rate.toFixed(2)));
      results.push(result);
      print(result);
      if (result.holds) held = result.rate;
      else failed = result.rate;
    }
    fake.world.events.off('messageCreate', onMessage);
  } finally {
    await bot.stop();
    bot.cleanup();
    running.delete(bot);
    await fake.stop();
    await postgres?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

function print(result: RateResult): void {
  if (args.includes('--json')) {
    console.log(JSON.stringify(result));
    return;
  }
  const db = result.databaseCpuMsPerTurnEnd === null ? '' : ` / database ${result.databaseCpuMsPerTurnEnd.toFixed(1)}`;
  console.log(
    `${result.store}: ${result.rate} turn-ends/s: ${result.why}; ${result.turnEnds} turn-ends (${result.timed} timed of ${result.arrived} arrived), board p50/p95 ${result.boardP50.toFixed(0)} / ${result.boardP95.toFixed(0)} ms, backlog ${result.backlogSecondQuarter.toFixed(1)} -> ${result.backlogLastQuarter.toFixed(1)}, CPU ms per turn-end bot ${result.botCpuMsPerTurnEnd.toFixed(1)} / fake+players ${result.ownCpuMsPerTurnEnd.toFixed(1)}${db}, load avg 1m ${result.load}`,
  );
}

// The bot runs as `npm start` runs it: the built code (built here when a source changed).
execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
const cluster = STORES.includes('postgres') ? await startPostgresCluster() : undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(130)));
const summary: string[] = [];
try {
  for (const storeKind of STORES) {
    const results = await runStore(storeKind, cluster);
    const best = results.filter((r) => r.holds).sort((a, b) => b.rate - a.rate)[0];
    summary.push(
      best === undefined
        ? `${storeKind}: no rate held (the lowest tried: ${Math.min(...results.map((r) => r.rate))} turn-ends/s)`
        : `${storeKind}: ${best.rate} turn-ends/s held (board p95 ${best.boardP95.toFixed(0)} ms): ${Math.round(best.rate * 600).toLocaleString('en')} active games at one turn per game every 10 minutes; load avg 1m ${best.load}`,
    );
  }
} finally {
  await cluster?.stop();
}
for (const line of summary) console.log(line);
