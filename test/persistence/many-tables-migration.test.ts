/**
 * The migration to many tables in one channel (SQLite 0010_many_tables, PostgreSQL
 * 0006_many_tables), on a database made before it: the schema as it stood (every migration up to the one
 * before), with running games made by the game service on it (a game played in its thread with its jobs
 * and its owed board, a game played in its channel, a lobby waiting for its thread). After the migration
 * every running game is still found where it was (its thread, its channel), loads, plays on, keeps its
 * jobs and what the outbox owes; the start-up check and the shard's list see them all; and the rule of one
 * running game moved from the channel to the table: a second game in a thread of the same channel is
 * accepted, a second game played in the channel itself is still refused, a thread holds one game.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { createLogger } from '../../src/logger.js';
import { defaultMigrationsFolder, openDatabase } from '../../src/persistence/database.js';
import { defaultPostgresMigrationsFolder, openPostgres } from '../../src/persistence/postgres/database.js';
import { PostgresStore } from '../../src/persistence/postgres/store.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import type { Store } from '../../src/persistence/store.js';
import { storesUnderTest, type FreshStore } from '../support/stores.js';
import type { TallyAction } from '../games/tally/index.js';
import { tallyModule } from '../games/tally/module.js';

const stores = storesUnderTest('manytables');
const GUILD = '300000000000000001';
const alice = { userId: '100000000000000001', displayName: 'Alice' };
const bob = { userId: '100000000000000002', displayName: 'Bob' };
const carol = { userId: '100000000000000003', displayName: 'Carol' };
const THREADED = '200000000000000001';
const THREAD = '200000000000000011';
const IN_CHANNEL = '200000000000000002';
const WAITING = '200000000000000003';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-many-tables-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A copy of a migrations folder with the journal cut before `tag`: the schema as it stood before that migration. */
function migrationsBefore(folder: string, tag: string): string {
  const copy = fs.mkdtempSync(path.join(scratch, 'migrations-'));
  fs.cpSync(folder, copy, { recursive: true });
  const journalFile = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `migration ${tag} in ${folder}`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

const MIGRATION = { sqlite: '0010_many_tables', postgres: '0006_many_tables' } as const;

/** The store on the database, migrated up to just before the many-tables migration, or with every migration. */
async function storeOf(fresh: FreshStore, before: boolean, now: () => number): Promise<Store> {
  if (fresh.kind === 'sqlite') {
    const migrationsFolder = before ? migrationsBefore(defaultMigrationsFolder(), MIGRATION.sqlite) : defaultMigrationsFolder();
    return new SqliteStore(openDatabase(fresh.path, { migrationsFolder }), { now });
  }
  const migrationsFolder = before ? migrationsBefore(defaultPostgresMigrationsFolder(), MIGRATION.postgres) : defaultPostgresMigrationsFolder();
  return new PostgresStore(await openPostgres(fresh.url, { poolSize: 2, migrationsFolder }), { now });
}

/** The indexes of the games table, by name. */
async function gameIndexes(fresh: FreshStore): Promise<string[]> {
  if (fresh.kind === 'sqlite') {
    // Read as it is (opening it as the bot does would migrate it).
    const opened = new Database(fresh.path, { readonly: true });
    try {
      return (opened.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games' AND sql IS NOT NULL ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    } finally {
      opened.close();
    }
  }
  const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
  try {
    const { rows } = await pool.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'games' AND indexname <> 'games_pkey' ORDER BY indexname");
    return rows.map((r) => r.indexname);
  } finally {
    await pool.end();
  }
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function service(store: Store, now: () => number): GameService {
  let seeds = 0;
  return createGameService({
    store,
    modules: new Map([['tally', tallyModule({ removeSeat: false, target: 12 })]]),
    clock: { now },
    logger: createLogger({ level: 'silent', format: 'json' }),
    newSeed: () => `migration-${++seeds}`,
  });
}

async function started(svc: GameService, channelId: string, useThread: boolean, players = [alice, bob]): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId: GUILD, channelId, kind: 'tally', host: players[0]!, locale: 'en', useThread })).game;
  for (const p of players.slice(1)) must(await svc.join(lobby.row.id, p));
  const current = must(await svc.byId(lobby.row.id)).game;
  return must(await svc.start(lobby.row.id, players[0]!.userId, current.row.version)).game;
}

/** One move of whoever must act: add 1. */
async function addOne(svc: GameService, gameId: number): Promise<void> {
  const game = must(await svc.byId(gameId)).game;
  if (game.kind !== 'active') throw new Error(`game #${gameId} is not running`);
  const seat = svc.activeSeats(game)[0]!;
  const index = svc.legalActions(game, seat).findIndex((a) => (a as TallyAction).type === 'add' && (a as TallyAction & { n: number }).n === 1);
  const userId = game.seats.find((s) => s.seat === seat)!.userId;
  must(await svc.act(gameId, userId, seat, game.row.version, index));
}

describe.each(stores)('the many-tables migration on $label', (under) => {
  it.runIf(under.available)('keeps every running game made before it playable, and moves the one-game rule from the channel to the table', async () => {
    let time = Date.UTC(2026, 0, 1);
    const now = () => time;
    const fresh = await under.fresh();
    try {
      // Before: today's schema, and running games made on it by the game service.
      const old = await storeOf(fresh, true, now);
      const before = service(old, now);
      const threaded = await started(before, THREADED, true);
      await before.threadOpened(threaded.row.id, THREAD);
      await addOne(before, threaded.row.id);
      const inChannel = await started(before, IN_CHANNEL, false, [bob, carol]);
      const waiting = must(await before.createLobby({ guildId: GUILD, channelId: WAITING, kind: 'tally', host: carol, locale: 'en', useThread: true })).game;
      const rowsBefore = await Promise.all([threaded, inChannel, waiting].map((g) => old.games.findById(g.row.id)));
      const jobsBefore = await Promise.all([threaded, inChannel].map((g) => old.games.jobsOf(g.row.id)));
      const owedBefore = await old.deliveries.claim(threaded.row.id, time, 0, 'nobody');
      expect(jobsBefore.every((jobs) => jobs.length > 0)).toBe(true);
      expect(owedBefore.length).toBeGreaterThan(0);
      await old.close();
      expect(await gameIndexes(fresh)).toContain('games_one_active_per_channel');

      // The bot starts with the migration.
      time += 60_000;
      const store = await storeOf(fresh, false, now);
      try {
        expect(await gameIndexes(fresh)).toEqual(['games_guild', 'games_one_running_in_channel', 'games_one_running_per_thread', 'games_thread']);
        const svc = service(store, now);
        // Every game as it was, found where it was: its thread, its channel.
        expect(await Promise.all([threaded, inChannel, waiting].map((g) => store.games.findById(g.row.id)))).toEqual(rowsBefore);
        expect((await svc.gameOfThread(THREAD))?.id).toBe(threaded.row.id);
        expect((await svc.runningInChannel(IN_CHANNEL)).map((r) => r.id)).toEqual([inChannel.row.id]);
        expect((await svc.byChannel(WAITING)).ok).toBe(true);
        // Its jobs and what the outbox owes are kept; the start-up check and this shard's list see every game.
        expect(await Promise.all([threaded, inChannel].map((g) => store.games.jobsOf(g.row.id)))).toEqual(jobsBefore);
        expect((await store.deliveries.claim(threaded.row.id, time, 0, 'nobody')).map((d) => d.id)).toEqual(owedBefore.map((d) => d.id));
        expect(await svc.sweep()).toMatchObject({ checked: 3, damaged: [] });
        expect((await store.games.listRunning()).map((r) => r.id)).toEqual([threaded.row.id, inChannel.row.id, waiting.row.id]);
        // The games play on.
        await addOne(svc, threaded.row.id);
        await addOne(svc, inChannel.row.id);
        must(await svc.join(waiting.row.id, alice));

        // The one-game rule is now the table's: another game in a thread of the same channel is welcome...
        const beside = must(await svc.createLobby({ guildId: GUILD, channelId: THREADED, kind: 'tally', host: carol, locale: 'en', useThread: true })).game;
        expect((await svc.runningInChannel(THREADED)).map((r) => r.id)).toEqual([threaded.row.id, beside.row.id]);
        // ...a second game played in the channel itself is not...
        expect(await svc.createLobby({ guildId: GUILD, channelId: IN_CHANNEL, kind: 'tally', host: alice, locale: 'en', useThread: false })).toMatchObject({ ok: false, code: 'channel_busy', existing: { id: inChannel.row.id } });
        // ...and a thread holds one running game: the database itself refuses a second.
        await expect(store.games.setThread(beside.row.id, THREAD)).rejects.toThrow(/unique/i);
        expect((await svc.gameOfThread(THREAD))?.id).toBe(threaded.row.id);
      } finally {
        await store.close();
      }
    } finally {
      await fresh.drop();
    }
  });
});
