/**
 * A move's transaction on PostgreSQL, counted on the wire: the pool talks to the server through a proxy
 * that counts, per transaction, how often the bot sent something after an answer came back (its round
 * trips). A move within a turn whose log end the service knows (it started the game, wrote its last move,
 * or replayed its log when it first loaded it) is one: BEGIN, the checked UPDATE of the state, the log's
 * INSERT and COMMIT go out together. A move that ends a turn waits for the answers it
 * needs (what the last boards told, the turn's entries, the owed board's id). Two processes moving at the
 * same version: one wins, the other is refused as stale and writes nothing, on both stores.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { openPostgres } from '../../src/persistence/postgres/database.js';
import { PostgresStore } from '../../src/persistence/postgres/store.js';
import type { Store } from '../../src/persistence/store.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { must, silentLogger, standingClock } from '../support/service-fixtures.js';
import { storeOnFresh, storesUnderTest } from '../support/stores.js';

const BEGIN = Buffer.from('BEGIN\0');
const ENDS = [Buffer.from('COMMIT\0'), Buffer.from('ROLLBACK\0')];
const users = ['100000000000000001', '100000000000000002', '100000000000000003'];

/**
 * A TCP proxy in front of the server. Per connection, a transaction starts with the chunk that sends
 * BEGIN and ends with the one that sends COMMIT (or ROLLBACK); every chunk the bot sends in between after
 * an answer arrived is one more round trip.
 */
async function roundTripCounter(target: URL): Promise<{ url: string; transactions: number[]; close(): Promise<void> }> {
  const transactions: number[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((bot) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [bot, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    let trips = 0;
    let answered = false;
    bot.on('data', (chunk: Buffer) => {
      if (trips === 0 && chunk.includes(BEGIN)) trips = 1;
      else if (trips > 0 && answered) trips += 1;
      answered = false;
      if (trips > 0 && ENDS.some((end) => chunk.includes(end))) {
        transactions.push(trips);
        trips = 0;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      answered = true;
      bot.write(chunk);
    });
    bot.on('close', () => upstream.destroy());
    upstream.on('close', () => bot.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    transactions,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const service = (store: Store, seed: string): GameService => createGameService({ store, modules: GAMES.modules, clock: standingClock(), logger: silentLogger, newSeed: () => seed });

async function startIstanbul(svc: GameService, channelId: string): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId: '1', channelId, kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en' })).game;
  for (let i = 1; i < 3; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: String.fromCharCode(65 + i) }));
  return must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
}

/** The seat to move, its user, and the index of the policy's action. */
function nextClick(svc: GameService, game: ActiveSnapshot): { seat: number; user: string; index: number } {
  const seat = svc.activeSeats(game)[0]!;
  const legal = svc.legalActions(game, seat) as IstanbulAction[];
  return { seat, user: game.seats.find((s) => s.seat === seat)!.userId, index: chooseIstanbul(game.state as IstanbulState, seat, legal) };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const stores = storesUnderTest('trips');

const postgres = stores.find((under) => under.kind === 'postgres')!;

describe.runIf(postgres.available)('a move on PostgreSQL, counted on the wire', () => {
  it('a move within a turn is one round trip in its transaction; a move that ends a turn waits only for what it reads', async () => {
    const fresh = await postgres.fresh();
    cleanup.push(() => fresh.drop());
    if (fresh.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const counter = await roundTripCounter(new URL(fresh.url));
    cleanup.push(() => counter.close());
    const open = await openPostgres(counter.url, { poolSize: 4 });
    const store = new PostgresStore(open, {});
    cleanup.push(() => store.close());
    const svc = service(store, 'round-trips-1');
    let game = await startIstanbul(svc, '2001');
    const within: number[] = [];
    const ending: number[] = [];
    for (let moves = 0; moves < 60 && game.row.status === 'active'; moves++) {
      const { seat, user, index } = nextClick(svc, game);
      const before = counter.transactions.length;
      const { outcome } = must(await svc.act(game.row.id, user, seat, game.row.version, index));
      // One transaction a move.
      expect(counter.transactions.length).toBe(before + 1);
      (outcome.turnEnded ? ending : within).push(counter.transactions.at(-1)!);
      game = outcome.after;
    }
    expect(within.length).toBeGreaterThan(10);
    expect(ending.length).toBeGreaterThan(10);
    // The service started the game, so it knows the log's end and the newest snapshot from the first move on.
    expect(within.filter((trips) => trips !== 1)).toEqual([]);
    // Ending a turn waits for what the last boards told, the turn's entries and the owed board's id.
    expect(Math.max(...ending)).toBeLessThanOrEqual(4);

    // The bot restarted: its first load of the game replays the log to check the state, which tells it
    // where the log ends and which snapshot is the newest, so its moves read neither in their transaction.
    const restarted = service(store, 'round-trips-2');
    const afterRestart: number[] = [];
    for (let moves = 0; moves < 30 && game.row.status === 'active'; moves++) {
      const { seat, user, index } = nextClick(restarted, game);
      const { outcome } = must(await restarted.act(game.row.id, user, seat, game.row.version, index));
      if (!outcome.turnEnded) afterRestart.push(counter.transactions.at(-1)!);
      game = outcome.after;
    }
    expect(afterRestart.length).toBeGreaterThan(5);
    expect(afterRestart.filter((trips) => trips !== 1)).toEqual([]);
    // What it learned was right: the log runs on without a gap, and a snapshot was kept on the way.
    const sequences = (await store.games.actions(game.row.id)).map((entry) => entry.sequence);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    expect(await store.games.latestSnapshotSequence(game.row.id)).toBeGreaterThanOrEqual(64);
  });
});

describe.each(stores)('moves on $label', (under) => {
  it.runIf(under.available)('of two processes moving at the same version one wins; the other is refused as stale and writes nothing', async () => {
    const fresh = await under.fresh();
    cleanup.push(() => fresh.drop());
    const first = await storeOnFresh(fresh);
    const second = await storeOnFresh(fresh);
    cleanup.push(() => first.close(), () => second.close());
    const a = service(first, 'stale-1');
    const b = service(second, 'stale-1');
    const game = await startIstanbul(a, '2002');
    const click = nextClick(a, game);
    // The second process has read the game at this version; the first process's move commits before
    // the second's transaction begins.
    let firstMove: ReturnType<GameService['act']> | undefined;
    const transaction = second.transaction.bind(second);
    second.transaction = async <T>(fn: () => Promise<T>): Promise<T> => {
      firstMove ??= a.act(game.row.id, click.user, click.seat, game.row.version, click.index);
      must(await firstMove);
      return transaction(fn);
    };
    const refused = await b.act(game.row.id, click.user, click.seat, game.row.version, click.index);
    expect(refused).toMatchObject({ ok: false, code: 'stale', currentVersion: game.row.version + 1 });
    const won = must(await firstMove!);
    const stored = must(await a.byId(game.row.id)).game;
    expect(stored.row.version).toBe(won.outcome.after.row.version);
    expect(stored.row.state).toBe(won.outcome.after.row.state);
    expect((await first.games.actions(game.row.id)).length).toBe(won.outcome.entries.at(-1)!.sequence);
  });
});
