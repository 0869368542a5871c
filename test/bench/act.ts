/**
 * What a click costs the game service: `act` (load the game, check, apply, commit with the outbox and the
 * jobs) over whole 3-player Istanbul games on a SQLite file and on a throwaway local PostgreSQL server,
 * with each transaction's time (the store's onTransaction: the write) and the process's CPU time per
 * move. Beside them, the floor: the engine's step, the JSON of the state and a bare transaction of
 * prepared statements (SQLite) or of the same statements sent one by one (PostgreSQL).
 *
 *   npm run bench:act -- [--games 6] [--store sqlite,postgres]
 *   node --cpu-prof --import tsx test/bench/act.ts --store sqlite        (a CPU profile of the same)
 *   ACT_INLINE_CHECKPOINTS=1 npm run bench:act                           (SQLite checkpoints in the commits, as before)
 *
 * Wall times are noisy on a shared machine: the load average is printed with each figure. CPU times are
 * the whole process's (process.cpuUsage), its other threads included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { step } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { openPostgres } from '../../src/persistence/postgres/database.js';
import { PostgresStore } from '../../src/persistence/postgres/store.js';
import { SqliteStore, type StoreOptions } from '../../src/persistence/sqlite-store.js';
import type { Store } from '../../src/persistence/store.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres.js';
import { createDatabase } from '../support/postgres-database.js';
import { median, percentile } from './stats.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '6' },
    store: { type: 'string', default: 'sqlite,postgres' },
  },
});
const GAMES_PER_STORE = Number(args.games);
const STORES = args.store.split(',');
const MAX_MOVES = 1000;
const users = ['100000000000000001', '100000000000000002', '100000000000000003'];

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load = (): string => os.loadavg()[0]!.toFixed(2);

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

interface Figures {
  act: number[];
  actCpu: number[];
  /** act() of the moves that ended a turn (jobs and a board owed) and of the others. */
  turnEnded: number[];
  withinTurn: number[];
  write: number[];
  writeCpu: number[];
  engine: number[];
}

let channel = 1000;
let seedNo = 0;

/** The transaction's CPU time (process.cpuUsage: every thread of the process, the GC's and the checkpointer's too). */
function timeTransactions(store: Store, cpu: number[]): void {
  const transaction = store.transaction.bind(store);
  store.transaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (store.inTransaction()) return fn();
    const c0 = cpuMs();
    try {
      return await transaction(fn);
    } finally {
      cpu.push(cpuMs() - c0);
    }
  };
}

async function playGames(store: Store, writes: number[], games: number): Promise<Figures> {
  const svc = createGameService({
    store,
    modules: GAMES.modules,
    clock: { now: () => Date.now() },
    logger: createLogger({ level: 'silent', format: 'json' }),
    newSeed: () => `act-bench-${seedNo++}`,
  });
  const figures: Figures = { act: [], actCpu: [], turnEnded: [], withinTurn: [], write: [], writeCpu: [], engine: [] };
  timeTransactions(store, figures.writeCpu);
  for (let g = 0; g < games; g++) {
    const lobby = must(await svc.createLobby({ guildId: '1', channelId: String(channel++), kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en' })).game;
    for (let i = 1; i < 3; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: String.fromCharCode(65 + i) }));
    let game: ActiveSnapshot = must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
    // A few seeds make the policy go round in circles: a game stops after MAX_MOVES.
    for (let moves = 0; game.row.status === 'active' && moves < MAX_MOVES; moves++) {
      const seat = svc.activeSeats(game)[0]!;
      const user = game.seats.find((s) => s.seat === seat)!.userId;
      const legal = svc.legalActions(game, seat) as IstanbulAction[];
      const index = chooseIstanbul(game.state as IstanbulState, seat, legal);
      // The floor: what the engine and the JSON of the state cost for this move.
      const e0 = cpuMs();
      const next = step(game.module.definition, { state: game.state, version: 0 }, { seat, action: JSON.parse(JSON.stringify(legal[index])) as unknown });
      if (next.ok) JSON.stringify(next.next.state);
      figures.engine.push(cpuMs() - e0);
      writes.length = 0;
      const c0 = cpuMs();
      const t0 = performance.now();
      const { outcome } = must(await svc.act(game.row.id, user, seat, game.row.version, index));
      const took = performance.now() - t0;
      figures.act.push(took);
      (outcome.turnEnded ? figures.turnEnded : figures.withinTurn).push(took);
      game = outcome.after;
      figures.actCpu.push(cpuMs() - c0);
      figures.write.push(...writes);
    }
  }
  return figures;
}

function line(name: string, xs: readonly number[]): string {
  return `${name.padEnd(34)} n=${String(xs.length).padStart(5)}  p50 ${median(xs).toFixed(3)}  p95 ${percentile(xs, 0.95).toFixed(3)}  p99 ${percentile(xs, 0.99).toFixed(3)}  ms  (load ${load()})`;
}

function report(label: string, f: Figures): void {
  // The first game warms the JIT and the prepared statements: left out.
  console.log(`\n${label}`);
  console.log(line('act() wall', f.act));
  console.log(line('act() process CPU', f.actCpu));
  console.log(line('act() wall, moves ending a turn', f.turnEnded));
  console.log(line('act() wall, moves within a turn', f.withinTurn));
  console.log(line('write (transaction) wall', f.write));
  console.log(line('write (transaction) process CPU', f.writeCpu));
  console.log(line('engine step + JSON (CPU)', f.engine));
}

/** A bare transaction of the statements a move writes, prepared once (SQLite). */
function bareSqlite(file: string, n: number): number[] {
  const open = openDatabase(file);
  const db = open.sqlite;
  db.prepare("INSERT INTO games (guild_id, channel_id, kind, host_user_id, options, seed, locale, status, state, version, created_at, updated_at) VALUES ('1', 'bare', 'istanbul', '1', '{}', 's', 'en', 'active', '{}', 0, 0, 0)").run();
  const id = (db.prepare("SELECT id FROM games WHERE channel_id = 'bare'").get() as { id: number }).id;
  const update = db.prepare('UPDATE games SET state = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?');
  const insert = db.prepare("INSERT INTO actions (game_id, sequence, created_at, seat, kind, action, events, checkpoint) VALUES (?, ?, ?, 0, 'action', '{}', '[]', 0)");
  const state = JSON.stringify({ pad: 'x'.repeat(6000) });
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    db.exec('BEGIN IMMEDIATE');
    update.run(state, i, id, i);
    insert.run(id, i + 1, i);
    db.exec('COMMIT');
    times.push(performance.now() - t0);
  }
  open.close();
  return times;
}

async function measureSqlite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-act-'));
  const writes: number[] = [];
  const options: StoreOptions = { onTransaction: (seconds) => writes.push(seconds * 1000) };
  // As the bot opens it (openConfiguredDatabase): the log checkpointed from a worker thread.
  const store = new SqliteStore(openDatabase(path.join(dir, 'act.db'), { backgroundCheckpoints: process.env.ACT_INLINE_CHECKPOINTS === undefined }), options);
  try {
    await playGames(store, writes, 1);
    report('SQLite file (WAL)', await playGames(store, writes, GAMES_PER_STORE));
    console.log(line('bare prepared transaction', bareSqlite(path.join(dir, 'bare.db'), 2000).slice(200)));
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measurePostgres(): Promise<void> {
  let cluster: PostgresCluster | undefined;
  try {
    cluster = await startPostgresCluster();
    const database = await createDatabase(cluster.adminUrl, 'act');
    const open = await openPostgres(database.url, { poolSize: 10 });
    const writes: number[] = [];
    const store = new PostgresStore(open, { onTransaction: (seconds) => writes.push(seconds * 1000) });
    await playGames(store, writes, 1);
    report('PostgreSQL (local server, pool 10)', await playGames(store, writes, GAMES_PER_STORE));
    // The floor: BEGIN, the state's UPDATE, the log's INSERT, COMMIT on one connection, one round trip each.
    const client = await open.pool.connect();
    const state = JSON.stringify({ pad: 'x'.repeat(6000) });
    await client.query("INSERT INTO games (guild_id, channel_id, kind, host_user_id, options, seed, locale, status, state, version, created_at, updated_at) VALUES ('1', 'bare', 'istanbul', '1', '{}', 's', 'en', 'active', '{}', 0, 0, 0)");
    const { rows } = await client.query<{ id: number }>("SELECT id FROM games WHERE channel_id = 'bare'");
    const id = rows[0]!.id;
    const bare: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t0 = performance.now();
      await client.query('BEGIN');
      await client.query({ name: 'u', text: 'UPDATE games SET state = $1, version = version + 1, updated_at = $2 WHERE id = $3 AND version = $4', values: [state, i, id, i] });
      await client.query({ name: 'i', text: "INSERT INTO actions (game_id, sequence, created_at, seat, kind, action, events, checkpoint) VALUES ($1, $2, $3, 0, 'action', '{}', '[]', false)", values: [id, i + 1, i] });
      await client.query('COMMIT');
      bare.push(performance.now() - t0);
    }
    client.release();
    console.log(line('bare transaction, 4 round trips', bare.slice(100)));
    await store.close();
    await database.drop();
  } finally {
    await cluster?.stop();
  }
}

console.log(`act() over ${GAMES_PER_STORE} whole 3-player Istanbul games per store (after one warm-up game); node ${process.version}, ${os.cpus().length} cores`);
if (STORES.includes('sqlite')) await measureSqlite();
if (STORES.includes('postgres')) await measurePostgres();
