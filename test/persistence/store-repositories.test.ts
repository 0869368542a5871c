/**
 * The store's repositories, each behaviour once on a SQLite file and once on a real PostgreSQL server:
 * games and the one running game per channel, versioned saves with their action log, seats, snapshots,
 * scheduled jobs, the outbox (deliveries and their leases), finished games' statistics, player settings,
 * the register of damaged rows, and transactions. Both stores answer the same calls with the same rows.
 * Where two processes meet (two stores on one database), exactly one of them wins.
 */
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/persistence/database.js';
import { DamagedRowError, type NewGame } from '../../src/persistence/game-repository.js';
import { StaleVersionError } from '../../src/persistence/statements.js';
import { openPostgres, type OpenPostgres } from '../../src/persistence/postgres/database.js';
import { PostgresStore } from '../../src/persistence/postgres/store.js';
import { SqliteStore, type StoreOptions } from '../../src/persistence/sqlite-store.js';
import type { Store } from '../../src/persistence/store.js';
import { shardOfGuild } from '../../src/sharding.js';
import { storesUnderTest, type StoreUnderTest } from '../support/stores.js';

const T0 = 1_700_000_000_000;
const GUILD = '100000000000000001';
const HOST = '200000000000000001';

/** A guild id whose shard, out of `count`, is `shard` (Discord's formula: the id's timestamp part). */
const guildOnShard = (shard: number, count: number): string => String((BigInt(1_000_000_000 * count + shard) << 22n) | 1n);

const lobby = (channelId: string, extra: Partial<NewGame> = {}): NewGame => ({
  guildId: GUILD,
  channelId,
  kind: 'istanbul',
  hostUserId: HOST,
  options: { players: 3, layout: 'short' },
  seed: 'seed-abc',
  locale: 'en',
  ...extra,
});

const move = (action: unknown, checkpoint = false) => ({ seat: 0, kind: 'action' as const, action, events: [{ key: 'moved' }], checkpoint });

/** A store on a fresh database, its clock, and what a test may do besides calling the store. */
interface Harness {
  readonly store: Store;
  readonly clock: { now: number };
  /** Another process's store on the same database (its own connection or pool). */
  another(options?: StoreOptions): Promise<Store>;
  /** A store of its own on the same database, which the test closes. */
  detached(): Promise<Store>;
  /** Runs one statement straight on the database, past the repositories (both dialects understand it). */
  execute(statement: string): Promise<void>;
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/**
 * PostgreSQL: one database for the file, opened by two pools (two processes), emptied before each test
 * (creating and migrating a database per test would take ten times as long as the tests themselves).
 */
interface SharedPostgres {
  readonly url: string;
  readonly first: OpenPostgres;
  readonly second: OpenPostgres;
  /** TRUNCATE of every table, identities restarted: each test starts from an empty database. */
  readonly empty: string;
}
let sharedPostgres: Promise<SharedPostgres> | undefined;

function postgresFor(under: StoreUnderTest): Promise<SharedPostgres> {
  sharedPostgres ??= (async () => {
    const fresh = await under.fresh();
    if (fresh.kind !== 'postgres') throw new Error('a PostgreSQL database was expected');
    dropPostgres = fresh.drop;
    const first = await openPostgres(fresh.url, { poolSize: 4 });
    const second = await openPostgres(fresh.url, { poolSize: 4 });
    const { rows } = await first.pool.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    return { url: fresh.url, first, second, empty: `TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY` };
  })();
  return sharedPostgres;
}
let dropPostgres = async (): Promise<void> => undefined;
afterAll(async () => {
  const shared = await sharedPostgres;
  await Promise.all([shared?.first.close(), shared?.second.close()]);
  await dropPostgres();
});

async function open(under: StoreUnderTest, options: Omit<StoreOptions, 'now'> = {}): Promise<Harness> {
  const clock = { now: T0 };
  const now = () => clock.now;
  if (under.kind === 'postgres') {
    const shared = await postgresFor(under);
    await shared.first.pool.query(shared.empty);
    return {
      store: new PostgresStore(shared.first, { ...options, now }),
      clock,
      another: async (more = {}) => new PostgresStore(shared.second, { now, ...more }),
      detached: async () => new PostgresStore(await openPostgres(shared.url, { poolSize: 2 }), { now }),
      execute: async (statement) => void (await shared.first.pool.query(statement)),
    };
  }
  const fresh = await under.fresh();
  cleanup.push(() => fresh.drop());
  if (fresh.kind !== 'sqlite') throw new Error('a SQLite store was expected');
  const storeOn = (more: StoreOptions): Store => {
    const store = new SqliteStore(openDatabase(fresh.path), more);
    cleanup.push(() => store.close());
    return store;
  };
  return {
    store: storeOn({ ...options, now }),
    clock,
    another: async (more = {}) => storeOn({ now, ...more }),
    detached: async () => new SqliteStore(openDatabase(fresh.path), { now }),
    async execute(statement) {
      const raw = new Database(fresh.path);
      try {
        raw.exec(statement);
      } finally {
        raw.close();
      }
    },
  };
}

async function created(store: Store, game: NewGame, seats: Parameters<Store['games']['createGame']>[1] = []) {
  const result = await store.games.createGame(game, seats);
  if (!result.ok) throw new Error(`the lobby in ${game.channelId} was refused`);
  return result.game;
}

/** A game of the channel, started, its log holding one move at sequence 1 (version 1). */
async function playing(store: Store, channelId: string) {
  const game = await created(store, lobby(channelId));
  await store.games.saveState(game.id, 0, { state: '{}', status: 'active' }, [move('first')]);
  return game;
}

describe.each(storesUnderTest('repos'))('the store on $label', (under) => {
  describe.runIf(under.available)('games', () => {
    it('creates a lobby with its seats and loads it back, every column as written or defaulted', async () => {
      const { store } = await open(under);
      const game = await created(store, lobby('300000000000000001'), [{ seat: 0, userId: HOST, displayName: 'Ayla' }]);
      const expected = {
        id: game.id,
        guildId: GUILD,
        channelId: '300000000000000001',
        kind: 'istanbul',
        hostUserId: HOST,
        options: JSON.stringify({ players: 3, layout: 'short' }),
        seed: 'seed-abc',
        status: 'lobby',
        state: null,
        version: 0,
        boardMessageId: null,
        locale: 'en',
        reminderIntervalMinutes: 720,
        reminderLimit: 3,
        idleAfterMinutes: 2880,
        computerLevel: 'normal',
        useThread: false,
        threadId: null,
        createdAt: T0,
        updatedAt: T0,
      };
      expect(game).toEqual(expected);
      expect(await store.games.findRunningByChannel('300000000000000001')).toEqual(expected);
      expect(await store.games.findById(game.id)).toEqual(expected);
      expect(await store.games.findById(game.id + 1)).toBeUndefined();
      expect(await store.games.seats(game.id)).toEqual([{ gameId: game.id, seat: 0, userId: HOST, displayName: 'Ayla', leftAt: null, removedAt: null, computer: null }]);
      // The row with its seats in one read: the same columns, the seats in order, whatever they hold.
      expect(await store.games.findWithSeats(game.id)).toEqual({ row: expected, seats: await store.games.seats(game.id) });
      expect(await store.games.findWithSeats(game.id + 5)).toBeUndefined();
      const three = await created(store, lobby('300000000000000098'), [
        { seat: 2, userId: '200000000000000003', displayName: 'Cleo «☕» "c"' },
        { seat: 0, userId: HOST, displayName: 'Ayla' },
        { seat: 1, userId: '200000000000000002', displayName: 'Bert' },
      ]);
      await store.games.markSeatLeft(three.id, 0, T0 + 5, true);
      await store.games.setSeatComputer(three.id, 1, 'hard');
      const withSeats = await store.games.findWithSeats(three.id);
      expect(withSeats).toEqual({ row: await store.games.findById(three.id), seats: await store.games.seats(three.id) });
      expect(withSeats?.seats.map((s) => [s.seat, s.displayName, s.leftAt, s.removedAt, s.computer])).toEqual([
        [0, 'Ayla', T0 + 5, T0 + 5, null],
        [1, 'Bert', null, null, 'hard'],
        [2, 'Cleo «☕» "c"', null, null, null],
      ]);
      const empty = await created(store, lobby('300000000000000099'));
      expect((await store.games.findWithSeats(empty.id))?.seats).toEqual([]);
    });

    it('a rematch keeps its settings, and a game may start in a thread', async () => {
      const { store } = await open(under);
      const game = await created(store, lobby('300000000000000002', { useThread: true, settings: { reminderIntervalMinutes: 60, reminderLimit: 1, idleAfterMinutes: 600, computerLevel: 'hard' } }));
      expect(game).toMatchObject({ useThread: true, reminderIntervalMinutes: 60, reminderLimit: 1, idleAfterMinutes: 600, computerLevel: 'hard' });
    });

    it('keeps one running game per channel, in the database itself; a finished game frees the channel', async () => {
      const { store, execute } = await open(under);
      const first = await created(store, lobby('300000000000000003'));
      const second = await store.games.createGame(lobby('300000000000000003'), [{ seat: 0, userId: HOST, displayName: 'Ayla' }]);
      expect(second).toEqual({ ok: false, code: 'channel_busy', existing: first });
      // A raw insert that bypasses the repository is refused as well.
      await expect(
        execute("INSERT INTO games (guild_id, channel_id, kind, host_user_id, options, seed, status, created_at, updated_at) VALUES ('1', '300000000000000003', 'kairo', '2', '{}', 's', 'active', 0, 0)"),
      ).rejects.toThrow(/unique/i);
      expect(await store.games.saveState(first.id, 0, { status: 'finished' })).toMatchObject({ ok: true, version: 1 });
      expect((await store.games.createGame(lobby('300000000000000003'))).ok).toBe(true);
      expect((await store.games.createGame(lobby('300000000000000004'))).ok).toBe(true);
    });

    it('many tables in one channel: any number of games in threads, one per thread, one played in the channel itself', async () => {
      const { store, execute } = await open(under);
      const channel = '300000000000000070';
      const inChannel = await created(store, lobby(channel));
      const threaded = [await created(store, lobby(channel, { useThread: true })), await created(store, lobby(channel, { useThread: true }))];
      // Lobbies waiting for their threads stand side by side with the game played in the channel.
      expect((await store.games.listRunningInChannel(channel)).map((g) => g.id)).toEqual([inChannel.id, ...threaded.map((g) => g.id)]);
      expect(await store.games.findPlayedInChannel(channel)).toEqual(inChannel);
      expect(await store.games.createGame(lobby(channel))).toEqual({ ok: false, code: 'channel_busy', existing: inChannel });
      await store.games.setThread(threaded[0]!.id, '300000000000000071');
      expect((await store.games.findRunningByThread('300000000000000071'))?.id).toBe(threaded[0]!.id);
      // A thread holds one running game, in the database itself.
      await expect(store.games.setThread(threaded[1]!.id, '300000000000000071')).rejects.toThrow(/unique/i);
      await expect(
        execute(`INSERT INTO games (guild_id, channel_id, kind, host_user_id, options, seed, status, use_thread, thread_id, created_at, updated_at) VALUES ('1', '${channel}', 'kairo', '2', '{}', 's', 'active', true, '300000000000000071', 0, 0)`),
      ).rejects.toThrow(/unique/i);
      // A game that ended frees its thread.
      expect(await store.games.saveState(threaded[0]!.id, 0, { status: 'abandoned' })).toMatchObject({ ok: true });
      await store.games.setThread(threaded[1]!.id, '300000000000000071');
      // A forgotten thread (deleted): the game waits for a new one, still not played in the channel.
      await store.games.forgetThread(threaded[1]!.id);
      expect(await store.games.findById(threaded[1]!.id)).toMatchObject({ useThread: true, threadId: null });
      expect(await store.games.listRunningInGuild(GUILD)).toEqual(expect.arrayContaining([expect.objectContaining({ id: inChannel.id }), expect.objectContaining({ id: threaded[1]!.id })]));
    });

    it('two processes opening a lobby in the same channel at once: exactly one gets it, the other is told which game is there', async () => {
      const { store, another } = await open(under);
      const other = await another();
      const [a, b] = await Promise.all([store.games.createGame(lobby('300000000000000005')), other.games.createGame(lobby('300000000000000005'))]);
      const winner = [a, b].find((r) => r.ok);
      const loser = [a, b].find((r) => !r.ok);
      expect(winner?.ok && loser && !loser.ok && loser.existing.id === winner.game.id).toBe(true);
      expect(await store.games.listRunning()).toHaveLength(1);
    });

    it('saves a state with its action log in one step; the log reads back in order, whole or in part', async () => {
      const { store, clock } = await open(under);
      const game = await created(store, lobby('300000000000000006'));
      const state = { places: [1, 2, 3], nested: { lira: [2, 3, 4], text: 'Größer ë' }, flag: true, nothing: null };
      clock.now = T0 + 500;
      const saved = await store.games.saveState(game.id, 0, { state: JSON.stringify(state), status: 'active' }, [move({ type: 'move', to: 7 }), move({ type: 'roll' }, true)]);
      expect(saved).toEqual({ ok: true, version: 1, updatedAt: T0 + 500, firstSequence: 1 });
      const loaded = await store.games.findById(game.id);
      expect(loaded).toMatchObject({ version: 1, status: 'active', updatedAt: T0 + 500, createdAt: T0 });
      expect(JSON.parse(loaded!.state!)).toEqual(state);
      expect(await store.games.actions(game.id)).toEqual([
        { sequence: 1, seat: 0, kind: 'action', action: { type: 'move', to: 7 }, events: [{ key: 'moved' }], checkpoint: false },
        { sequence: 2, seat: 0, kind: 'action', action: { type: 'roll' }, events: [{ key: 'moved' }], checkpoint: true },
      ]);
      const undo = await store.games.saveState(game.id, 1, {}, [{ seat: 2, kind: 'undo', action: null, events: [], checkpoint: false }]);
      expect(undo).toMatchObject({ ok: true, version: 2, firstSequence: 3 });
      // A save without log entries moves the version only.
      expect(await store.games.saveState(game.id, 2, { state: '{}' })).toMatchObject({ ok: true, version: 3, firstSequence: null });
      expect((await store.games.recentActions(game.id, 2)).map((a) => [a.sequence, a.kind, a.action])).toEqual([
        [2, 'action', { type: 'roll' }],
        [3, 'undo', null],
      ]);
      expect((await store.games.actionsAfter(game.id, 1)).map((a) => a.sequence)).toEqual([2, 3]);
      expect(await store.games.actionsAfter(game.id, 3)).toEqual([]);
    });

    it('of two processes writing at the same version exactly one wins; the other gets stale_version and leaves no trace', async () => {
      const { store, another } = await open(under);
      const other = await another();
      const game = await created(store, lobby('300000000000000007'));
      const [a, b] = await Promise.all([
        store.games.saveState(game.id, 0, { state: '{"by":"a"}' }, [move('a')]),
        other.games.saveState(game.id, 0, { state: '{"by":"b"}' }, [move('b')]),
      ]);
      const results = [a, b].map((r) => (r.ok ? 'saved' : r));
      expect(results.sort()).toEqual(['saved', { ok: false, code: 'stale_version', currentVersion: 1 }].sort());
      const winner = a.ok ? 'a' : 'b';
      expect((await other.games.findById(game.id))!.state).toBe(`{"by":"${winner}"}`);
      expect((await other.games.actions(game.id)).map((row) => row.action)).toEqual([winner]);
      expect(await store.games.saveState(game.id + 1, 0, { state: '{}' })).toEqual({ ok: false, code: 'stale_version', currentVersion: null });
    });

    it('a log entry that cannot be read is reported as a damaged row naming the game and the sequence', async () => {
      const { store, execute } = await open(under);
      const game = await created(store, lobby('300000000000000008'));
      await store.games.saveState(game.id, 0, { status: 'active', state: '{}' }, [move('fine')]);
      await execute(`INSERT INTO actions (game_id, sequence, seat, kind, action, events, checkpoint, created_at) VALUES (${game.id}, 2, 0, 'action', '{not json', '[]', false, 0)`);
      const error = await store.games.actions(game.id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DamagedRowError);
      expect(error).toMatchObject({ table: 'actions', rowId: `${game.id}/2` });
      expect((await store.games.actionsAfter(game.id, 0).catch((e: unknown) => e)) instanceof DamagedRowError).toBe(true);
    });

    it('the seat list is replaced when the game starts; players leave, are removed, are replaced by a computer and come back', async () => {
      const { store, clock } = await open(under);
      const game = await created(store, lobby('300000000000000009'), [
        { seat: 0, userId: '1', displayName: 'A' },
        { seat: 1, userId: '2', displayName: 'B' },
      ]);
      await store.games.saveState(game.id, 0, { status: 'active', state: '{}' }, [], [
        { seat: 0, userId: '2', displayName: 'B' },
        { seat: 1, userId: '1', displayName: 'A' },
        { seat: 2, userId: 'computer:2', displayName: 'Computer', computer: 'easy' },
      ]);
      expect((await store.games.seats(game.id)).map((s) => [s.seat, s.userId, s.computer])).toEqual([
        [0, '2', null],
        [1, '1', null],
        [2, 'computer:2', 'easy'],
      ]);
      await store.games.markSeatLeft(game.id, 1);
      await store.games.markSeatLeft(game.id, 0, T0 + 9, true);
      await store.games.setSeatComputer(game.id, 1, 'normal');
      let seats = await store.games.seats(game.id);
      expect(seats[0]).toMatchObject({ leftAt: T0 + 9, removedAt: T0 + 9, computer: null });
      expect(seats[1]).toMatchObject({ leftAt: T0, removedAt: null, computer: 'normal' });
      clock.now = T0 + 60_000;
      await store.games.reclaimSeat(game.id, 1);
      seats = await store.games.seats(game.id);
      expect(seats[1]).toMatchObject({ leftAt: null, removedAt: null, computer: null });
    });

    it('the board message, the thread and the settings change without moving the version', async () => {
      const { store, clock } = await open(under);
      const game = await created(store, lobby('300000000000000010', { useThread: true }));
      await store.games.setBoardMessage(game.id, '400000000000000001');
      expect(await store.games.placeOf(game.id)).toEqual({ channelId: '300000000000000010', threadId: null });
      await store.games.setThread(game.id, '500000000000000001');
      expect(await store.games.findRunningByThread('500000000000000001')).toMatchObject({ id: game.id, boardMessageId: '400000000000000001', useThread: true, version: 0 });
      // Where the game is shown, as a click is checked against it.
      expect(await store.games.placeOf(game.id)).toEqual({ channelId: '300000000000000010', threadId: '500000000000000001' });
      expect(await store.games.placeOf(game.id + 1)).toBeUndefined();
      await store.games.setThread(game.id, null);
      expect(await store.games.findById(game.id)).toMatchObject({ useThread: false, threadId: null });
      expect(await store.games.findRunningByThread('500000000000000001')).toBeUndefined();
      clock.now = T0 + 1_000;
      await store.games.updateSettings(game.id, { reminderIntervalMinutes: 30, locale: 'de' });
      expect(await store.games.findById(game.id)).toMatchObject({ reminderIntervalMinutes: 30, locale: 'de', updatedAt: T0 + 1_000, version: 0 });
    });

    it('finds the newest ended game of a channel (finished, or abandoned after its start), also when it was played in a thread of it', async () => {
      const { store } = await open(under);
      const older = await created(store, lobby('300000000000000011'));
      await store.games.saveState(older.id, 0, { status: 'finished' });
      const closedLobby = await created(store, lobby('300000000000000011'));
      await store.games.saveState(closedLobby.id, 0, { status: 'abandoned' });
      expect(await store.games.findLastEnded('300000000000000011')).toMatchObject({ id: older.id });
      const endedEarly = await created(store, lobby('300000000000000011'));
      await store.games.saveState(endedEarly.id, 0, { status: 'active', state: '{}' });
      await store.games.saveState(endedEarly.id, 1, { status: 'abandoned' });
      expect(await store.games.findLastEnded('300000000000000011')).toMatchObject({ id: endedEarly.id });
      const inThread = await created(store, lobby('300000000000000012', { useThread: true }));
      await store.games.setThread(inThread.id, '500000000000000002');
      await store.games.saveState(inThread.id, 0, { status: 'finished' });
      expect(await store.games.findLastEnded('500000000000000002')).toMatchObject({ id: inThread.id });
      expect(await store.games.findLastEnded('300000000000000099')).toBeUndefined();
    });

    it("lists a server's played games, newest first and without their states: running, finished, ended early after the start, for replays", async () => {
      const { store } = await open(under);
      const finished = await created(store, lobby('300000000000000031'));
      await store.games.saveState(finished.id, 0, { status: 'active', state: '{}' });
      await store.games.saveState(finished.id, 1, { status: 'finished' });
      const closedLobby = await created(store, lobby('300000000000000032'));
      await store.games.saveState(closedLobby.id, 0, { status: 'abandoned' });
      const running = await created(store, lobby('300000000000000033'));
      await store.games.saveState(running.id, 0, { status: 'active', state: '{}' });
      const endedEarly = await created(store, lobby('300000000000000034'));
      await store.games.saveState(endedEarly.id, 0, { status: 'active', state: '{}' });
      await store.games.saveState(endedEarly.id, 1, { status: 'abandoned' });
      await created(store, lobby('300000000000000035'));
      const elsewhere = await created(store, lobby('300000000000000036', { guildId: '100000000000000002' }));
      await store.games.saveState(elsewhere.id, 0, { status: 'active', state: '{}' });
      expect(await store.games.playedInGuild(GUILD, 10)).toEqual([
        { id: endedEarly.id, kind: 'istanbul', status: 'abandoned', updatedAt: T0 },
        { id: running.id, kind: 'istanbul', status: 'active', updatedAt: T0 },
        { id: finished.id, kind: 'istanbul', status: 'finished', updatedAt: T0 },
      ]);
      expect((await store.games.playedInGuild(GUILD, 2)).map((g) => g.id)).toEqual([endedEarly.id, running.id]);
      expect((await store.games.playedInGuild('100000000000000002', 10)).map((g) => g.id)).toEqual([elsewhere.id]);
    });

    it('a process lists the running games of its own shards’ guilds only', async () => {
      const { store, another } = await open(under);
      const even = await created(store, lobby('300000000000000013', { guildId: guildOnShard(0, 2) }));
      const odd = await created(store, lobby('300000000000000014', { guildId: guildOnShard(1, 2) }));
      const over = await created(store, lobby('300000000000000015', { guildId: guildOnShard(1, 2) }));
      await store.games.saveState(over.id, 0, { status: 'finished' });
      expect(shardOfGuild(odd.guildId, 2)).toBe(1);
      expect((await store.games.listRunning()).map((g) => g.id)).toEqual([even.id, odd.id]);
      const shardOne = await another({ shards: { shardCount: 2, shardIds: [1] } });
      expect((await shardOne.games.listRunning()).map((g) => g.id)).toEqual([odd.id]);
      const none = await another({ shards: { shardCount: 2, shardIds: [] } });
      expect(await none.games.listRunning()).toEqual([]);
    });

    it('keeps the newest snapshot; a second snapshot of the same sequence keeps the first', async () => {
      const { store } = await open(under);
      const game = await created(store, lobby('300000000000000016'));
      expect(await store.games.latestSnapshot(game.id)).toBeUndefined();
      await store.games.saveSnapshot(game.id, 2, '{"at":2}');
      await store.games.saveSnapshot(game.id, 5, '{"at":5}');
      await store.games.saveSnapshot(game.id, 5, '{"again":5}');
      expect(await store.games.latestSnapshot(game.id)).toEqual({ sequence: 5, state: '{"at":5}' });
    });
  });

  describe.runIf(under.available)('scheduled jobs', () => {
    it('finds the due jobs, takes a job exactly once, replaces a kind’s jobs and deletes them', async () => {
      const { store } = await open(under);
      const game = await created(store, lobby('300000000000000020'));
      const early = await store.games.scheduleJob({ kind: 'reminder', gameId: game.id, dueAt: 1_000, payload: { seat: 1 } });
      expect(early).toEqual({ id: early.id, kind: 'reminder', gameId: game.id, dueAt: 1_000, payload: '{"seat":1}', createdAt: T0 });
      await store.games.scheduleJob({ kind: 'idle', gameId: game.id, dueAt: 5_000, payload: {} });
      await store.games.scheduleJob({ kind: 'idle', gameId: game.id, dueAt: 6_000, payload: {} });
      expect((await store.games.dueJobs(2_000)).map((job) => job.id)).toEqual([early.id]);
      expect((await store.games.dueJobs(5_000)).map((job) => [job.kind, job.dueAt])).toEqual([
        ['reminder', 1_000],
        ['idle', 5_000],
      ]);
      expect(await store.games.deleteJob(early.id)).toBe(true);
      expect(await store.games.deleteJob(early.id)).toBe(false);
      const replaced = await store.games.rescheduleJob({ kind: 'idle', gameId: game.id, dueAt: 9_000, payload: { round: 2 } });
      expect(await store.games.jobsOf(game.id, 'idle')).toEqual([replaced]);
      await store.games.scheduleJob({ kind: 'reminder', gameId: game.id, dueAt: 7_000, payload: {} });
      expect((await store.games.jobsOf(game.id)).map((job) => job.dueAt)).toEqual([7_000, 9_000]);
      await store.games.deleteJobs(game.id, 'reminder');
      expect((await store.games.jobsOf(game.id)).map((job) => job.kind)).toEqual(['idle']);
      await store.games.deleteJobs(game.id);
      expect(await store.games.jobsOf(game.id)).toEqual([]);
    });

    it('jobs due at the same moment come in the order they were scheduled, also after a row was rewritten in place', async () => {
      const { store, execute } = await open(under);
      const game = await created(store, lobby('300000000000000023'));
      const first = await store.games.scheduleJob({ kind: 'reminder', gameId: game.id, dueAt: 5_000, payload: {} });
      const second = await store.games.scheduleJob({ kind: 'idle', gameId: game.id, dueAt: 5_000, payload: {} });
      // Ordered by the due time alone, both databases answered the rewritten row last.
      await execute(`UPDATE scheduled_jobs SET payload = '{"touched":true}' WHERE id = ${first.id}`);
      expect((await store.games.dueJobs(5_000)).map((job) => job.id)).toEqual([first.id, second.id]);
      expect((await store.games.jobsOf(game.id)).map((job) => job.id)).toEqual([first.id, second.id]);
    });

    it('a damaged job stays where it is but is no longer due; other shards’ jobs are not this process’s', async () => {
      const { store, another } = await open(under);
      const mine = await created(store, lobby('300000000000000021', { guildId: guildOnShard(1, 2) }));
      const theirs = await created(store, lobby('300000000000000022', { guildId: guildOnShard(0, 2) }));
      const damaged = await store.games.scheduleJob({ kind: 'reminder', gameId: mine.id, dueAt: 10, payload: {} });
      const fine = await store.games.scheduleJob({ kind: 'reminder', gameId: mine.id, dueAt: 20, payload: {} });
      const elsewhere = await store.games.scheduleJob({ kind: 'reminder', gameId: theirs.id, dueAt: 30, payload: {} });
      await store.damagedRows.record({ table: 'scheduled_jobs', rowId: String(damaged.id), gameId: mine.id, channelId: mine.channelId, reason: 'payload is not JSON' });
      expect((await store.games.dueJobs(100)).map((job) => job.id)).toEqual([fine.id, elsewhere.id]);
      const shardOne = await another({ shards: { shardCount: 2, shardIds: [1] } });
      expect((await shardOne.games.dueJobs(100)).map((job) => job.id)).toEqual([fine.id]);
      expect((await store.games.jobsOf(mine.id)).map((job) => job.id)).toEqual([damaged.id, fine.id]);
    });

    it('two processes taking the same due jobs at once: each job is taken by exactly one of them', async () => {
      const { store, another } = await open(under);
      const other = await another();
      const game = await created(store, lobby('300000000000000023'));
      const jobs = [];
      for (let i = 0; i < 10; i++) jobs.push(await store.games.scheduleJob({ kind: 'reminder', gameId: game.id, dueAt: i, payload: {} }));
      const taken = await Promise.all(jobs.map((job) => Promise.all([store.games.deleteJob(job.id), other.games.deleteJob(job.id)])));
      expect(taken.map(([a, b]) => Number(a) + Number(b))).toEqual(jobs.map(() => 1));
    });
  });

  describe.runIf(under.available)('deliveries (the outbox)', () => {
    const board = (gameId: number, channelId: string, version = 1, guildId = GUILD) => ({ gameId, guildId, channelId, kind: 'board' as const, version, payload: { kind: 'board', version } });

    it('a new delivery is pending and due at once; the deliverer’s timer sees the earliest pending one', async () => {
      const { store, clock } = await open(under);
      const game = await created(store, lobby('300000000000000030'));
      expect(await store.deliveries.nextDue()).toBeNull();
      const added = await store.deliveries.add(board(game.id, game.channelId));
      expect(added).toEqual({
        id: added.id,
        gameId: game.id,
        guildId: GUILD,
        channelId: game.channelId,
        kind: 'board',
        version: 1,
        payload: '{"kind":"board","version":1}',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: T0,
        claimedUntil: null,
        claimedBy: null,
        messageId: null,
        postedIn: null,
        supersededBy: null,
        disarmedAt: null,
        lastError: null,
        createdAt: T0,
        deliveredAt: null,
      });
      expect(await store.deliveries.byId(added.id)).toEqual(added);
      clock.now = T0 + 50;
      await store.deliveries.add(board(game.id, game.channelId, 2));
      expect(await store.deliveries.nextDue()).toBe(T0);
      await store.deliveries.failed(added.id, 1, T0 + 5_000, 'Discord said 503');
      expect(await store.deliveries.nextDue()).toBe(T0 + 50);
      expect(await store.deliveries.gameStatus(game.id)).toBe('lobby');
      expect(await store.deliveries.gameStatus(game.id + 1)).toBeUndefined();
    });

    it('a claim leases the game’s due deliveries, oldest first; nobody else gets them until the lease runs out', async () => {
      const { store, clock } = await open(under);
      const game = await created(store, lobby('300000000000000031'));
      const quiet = await created(store, lobby('300000000000000032'));
      const first = await store.deliveries.add(board(game.id, game.channelId, 1));
      const second = await store.deliveries.add(board(game.id, game.channelId, 2));
      clock.now = T0 + 10_000;
      await store.deliveries.add(board(game.id, game.channelId, 3));
      await store.deliveries.add(board(quiet.id, quiet.channelId));
      const now = T0 + 100;
      expect(await store.deliveries.gamesWithDue(now)).toEqual([{ gameId: game.id, channelId: game.channelId }]);
      const claimed = await store.deliveries.claim(game.id, now, 1_000, 'east');
      expect(claimed.map((d) => [d.id, d.claimedBy, d.claimedUntil])).toEqual([
        [first.id, 'east', now + 1_000],
        [second.id, 'east', now + 1_000],
      ]);
      expect(await store.deliveries.claim(game.id, now + 500, 1_000, 'west')).toEqual([]);
      expect(await store.deliveries.gamesWithDue(now + 500)).toEqual([]);
      // The holder died: once the lease has run out, another deliverer takes them.
      expect((await store.deliveries.claim(game.id, now + 1_001, 1_000, 'west')).map((d) => [d.id, d.claimedBy])).toEqual([
        [first.id, 'west'],
        [second.id, 'west'],
      ]);
    });

    it('what happens to a claimed delivery: posted, superseded, failed and tried again, set aside as damaged, released', async () => {
      const { store, clock } = await open(under);
      const game = await created(store, lobby('300000000000000033'));
      const ids = [];
      for (let v = 1; v <= 5; v++) ids.push((await store.deliveries.add(board(game.id, game.channelId, v))).id);
      const [posted, replaced, failing, damaged, released] = ids as [number, number, number, number, number];
      await store.deliveries.claim(game.id, T0, 1_000, 'east');
      clock.now = T0 + 20;
      await store.deliveries.delivered(posted, '600000000000000001', { postedIn: '500000000000000001' });
      await store.deliveries.superseded([replaced], posted);
      await store.deliveries.superseded([], posted);
      await store.deliveries.failed(failing, 1, T0 + 2_000, `rate limited ${'x'.repeat(400)}`);
      await store.deliveries.damaged(damaged);
      await store.deliveries.release([released]);
      await store.deliveries.release([]);
      const rows = new Map((await store.deliveries.ofGame(game.id)).map((d) => [d.id, d]));
      expect(rows.get(posted)).toMatchObject({ status: 'delivered', messageId: '600000000000000001', postedIn: '500000000000000001', deliveredAt: T0 + 20, claimedUntil: null, disarmedAt: null, lastError: null });
      expect(rows.get(replaced)).toMatchObject({ status: 'superseded', supersededBy: posted, claimedUntil: null });
      expect(rows.get(failing)).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: T0 + 2_000, claimedUntil: null, claimedBy: 'east' });
      expect(rows.get(failing)!.lastError).toHaveLength(300);
      expect(rows.get(damaged)).toMatchObject({ status: 'damaged', claimedUntil: null });
      expect(rows.get(released)).toMatchObject({ status: 'pending', claimedUntil: null, claimedBy: 'east' });
      // Due again now: only the released one (the failed one waits for its next attempt).
      expect((await store.deliveries.claim(game.id, T0 + 30, 1_000, 'west')).map((d) => d.id)).toEqual([released]);
    });

    it("the deliverer's changes, kept prepared, take each call's values: rows superseded a few or many at once, posted disarmed, buttons taken off", async () => {
      const { store, clock } = await open(under);
      const game = await created(store, lobby('300000000000000036'));
      const ids: number[] = [];
      for (let v = 1; v <= 26; v++) ids.push((await store.deliveries.add(board(game.id, game.channelId, v))).id);
      const [a, b, c, d, ...many] = ids as [number, number, number, number, ...number[]];
      await store.deliveries.superseded([a, b], d);
      await store.deliveries.superseded([c], null);
      await store.deliveries.superseded(many.slice(0, 20), d);
      clock.now = T0 + 30;
      await store.deliveries.delivered(d, '600000000000000004', { disarmed: true, postedIn: '500000000000000004' });
      const kept = many[20]!;
      await store.deliveries.delivered(kept, '600000000000000005');
      clock.now = T0 + 40;
      await store.deliveries.disarmed(kept);
      const rows = new Map((await store.deliveries.ofGame(game.id)).map((row) => [row.id, row]));
      for (const id of [a, b, ...many.slice(0, 20)]) expect(rows.get(id)).toMatchObject({ status: 'superseded', supersededBy: d });
      expect(rows.get(c)).toMatchObject({ status: 'superseded', supersededBy: null });
      expect(rows.get(d)).toMatchObject({ status: 'delivered', messageId: '600000000000000004', postedIn: '500000000000000004', deliveredAt: T0 + 30, disarmedAt: T0 + 30 });
      expect(rows.get(kept)).toMatchObject({ status: 'delivered', messageId: '600000000000000005', postedIn: null, deliveredAt: T0 + 30, disarmedAt: T0 + 40 });
      expect([...rows.values()].filter((row) => row.status === 'pending').map((row) => row.id)).toEqual(many.slice(21));
    });

    it('a restarted deliverer takes back at once what its predecessor of the same name held', async () => {
      const { store } = await open(under);
      const game = await created(store, lobby('300000000000000034'));
      await store.deliveries.add(board(game.id, game.channelId, 1));
      await store.deliveries.add(board(game.id, game.channelId, 2));
      const held = await store.deliveries.claim(game.id, T0, 60_000, 'shard-0');
      await store.deliveries.delivered(held[0]!.id, '600000000000000002');
      expect(await store.deliveries.releaseOwnedBy('shard-1')).toBe(0);
      expect(await store.deliveries.releaseOwnedBy('shard-0')).toBe(1);
      expect((await store.deliveries.claim(game.id, T0 + 1, 60_000, 'shard-0')).map((d) => d.id)).toEqual([held[1]!.id]);
    });

    it('knows which posted messages still carry buttons, and which games have stale ones', async () => {
      const { store } = await open(under);
      const game = await created(store, lobby('300000000000000035'));
      const over = await created(store, lobby('300000000000000036'));
      const post = async (gameId: number, channelId: string, kind: 'board' | 'lobby' | 'announcement', options: { disarmed?: boolean } = {}) => {
        const row = await store.deliveries.add({ ...board(gameId, channelId), kind });
        await store.deliveries.delivered(row.id, `6000000000000${row.id}`, options);
        return row.id;
      };
      const lobbyPost = await post(game.id, game.channelId, 'lobby');
      // Whose message is whose: the lobby's message is the game's, not the other game's.
      expect(await store.deliveries.postedMessage(game.id, `6000000000000${lobbyPost}`)).toBe(true);
      expect(await store.deliveries.postedMessage(over.id, `6000000000000${lobbyPost}`)).toBe(false);
      expect(await store.deliveries.postedMessage(game.id, '6000000000000999')).toBe(false);
      const announcement = await post(game.id, game.channelId, 'announcement');
      expect((await store.deliveries.armed(game.id)).map((d) => d.id)).toEqual([lobbyPost]);
      expect(await store.deliveries.gamesWithArmed()).toEqual([]);
      // A board posted after it: the lobby's buttons are stale.
      const oldBoard = await post(game.id, game.channelId, 'board');
      expect((await store.deliveries.armed(game.id)).map((d) => d.id)).toEqual([lobbyPost, oldBoard]);
      expect(await store.deliveries.gamesWithArmed()).toEqual([{ gameId: game.id, channelId: game.channelId }]);
      const newBoard = await post(game.id, game.channelId, 'board');
      expect(await store.deliveries.gamesWithArmed()).toEqual([{ gameId: game.id, channelId: game.channelId }]);
      // What decides which buttons are stale, in one read: everything posted from the oldest armed message on.
      expect((await store.deliveries.deliveredFromOldestArmed(game.id)).map((d) => d.id)).toEqual([lobbyPost, announcement, oldBoard, newBoard]);
      expect(await store.deliveries.deliveredFromOldestArmed(over.id)).toEqual([]);
      expect((await store.deliveries.latestPosted(game.id))?.id).toBe(newBoard);
      expect((await store.deliveries.recentOfKind(game.id, 'board', 5)).map((d) => d.id)).toEqual([newBoard, oldBoard]);
      expect((await store.deliveries.recentOfKind(game.id, 'board', 1)).map((d) => d.id)).toEqual([newBoard]);
      await store.deliveries.disarmed(lobbyPost);
      await store.deliveries.disarmed(oldBoard);
      expect((await store.deliveries.armed(game.id)).map((d) => d.id)).toEqual([newBoard]);
      expect((await store.deliveries.deliveredFromOldestArmed(game.id)).map((d) => d.id)).toEqual([newBoard]);
      expect((await store.deliveries.byId(oldBoard))?.disarmedAt).toBe(T0);
      expect(await store.deliveries.gamesWithArmed()).toEqual([]);
      // A finished game's last board is stale too; one posted already disarmed is not.
      await post(over.id, over.channelId, 'board');
      await post(over.id, over.channelId, 'board', { disarmed: true });
      await store.games.saveState(over.id, 0, { status: 'finished' });
      expect((await store.deliveries.armed(over.id)).map((d) => d.id)).toHaveLength(1);
      expect(await store.deliveries.gamesWithArmed()).toEqual([{ gameId: over.id, channelId: over.channelId }]);
      expect(await store.deliveries.latestPosted(over.id + 1)).toBeUndefined();
      // What the game posted from a delivery on, in order; a delivery not posted yet is not among them.
      await store.deliveries.add(board(game.id, game.channelId));
      expect((await store.deliveries.deliveredSince(game.id, oldBoard)).map((d) => d.id)).toEqual([oldBoard, newBoard]);
      expect((await store.deliveries.deliveredSince(game.id, lobbyPost)).map((d) => d.id)).toEqual([lobbyPost, announcement, oldBoard, newBoard]);
    });

    it('a process sees only the deliveries of its own shards’ guilds', async () => {
      const { store, another } = await open(under);
      const mine = await created(store, lobby('300000000000000037', { guildId: guildOnShard(1, 2) }));
      const theirs = await created(store, lobby('300000000000000038', { guildId: guildOnShard(0, 2) }));
      await store.deliveries.add(board(theirs.id, theirs.channelId, 1, theirs.guildId));
      const shardOne = await another({ shards: { shardCount: 2, shardIds: [1] } });
      expect(await shardOne.deliveries.nextDue()).toBeNull();
      expect(await shardOne.deliveries.gamesWithDue(T0)).toEqual([]);
      await store.deliveries.add(board(mine.id, mine.channelId, 1, mine.guildId));
      expect(await shardOne.deliveries.gamesWithDue(T0)).toEqual([{ gameId: mine.id, channelId: mine.channelId }]);
      expect(await shardOne.deliveries.nextDue()).toBe(T0);
      expect(await store.deliveries.gamesWithDue(T0, 1)).toHaveLength(1);
      expect(await store.deliveries.gamesWithDue(T0)).toHaveLength(2);
    });

    it('two deliverers in two processes claiming the same due delivery at once: exactly one gets it, every time', async () => {
      const { store, another } = await open(under);
      const other = await another();
      const games = [];
      for (let i = 0; i < 10; i++) {
        const game = await created(store, lobby(String(300000000000000100n + BigInt(i))));
        await store.deliveries.add(board(game.id, game.channelId));
        games.push(game);
      }
      const claims = await Promise.all(games.map((game) => Promise.all([store.deliveries.claim(game.id, T0, 60_000, 'east'), other.deliveries.claim(game.id, T0, 60_000, 'west')])));
      expect(claims.map(([east, west]) => east.length + west.length)).toEqual(games.map(() => 1));
    });
  });

  describe.runIf(under.available)('statistics of finished games', () => {
    const finish = async (store: Store, channelId: string, kind: string, ranks: [string, number][], status: 'finished' | 'abandoned' = 'finished', at = T0, guildId = GUILD) => {
      const game = await created(store, lobby(channelId, { kind, guildId }));
      await store.games.saveState(game.id, 0, { status });
      await store.stats.record(
        game.id,
        at,
        ranks.map(([userId, rank], seat) => ({ seat, userId, rank, left: false })),
      );
      return game;
    };

    it('lists a server’s finished and abandoned games, newest first, with their winners', async () => {
      const { store } = await open(under);
      const first = await finish(store, '300000000000000040', 'istanbul', [['ayla', 1], ['bo', 2], ['cem', 3]], 'finished', T0 + 1);
      const tie = await finish(store, '300000000000000041', 'kairo', [['ayla', 1], ['bo', 1]], 'finished', T0 + 2);
      const ended = await finish(store, '300000000000000042', 'kairo', [['cem', 1], ['bo', 2]], 'abandoned', T0 + 3);
      await finish(store, '300000000000000043', 'kairo', [['dan', 1]], 'finished', T0 + 4, '100000000000000002');
      await store.games.setBoardMessage(first.id, '400000000000000009');
      // Recording twice changes nothing.
      await store.stats.record(first.id, T0 + 9, [{ seat: 0, userId: 'ayla', rank: 1, left: false }]);
      expect(await store.stats.history(GUILD, 10)).toEqual([
        { gameId: ended.id, kind: 'kairo', channelId: ended.channelId, boardMessageId: null, finishedAt: T0 + 3, winners: [{ userId: 'cem', level: null }], players: 2, abandoned: true },
        { gameId: tie.id, kind: 'kairo', channelId: tie.channelId, boardMessageId: null, finishedAt: T0 + 2, winners: [{ userId: 'ayla', level: null }, { userId: 'bo', level: null }], players: 2, abandoned: false },
        { gameId: first.id, kind: 'istanbul', channelId: first.channelId, boardMessageId: '400000000000000009', finishedAt: T0 + 1, winners: [{ userId: 'ayla', level: null }], players: 3, abandoned: false },
      ]);
      expect((await store.stats.history(GUILD, 1)).map((g) => g.gameId)).toEqual([ended.id]);
    });

    it('reads a game’s stored result with its computer seats’ levels, and names a computer winner with its level in the history', async () => {
      const { store } = await open(under);
      const game = await created(store, lobby('300000000000000050', { kind: 'kairo' }), [
        { seat: 0, userId: '200000000000000001', displayName: 'Ayla' },
        { seat: 1, userId: 'computer:1', displayName: 'Bot 1', computer: 'easy' },
      ]);
      await store.games.saveState(game.id, 0, { status: 'finished' });
      await store.stats.record(game.id, T0 + 20, [
        { seat: 0, userId: '200000000000000001', rank: 2, left: true },
        { seat: 1, userId: 'computer:1', rank: 1, left: false },
      ]);
      expect(await store.stats.resultsOf(game.id)).toEqual([
        { seat: 0, userId: '200000000000000001', rank: 2, left: true, level: null },
        { seat: 1, userId: 'computer:1', rank: 1, left: false, level: 'easy' },
      ]);
      expect((await store.stats.history(GUILD, 10)).find((g) => g.gameId === game.id)?.winners).toEqual([{ userId: 'computer:1', level: 'easy' }]);
      expect(await store.stats.resultsOf(game.id + 1000)).toEqual([]);
    });

    it('counts a player’s games, wins and average place per kind, and ranks the server’s players; abandoned games count for nobody', async () => {
      const { store } = await open(under);
      await finish(store, '300000000000000044', 'istanbul', [['ayla', 1], ['bo', 2], ['cem', 3]]);
      await finish(store, '300000000000000045', 'istanbul', [['ayla', 2], ['bo', 1], ['cem', 3]]);
      await finish(store, '300000000000000046', 'istanbul', [['ayla', 1], ['cem', 2]]);
      await finish(store, '300000000000000047', 'kairo', [['bo', 1], ['ayla', 2]]);
      await finish(store, '300000000000000048', 'kairo', [['cem', 1], ['ayla', 2]], 'abandoned');
      await finish(store, '300000000000000049', 'kairo', [['ayla', 1]], 'finished', T0, '100000000000000002');
      expect(await store.stats.player(GUILD, 'ayla')).toEqual([
        { userId: 'ayla', kind: 'istanbul', games: 3, wins: 2, averagePlace: 4 / 3 },
        { userId: 'ayla', kind: 'kairo', games: 1, wins: 0, averagePlace: 2 },
      ]);
      expect(await store.stats.player(GUILD, 'nobody')).toEqual([]);
      expect(await store.stats.leaderboard(GUILD, 10)).toEqual([
        // Two wins each: the better average place first.
        { userId: 'bo', games: 3, wins: 2, averagePlace: 4 / 3 },
        { userId: 'ayla', games: 4, wins: 2, averagePlace: 1.5 },
        { userId: 'cem', games: 3, wins: 0, averagePlace: 8 / 3 },
      ]);
      expect((await store.stats.leaderboard(GUILD, 1)).map((p) => p.userId)).toEqual(['bo']);
    });
  });

  describe.runIf(under.available)('player settings and damaged rows', () => {
    it('keeps one row of notification settings per player, replaced when saved again', async () => {
      const { store, clock } = await open(under);
      expect(await store.playerSettings.find('ayla')).toBeUndefined();
      expect(await store.playerSettings.findMany([])).toEqual([]);
      await store.playerSettings.save('ayla', { how: 'dm', timeZone: 'Europe/Berlin', quietFrom: 22, quietTo: 7, awayUntil: T0 + 86_400_000, locale: 'de', autoForced: true, phonePicture: true });
      await store.playerSettings.save('bo', { how: 'channel', timeZone: null, quietFrom: null, quietTo: null, awayUntil: null, locale: null, autoForced: true, phonePicture: false });
      clock.now = T0 + 1;
      await store.playerSettings.save('ayla', { how: 'both', timeZone: null, quietFrom: null, quietTo: null, awayUntil: null, locale: 'nl', autoForced: false, phonePicture: true });
      expect(await store.playerSettings.find('ayla')).toEqual({ userId: 'ayla', notify: 'both', timeZone: null, quietFrom: null, quietTo: null, awayUntil: null, locale: 'nl', autoForced: 0, phonePicture: 1, dmFailedAt: null, updatedAt: T0 + 1 });
      expect(await store.playerSettings.find('bo')).toEqual({ userId: 'bo', notify: 'channel', timeZone: null, quietFrom: null, quietTo: null, awayUntil: null, locale: null, autoForced: 1, phonePicture: 0, dmFailedAt: null, updatedAt: T0 });
      expect((await store.playerSettings.findMany(['bo', 'ayla', 'cem'])).map((row) => row.userId).sort()).toEqual(['ayla', 'bo']);
      // The same number of users again (the kept query, other values), and more users than are kept.
      expect((await store.playerSettings.findMany(['cem', 'dana', 'bo'])).map((row) => row.userId)).toEqual(['bo']);
      const many = Array.from({ length: 20 }, (_, i) => `user${i}`);
      expect((await store.playerSettings.findMany([...many, 'ayla'])).map((row) => row.userId)).toEqual(['ayla']);
    });

    it("keeps a finished game's analysis turn by turn: owed until done, begun once, a game set aside no longer owed", async () => {
      const { store, clock } = await open(under);
      const ended = async (channelId: string, kind: string, status: 'finished' | 'abandoned'): Promise<number> => {
        const game = await created(store, lobby(channelId, { kind }));
        await store.games.saveState(game.id, 0, { status: 'active', state: '{}' });
        await store.games.saveState(game.id, 1, { status });
        return game.id;
      };
      const first = await ended('300000000000000051', 'istanbul', 'finished');
      const abandoned = await ended('300000000000000052', 'istanbul', 'abandoned');
      const kairo = await ended('300000000000000053', 'kairo', 'finished');
      const other = await ended('300000000000000054', 'tally', 'finished');
      await created(store, lobby('300000000000000055'));
      expect(abandoned).toBeGreaterThan(0);
      expect(await store.analyses.owed(['istanbul', 'kairo'], 10)).toEqual([first, kairo]);
      expect(await store.analyses.owed(['istanbul', 'kairo'], 1)).toEqual([first]);
      expect(await store.analyses.owed([], 10)).toEqual([]);
      await store.analyses.begin(first, 12);
      clock.now = T0 + 5;
      await store.analyses.saveReviewed(first, '[{"turn":1}]', false);
      // Begun again (a restart): what was reviewed stays.
      await store.analyses.begin(first, 12);
      expect(await store.analyses.find(first)).toEqual({ gameId: first, status: 'pending', turns: 12, reviewed: '[{"turn":1}]', reason: null, updatedAt: T0 + 5 });
      expect(await store.analyses.owed(['istanbul', 'kairo', 'tally'], 10)).toEqual([first, kairo, other]);
      await store.analyses.saveReviewed(first, '[{"turn":1},{"turn":2}]', true);
      await store.analyses.setAside(kairo, 'the log no longer replays');
      expect(await store.analyses.find(kairo)).toMatchObject({ status: 'set_aside', reason: 'the log no longer replays' });
      expect(await store.analyses.owed(['istanbul', 'kairo', 'tally'], 10)).toEqual([other]);
      // A done analysis is not written again.
      await store.analyses.saveReviewed(first, '[]', false);
      expect(await store.analyses.find(first)).toMatchObject({ status: 'done', reviewed: '[{"turn":1},{"turn":2}]' });
      expect(await store.analyses.find(other)).toBeUndefined();
    });

    it("owes a process only the analyses of its own shards' guilds", async () => {
      const { store, another } = await open(under);
      const finishedOn = async (shard: number, channelId: string): Promise<number> => {
        const game = await created(store, lobby(channelId, { guildId: guildOnShard(shard, 2) }));
        await store.games.saveState(game.id, 0, { status: 'active', state: '{}' });
        await store.games.saveState(game.id, 1, { status: 'finished' });
        return game.id;
      };
      const even = await finishedOn(0, '300000000000000061');
      const odd = await finishedOn(1, '300000000000000062');
      const shardOne = await another({ shards: { shardCount: 2, shardIds: [1] } });
      expect(await shardOne.analyses.owed(['istanbul'], 10)).toEqual([odd]);
      expect(await store.analyses.owed(['istanbul'], 10)).toEqual([even, odd]);
    });

    it("keeps a server's vacation days, and each player's vacations there: the ones going on, the days a year's took", async () => {
      const { store, clock } = await open(under);
      expect(await store.serverSettings.find(GUILD)).toBeUndefined();
      await store.serverSettings.saveVacationDays(GUILD, 10);
      clock.now = T0 + 1;
      await store.serverSettings.saveVacationDays(GUILD, 3);
      expect(await store.serverSettings.find(GUILD)).toMatchObject({ guildId: GUILD, vacationDays: 3, updatedAt: T0 + 1 });
      const DAY = 86_400_000;
      const other = '100000000000000002';
      const ended = { guildId: GUILD, userId: 'ayla', startedAt: T0 - 20 * DAY, year: 2023, pausedUntil: T0 - 18 * DAY, awayUntil: T0 - 18 * DAY, days: 2 };
      const going = { guildId: GUILD, userId: 'ayla', startedAt: T0 - DAY, year: 2023, pausedUntil: T0 + DAY, awayUntil: T0 + 3 * DAY, days: 2 };
      const elsewhere = { ...going, guildId: other, pausedUntil: T0 + 3 * DAY, days: 4 };
      for (const row of [ended, going, elsewhere, { ...going, userId: 'bo', year: 2022 }]) await store.vacations.save(row);
      expect(await store.vacations.daysTaken(GUILD, 'ayla', 2023)).toBe(4);
      expect(await store.vacations.daysTaken(GUILD, 'ayla', 2024)).toBe(0);
      expect((await store.vacations.current('ayla', T0)).sort((a, b) => a.guildId.localeCompare(b.guildId))).toEqual([going, elsewhere]);
      expect(await store.vacations.currentOn(GUILD, ['ayla', 'cem'], T0)).toEqual([going]);
      expect(await store.vacations.currentOn(GUILD, [], T0)).toEqual([]);
      // Ended early: the same vacation (its start is its key), the unused days given back.
      await store.vacations.save({ ...going, pausedUntil: T0, awayUntil: T0, days: 1 });
      expect(await store.vacations.current('ayla', T0)).toEqual([elsewhere]);
      expect(await store.vacations.daysTaken(GUILD, 'ayla', 2023)).toBe(3);
    });

    it('keeps a direct message that failed until the player is told, once, keeping their settings', async () => {
      const { store } = await open(under);
      await store.playerSettings.save('ayla', { how: 'dm', timeZone: null, quietFrom: null, quietTo: null, awayUntil: null, locale: 'de', autoForced: false, phonePicture: false });
      await store.playerSettings.markDmFailed('ayla', T0 + 5);
      await store.playerSettings.markDmFailed('cem', T0 + 6);
      expect(await store.playerSettings.find('ayla')).toMatchObject({ notify: 'dm', locale: 'de', autoForced: 0, dmFailedAt: T0 + 5 });
      expect(await store.playerSettings.find('cem')).toMatchObject({ notify: 'channel', autoForced: 1, dmFailedAt: T0 + 6 });
      expect(await store.playerSettings.takeDmFailed('ayla')).toBe(T0 + 5);
      expect(await store.playerSettings.takeDmFailed('ayla')).toBeNull();
      expect(await store.playerSettings.takeDmFailed('bo')).toBeNull();
    });

    it('records a damaged row once: the first report says so, later ones do not', async () => {
      const { store } = await open(under);
      const report = { table: 'deliveries', rowId: '7', gameId: 3, channelId: '300000000000000050', reason: `payload is not JSON ${'!'.repeat(600)}` };
      expect(await store.damagedRows.isDamaged('deliveries', '7')).toBe(false);
      expect(await store.damagedRows.record(report)).toBe(true);
      expect(await store.damagedRows.record({ ...report, reason: 'again' })).toBe(false);
      expect(await store.damagedRows.isDamaged('deliveries', '7')).toBe(true);
      expect(await store.damagedRows.isDamaged('scheduled_jobs', '7')).toBe(false);
      expect(await store.damagedRows.all()).toEqual([{ tableName: 'deliveries', rowId: '7', gameId: 3, channelId: '300000000000000050', reason: report.reason.slice(0, 500), foundAt: T0 }]);
    });
  });

  describe.runIf(under.available)('transactions', () => {
    it('a failing transaction leaves nothing behind and rethrows its error', async () => {
      const { store } = await open(under);
      const error = new Error('the change fails halfway');
      await expect(
        store.transaction(async () => {
          const game = await created(store, lobby('300000000000000060'));
          await store.games.scheduleJob({ kind: 'reminder', gameId: game.id, dueAt: 5, payload: {} });
          await store.deliveries.add({ gameId: game.id, guildId: GUILD, channelId: game.channelId, kind: 'lobby', version: 0, payload: {} });
          throw error;
        }),
      ).rejects.toBe(error);
      expect(await store.games.findRunningByChannel('300000000000000060')).toBeUndefined();
      expect(await store.games.dueJobs(10)).toEqual([]);
      expect(await store.deliveries.nextDue()).toBeNull();
    });

    it('every call in the transaction’s flow joins it: the change is seen inside at once, by another process only once committed', async () => {
      const { store, another } = await open(under);
      const other = await another();
      expect(store.inTransaction()).toBe(false);
      const result = await store.transaction(async () => {
        expect(store.inTransaction()).toBe(true);
        const game = await created(store, lobby('300000000000000061'));
        // Deeper in the flow, past another await, the call still joins.
        await new Promise((resolve) => setImmediate(resolve));
        expect(await store.games.findRunningByChannel('300000000000000061')).toEqual(game);
        expect(await other.games.findRunningByChannel('300000000000000061')).toBeUndefined();
        return game.id;
      });
      expect(store.inTransaction()).toBe(false);
      expect((await other.games.findRunningByChannel('300000000000000061'))?.id).toBe(result);
    });

    it('a transaction inside a transaction joins it: one rollback takes both', async () => {
      const { store } = await open(under);
      await expect(
        store.transaction(async () => {
          await store.transaction(async () => {
            expect(store.inTransaction()).toBe(true);
            await created(store, lobby('300000000000000062'));
          });
          throw new Error('outer fails');
        }),
      ).rejects.toThrow('outer fails');
      expect(await store.games.findRunningByChannel('300000000000000062')).toBeUndefined();
    });

    it('a move inside a transaction: the log appended after the sequence the caller knows, the jobs in one statement, nothing answered before the commit lost', async () => {
      const { store, another } = await open(under);
      const other = await another();
      const game = await playing(store, '300000000000000066');
      const saved = await store.transaction(async () => {
        // The caller wrote version 1 and knows the log ends at 1: the log is not read.
        const result = await store.games.saveState(game.id, 1, { state: '{"n":2}' }, [move('second'), move('third', true)], undefined, 1);
        await store.games.deleteJobs(game.id);
        await store.games.scheduleJobs([
          { kind: 'reminder', gameId: game.id, dueAt: 5, payload: { n: 1 } },
          { kind: 'idle', gameId: game.id, dueAt: 7, payload: { n: 2 } },
        ]);
        // What was sent without an answer is seen by what follows in the transaction.
        expect((await store.games.recentActions(game.id, 1)).map((a) => a.action)).toEqual(['third']);
        expect(await other.games.jobsOf(game.id)).toEqual([]);
        return result;
      });
      expect(saved).toMatchObject({ ok: true, version: 2, firstSequence: 2 });
      expect((await other.games.actions(game.id)).map((a) => [a.sequence, a.action])).toEqual([
        [1, 'first'],
        [2, 'second'],
        [3, 'third'],
      ]);
      expect((await other.games.jobsOf(game.id)).map((j) => [j.kind, j.dueAt, JSON.parse(j.payload)])).toEqual([
        ['reminder', 5, { n: 1 }],
        ['idle', 7, { n: 2 }],
      ]);
      // A stale version is refused as before, with the log's end given or not, and writes nothing.
      expect(await store.transaction(() => store.games.saveState(game.id, 1, { state: '{}' }, [move('late')], undefined, 1))).toEqual({ ok: false, code: 'stale_version', currentVersion: 2 });
      expect((await other.games.actions(game.id)).map((a) => a.sequence)).toEqual([1, 2, 3]);
      expect(await store.games.latestSnapshotSequence(game.id)).toBeUndefined();
      await store.games.saveSnapshot(game.id, 3, '{}');
      expect(await store.games.latestSnapshotSequence(game.id)).toBe(3);
    });

    it('a write sent without waiting for its answer that fails takes the whole transaction with it', async () => {
      const { store, another } = await open(under);
      const other = await another();
      const game = await playing(store, '300000000000000067');
      // A wrong end of the log (sequence 1 is taken): the append fails on the key, after the method answered.
      const failed = store.transaction(async () => {
        const result = await store.games.saveState(game.id, 1, { state: '{"n":2}' }, [move('clash')], undefined, 0);
        expect(result).toMatchObject({ ok: true, version: 2 });
        await store.games.scheduleJobs([{ kind: 'reminder', gameId: game.id, dueAt: 5, payload: {} }]);
        return result;
      });
      await expect(failed).rejects.toSatisfy((error: unknown) => store.dialect === 'sqlite' || /duplicate key|unique/i.test(String(error)));
      expect(await other.games.findById(game.id)).toMatchObject({ version: 1, state: '{}' });
      expect((await other.games.actions(game.id)).map((a) => a.action)).toEqual(['first']);
      expect(await other.games.jobsOf(game.id)).toEqual([]);
      // The store goes on working.
      expect(await store.transaction(() => store.games.saveState(game.id, 1, { state: '{"n":3}' }, [move('second')]))).toMatchObject({ ok: true, firstSequence: 2 });
    });

    it("a move's save checks the version without an answer: at a stale version its transaction fails with StaleVersionError and keeps nothing", async () => {
      const { store, another } = await open(under);
      const other = await another();
      const game = await playing(store, '300000000000000068');
      const saved = await store.transaction(async () => {
        const result = await store.games.saveMove(game.id, 1, { state: '{"n":2}' }, [move('second'), move('third')], 1);
        // What went out without an answer is seen by what follows in the transaction.
        expect((await store.games.recentActions(game.id, 1)).map((a) => a.action)).toEqual(['third']);
        return result;
      });
      expect(saved).toEqual({ version: 2, updatedAt: T0, firstSequence: 2 });
      expect(await other.games.findById(game.id)).toMatchObject({ version: 2, state: '{"n":2}' });
      // The log's end not given: read under the row's lock.
      expect(await store.transaction(() => store.games.saveMove(game.id, 2, { state: '{"n":3}' }, [move('fourth')]))).toMatchObject({ version: 3, firstSequence: 4 });
      // At version 2 again: the check fails, and with it everything the transaction wrote, before and after it.
      const stale = store.transaction(async () => {
        await store.games.scheduleJobs([{ kind: 'reminder', gameId: game.id, dueAt: 5, payload: {} }]);
        await store.games.saveMove(game.id, 2, { state: '{"late":true}' }, [move('late')], 4);
        await store.games.scheduleJobs([{ kind: 'idle', gameId: game.id, dueAt: 7, payload: {} }]);
        return store.deliveries.add({ gameId: game.id, guildId: GUILD, channelId: game.channelId, kind: 'board', version: 3, payload: {} });
      });
      await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
      expect(await other.games.findById(game.id)).toMatchObject({ version: 3, state: '{"n":3}' });
      expect((await other.games.actions(game.id)).map((a) => a.action)).toEqual(['first', 'second', 'third', 'fourth']);
      expect(await other.games.jobsOf(game.id)).toEqual([]);
      expect(await other.deliveries.ofGame(game.id)).toEqual([]);
      // Outside a transaction too, and for a game that does not exist.
      await expect(store.games.saveMove(game.id, 1, { state: '{}' }, [])).rejects.toBeInstanceOf(StaleVersionError);
      await expect(store.games.saveMove(game.id + 1, 0, { state: '{}' }, [move('x')])).rejects.toBeInstanceOf(StaleVersionError);
      // The store goes on working.
      expect(await store.transaction(() => store.games.saveMove(game.id, 3, { state: '{"n":4}' }, [move('fifth')], 4))).toMatchObject({ version: 4, firstSequence: 5 });
    });

    it("a move's save the database refuses for another reason fails with the database's complaint, not as stale, and without the values", async () => {
      const { store } = await open(under);
      const ended = await created(store, lobby('300000000000000070'));
      await store.games.saveState(ended.id, 0, { state: '{}', status: 'finished' });
      const running = await created(store, lobby('300000000000000070'));
      await store.games.saveState(running.id, 0, { state: '{}', status: 'active' });
      // Back to active beside the channel's running game: the one running game per channel refuses it.
      const refused = store.transaction(() => store.games.saveMove(ended.id, 1, { state: '{"hand":"secret-card"}', status: 'active' }, [move('late')], 0));
      const error = await refused.then(
        () => undefined,
        (failed: unknown) => failed as Error,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(StaleVersionError);
      expect(String(error)).toMatch(/unique/i);
      expect(String(error)).not.toContain('secret-card');
      expect(await store.games.findById(ended.id)).toMatchObject({ version: 1, status: 'finished' });
      expect(await store.games.actions(ended.id)).toEqual([]);
    });

    it("of two processes saving a move at the same version exactly one wins; the other's transaction fails with StaleVersionError and leaves no trace", async () => {
      const { store, another } = await open(under);
      const other = await another();
      const game = await playing(store, '300000000000000069');
      const save = (by: Store, name: string) =>
        by.transaction(async () => {
          const saved = await by.games.saveMove(game.id, 1, { state: `{"by":"${name}"}` }, [move(name)], 1);
          await by.games.scheduleJobs([{ kind: 'reminder', gameId: game.id, dueAt: 5, payload: { by: name } }]);
          return saved;
        });
      // PostgreSQL's two transactions meet at the row's lock; SQLite's writers take turns (two connections of
      // one thread cannot both be inside a transaction: the second would wait for the lock on that thread).
      const results =
        store.dialect === 'postgres'
          ? await Promise.allSettled([save(store, 'a'), save(other, 'b')])
          : [...(await Promise.allSettled([save(store, 'a')])), ...(await Promise.allSettled([save(other, 'b')]))];
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(StaleVersionError);
      const winner = results[0]!.status === 'fulfilled' ? 'a' : 'b';
      expect((await other.games.findById(game.id))!.state).toBe(`{"by":"${winner}"}`);
      expect((await other.games.actions(game.id)).map((row) => row.action)).toEqual(['first', winner]);
      expect((await other.games.jobsOf(game.id)).map((j) => JSON.parse(j.payload))).toEqual([{ by: winner }]);
    });

    it('a lobby refused inside a transaction leaves the transaction usable: the rest of the change commits', async () => {
      const { store } = await open(under);
      const existing = await created(store, lobby('300000000000000063'));
      const outcome = await store.transaction(async () => {
        const refused = await store.games.createGame(lobby('300000000000000063'));
        const job = await store.games.scheduleJob({ kind: 'reminder', gameId: existing.id, dueAt: 5, payload: {} });
        const elsewhere = await created(store, lobby('300000000000000064'));
        return { refused, job, elsewhere };
      });
      expect(outcome.refused).toEqual({ ok: false, code: 'channel_busy', existing });
      expect(await store.games.jobsOf(existing.id)).toEqual([outcome.job]);
      expect(await store.games.findRunningByChannel('300000000000000064')).toEqual(outcome.elsewhere);
    });

    it('calls started together inside a transaction run one after the other: a refused lobby does not take a neighbour’s write with it', async () => {
      const { store } = await open(under);
      const existing = await created(store, lobby('300000000000000065'));
      await store.transaction(async () => {
        const [refused] = await Promise.all([
          store.games.createGame(lobby('300000000000000065'), [{ seat: 0, userId: HOST, displayName: 'Ayla' }]),
          store.deliveries.add({ gameId: existing.id, guildId: GUILD, channelId: existing.channelId, kind: 'lobby', version: 0, payload: {} }),
          store.games.saveState(existing.id, 0, { state: '{}' }, [move('joined')]),
        ]);
        expect(refused.ok).toBe(false);
      });
      expect((await store.deliveries.ofGame(existing.id)).map((d) => d.kind)).toEqual(['lobby']);
      expect((await store.games.actions(existing.id)).map((a) => a.action)).toEqual(['joined']);
    });

    it('a callback scheduled inside a transaction that runs after the commit is no part of it: a transaction it starts is a new one, which rolls back on its own', async () => {
      const { store, another } = await open(under);
      const other = await another();
      let committed!: () => void;
      const afterCommit = new Promise<void>((resolve) => (committed = resolve));
      let late!: Promise<{ inTransaction: boolean; error: unknown }>;
      await store.transaction(async () => {
        await created(store, lobby('300000000000000067'));
        // Scheduled in the transaction's flow (the callback inherits it), run once the transaction is over.
        late = afterCommit.then(async () => ({
          inTransaction: store.inTransaction(),
          error: await store
            .transaction(async () => {
              await created(store, lobby('300000000000000068'));
              throw new Error('the late change fails');
            })
            .catch((e: unknown) => e),
        }));
      });
      committed();
      const { inTransaction, error } = await late;
      expect(inTransaction).toBe(false);
      expect(error).toMatchObject({ message: 'the late change fails' });
      expect(await other.games.findRunningByChannel('300000000000000067')).toBeDefined();
      expect(await other.games.findRunningByChannel('300000000000000068')).toBeUndefined();
      // A plain call made late runs on its own and commits.
      await afterCommit.then(() => created(store, lobby('300000000000000069')));
      expect(await other.games.findRunningByChannel('300000000000000069')).toBeDefined();
    });

    it('a failed query’s error, which may be logged, never carries the values it wrote', async () => {
      const { store } = await open(under);
      const secretJob = { kind: 'reminder', gameId: 404, dueAt: 5, payload: { note: 'hunter2' } };
      const outside = await store.games.scheduleJob(secretJob).catch((e: unknown) => e);
      const inside = await store.transaction(() => store.games.scheduleJob(secretJob)).catch((e: unknown) => e);
      for (const error of [outside, inside]) {
        expect(error).toBeInstanceOf(Error);
        const logged = JSON.stringify({ ...(error as Error), message: (error as Error).message, stack: (error as Error).stack });
        expect(logged).toMatch(/foreign key/i);
        expect(logged).not.toContain('hunter2');
      }
    });

    it('closing the store waits for its running transaction, which commits', async () => {
      const { store, detached } = await open(under);
      const closing = await detached();
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const change = closing.transaction(async () => {
        await created(closing, lobby('300000000000000066'));
        entered();
        await held;
      });
      await inside;
      let closed = false;
      const whenClosed = closing.close().then(() => (closed = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false);
      release();
      await Promise.all([change, whenClosed]);
      expect(closed).toBe(true);
      expect(await store.games.findRunningByChannel('300000000000000066')).toBeDefined();
    });
  });
});
