/**
 * Skill ratings through the game service, on a SQLite file and on PostgreSQL: a finished game rates its
 * players in the commit that records its result, per server and game; computer levels are players of
 * their own; an abandoned game rates nobody; a leaver places last; the leaderboard ranks by mu - 3 sigma
 * after three games; and rebuilding every rating from the stored results gives exactly what the games
 * gave one by one. A game finishing while another process holds a shared player's rating waits for it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/persistence/store.js';
import { MIN_RATED_GAMES, conservative } from '../../src/skill-rating.js';
import type { TallyAction } from '../games/tally/index.js';
import { tallyModule } from '../games/tally/module.js';
import { testStores, type TestStore } from '../support/test-stores.js';

const stores = testStores('ratings');
const GUILD = '300000000000000001';
const OTHER_GUILD = '300000000000000002';
const alice = { userId: '100000000000000001', displayName: 'Alice' };
const bob = { userId: '100000000000000002', displayName: 'Bob' };
const carol = { userId: '100000000000000003', displayName: 'Carol' };

let store: Store;
let another: TestStore['another'];
let execute: TestStore['execute'];
const clock = { t: Date.UTC(2026, 0, 1), now(): number { return this.t; } };
let channels = 0;

function service(on: Store = store): GameService {
  return createGameService({ store: on, modules: new Map([['tally', tallyModule({ removeSeat: false })]]), clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'ratings-seed' });
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

type Level = 'easy' | 'normal' | 'hard';

/** A started Tally game (first to 3) of these humans and computer levels, in this server. */
async function startGame(svc: GameService, humans: readonly { userId: string; displayName: string }[], computers: readonly Level[] = [], guildId = GUILD): Promise<ActiveSnapshot> {
  const channelId = String(200000000000000000n + BigInt(++channels));
  const host = humans[0]!;
  const lobby = must(await svc.createLobby({ guildId, channelId, kind: 'tally', host, locale: 'en', capacity: humans.length + computers.length })).game;
  for (const p of humans.slice(1)) must(await svc.join(lobby.row.id, p));
  for (const level of computers) must(await svc.addComputer(lobby.row.id, host.userId, level));
  const version = must(await svc.byId(lobby.row.id)).game.row.version;
  return must(await svc.start(lobby.row.id, host.userId, version)).game;
}

/**
 * Plays the game to its end: the seat of `winner` (a user id, or a computer level) adds 2 until it has
 * won; every other seat ends its turn at once. Computer seats play through the service as the computer
 * turns do.
 */
async function playTo(svc: GameService, game: ActiveSnapshot, winner: string): Promise<ActiveSnapshot> {
  let current = game;
  for (let i = 0; i < 200 && current.row.status === 'active'; i++) {
    const seat = svc.activeSeats(current)[0]!;
    const row = current.seats.find((s) => s.seat === seat)!;
    const wins = row.userId === winner || (row.userId.startsWith('computer:') && row.computer === winner && !current.seats.some((s) => s.seat < seat && s.computer === winner && s.userId.startsWith('computer:')));
    const legal = svc.legalActions(current, seat) as TallyAction[];
    const add = legal.findIndex((a) => a.type === 'add' && a.n === 2);
    const index = wins && add >= 0 ? add : legal.findIndex((a) => a.type === 'end');
    const result = row.computer !== null || row.leftAt !== null
      ? await svc.computerAct(current.row.id, seat, current.row.version, index)
      : await svc.act(current.row.id, row.userId, seat, current.row.version, index);
    must(result);
    current = must(await svc.byId(current.row.id)).game as ActiveSnapshot;
    clock.t += 1000;
  }
  expect(current.row.status).toBe('finished');
  return current;
}

/** The stored ratings as plain rows, in a fixed order. */
async function storedRatings(on: Store = store, guildId: string | null = null): Promise<{ guildId: string; kind: string; playerId: string; mu: number; sigma: number; games: number }[]> {
  return (await on.ratings.stored(guildId)).map(({ guildId: g, kind, playerId, mu, sigma, games }) => ({ guildId: g, kind, playerId, mu, sigma, games }));
}

describe.each(stores)('skill ratings on $label', (under) => {
  beforeEach(async () => {
    if (under.available) ({ store, another, execute } = await under.open({ now: () => clock.now() }));
  });

  describe.runIf(under.available)('rated as games finish', () => {
    it('a finished game rates its players in the same commit; a computer plays under its level, "Computer (hard)"', async () => {
      const svc = service();
      await playTo(svc, await startGame(svc, [alice], ['hard']), alice.userId);
      const rows = await storedRatings();
      expect(rows.map((r) => [r.guildId, r.kind, r.playerId, r.games])).toEqual([
        [GUILD, 'tally', alice.userId, 1],
        [GUILD, 'tally', 'computer:hard', 1],
      ]);
      const [mine, hard] = rows;
      expect(mine!.mu).toBeGreaterThan(25);
      expect(hard!.mu).toBeLessThan(25);
      // /stats reads them per player.
      expect((await svc.playerRatings(GUILD, alice.userId)).map((r) => [r.kind, r.games])).toEqual([['tally', 1]]);
    });

    it('an abandoned game rates nobody', async () => {
      const svc = service();
      const game = await startGame(svc, [alice, bob]);
      must(await svc.act(game.row.id, game.seats.find((s) => s.seat === svc.activeSeats(game)[0])!.userId, svc.activeSeats(game)[0]!, game.row.version, 0));
      const abandoned = must(await svc.abandon(game.row.channelId, alice.userId, true));
      expect(abandoned.recorded).toBe(true);
      expect(await storedRatings()).toEqual([]);
    });

    it('a player who leaves loses to everyone who stayed, and the computer that took the seat is not rated for it', async () => {
      const svc = service();
      const game = await startGame(svc, [alice, bob, carol]);
      // Carol concedes; a computer plays her seat on, and Bob wins.
      must(await svc.leave(game.row.id, carol.userId));
      await playTo(svc, must(await svc.byId(game.row.id)).game as ActiveSnapshot, bob.userId);
      const rows = new Map((await storedRatings()).map((r) => [r.playerId, r]));
      expect([...rows.keys()].sort()).toEqual([alice.userId, bob.userId, carol.userId].sort());
      expect(rows.get(carol.userId)!.mu).toBeLessThan(rows.get(alice.userId)!.mu);
      expect(rows.get(bob.userId)!.mu).toBeGreaterThan(rows.get(alice.userId)!.mu);
    });

    it('the leaderboard ranks by mu - 3 sigma, only players with three rated games, per game and server', async () => {
      const svc = service();
      // Alice beats hard three times; Bob beats hard and easy once each (two games: not yet on the board).
      for (let i = 0; i < MIN_RATED_GAMES; i++) await playTo(svc, await startGame(svc, [alice], ['hard']), alice.userId);
      await playTo(svc, await startGame(svc, [bob], ['hard']), bob.userId);
      await playTo(svc, await startGame(svc, [bob], ['easy']), bob.userId);
      // Another server's game is another rating.
      await playTo(svc, await startGame(svc, [carol], ['hard'], OTHER_GUILD), 'hard');
      const board = await svc.ratingLeaderboard(GUILD, 'tally', 10);
      expect(board.map((r) => [r.playerId, r.games])).toEqual([
        [alice.userId, 3],
        ['computer:hard', 4],
      ]);
      expect((await svc.playerRatings(GUILD, bob.userId))[0]!.games).toBe(2);
      expect(conservative(board[0]!)).toBeGreaterThan(conservative(board[1]!));
      expect(await svc.ratingLeaderboard(OTHER_GUILD, 'tally', 10)).toEqual([]);
      expect((await storedRatings(store, OTHER_GUILD)).find((r) => r.playerId === 'computer:hard')!.games).toBe(1);
    });
  });

  describe.runIf(under.available)('a damaged rating', () => {
    it('is reported once and its player rated from the start; the rebuild restores it', async () => {
      const svc = service();
      await playTo(svc, await startGame(svc, [alice], ['hard']), alice.userId);
      const given = await storedRatings();
      // A row no rating can be (a negative uncertainty), as a bad edit by hand would leave it.
      await store.ratings.save(GUILD, 'tally', [{ playerId: 'computer:hard', mu: 20, sigma: -1, games: 1 }]);
      await playTo(svc, await startGame(svc, [bob], ['hard']), bob.userId);
      expect((await store.damagedRows.all()).map((d) => [d.tableName, d.rowId, d.reason])).toEqual([['ratings', `${GUILD} tally computer:hard`, 'sigma is not a positive number']]);
      const rows = new Map((await storedRatings()).map((r) => [r.playerId, r]));
      // Rated from the start: as if its second game were its first.
      expect(rows.get('computer:hard')!.games).toBe(1);
      expect(rows.get('computer:hard')!.mu).toBe(given.find((r) => r.playerId === 'computer:hard')!.mu);
      await store.ratings.rebuild(GUILD);
      expect(new Map((await storedRatings()).map((r) => [r.playerId, r])).get('computer:hard')!.games).toBe(2);
      // /stats leaves a damaged row out instead of failing.
      await store.ratings.save(GUILD, 'tally', [{ playerId: alice.userId, mu: 20, sigma: 0, games: 1 }]);
      expect(await svc.playerRatings(GUILD, alice.userId)).toEqual([]);
    });
  });

  describe.runIf(under.available)('rebuilt from the stored results', () => {
    it('rebuilding gives exactly the ratings the games gave one by one (all servers, and one server alone)', async () => {
      const svc = service();
      await playTo(svc, await startGame(svc, [alice, bob], ['hard']), alice.userId);
      await playTo(svc, await startGame(svc, [bob, carol], ['hard', 'hard']), 'hard');
      await playTo(svc, await startGame(svc, [carol], ['easy', 'normal']), 'normal');
      const left = await startGame(svc, [alice, bob, carol]);
      must(await svc.leave(left.row.id, alice.userId));
      await playTo(svc, must(await svc.byId(left.row.id)).game as ActiveSnapshot, carol.userId);
      await playTo(svc, await startGame(svc, [alice, carol], [], OTHER_GUILD), carol.userId);
      const abandoned = await startGame(svc, [alice, bob]);
      must(await svc.abandon(abandoned.row.channelId, alice.userId, true));
      // A learning game (/game learn: coached after every decision) rates nobody, now or in a rebuild.
      const beforeLearning = await storedRatings();
      const learning = must(await svc.startLearnGame({ guildId: GUILD, channelId: String(200000000000000000n + BigInt(++channels)), kind: 'tally', learner: alice, locale: 'en', level: 'hard' })).game;
      await playTo(svc, learning, alice.userId);
      expect(await storedRatings()).toEqual(beforeLearning);

      const incremental = await storedRatings();
      expect(incremental.length).toBe(8);
      const rebuilt = await store.ratings.rebuild(null);
      expect(rebuilt.games).toBe(5);
      expect(await storedRatings()).toEqual(incremental);

      // One server alone: the other server's ratings stay as they are.
      await store.ratings.rebuild(GUILD);
      expect(await storedRatings()).toEqual(incremental);
      // A rating damaged by hand is restored by the rebuild.
      await store.ratings.save(GUILD, 'tally', [{ playerId: alice.userId, mu: 99, sigma: 1, games: 40 }]);
      expect(await storedRatings()).not.toEqual(incremental);
      await store.ratings.rebuild(GUILD);
      expect(await storedRatings()).toEqual(incremental);
    });
  });
});

// SQLite has one writer at a time: only PostgreSQL's processes can finish games at the same moment.
const postgres = stores.find((s) => s.kind === 'postgres')!;
describe.runIf(postgres.available)('skill ratings on PostgreSQL, several processes', () => {
  beforeEach(async () => {
    ({ store, another, execute } = await postgres.open({ now: () => clock.now() }));
  });

  it('a game that finishes while another process holds a shared player\'s rating waits for it, then applies on top', async () => {
    const first = service();
    const second = service(await another({ now: () => clock.now() }));
    await playTo(first, await startGame(first, [alice], ['hard']), alice.userId);
    // Another process's transaction holds the hard level's rating (as a game finishing there would)...
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = store.transaction(async () => {
      const [hard] = await store.ratings.lock(GUILD, 'tally', ['computer:hard'], { mu: 25, sigma: 25 / 3 });
      locked();
      await held;
      await store.ratings.save(GUILD, 'tally', [{ playerId: 'computer:hard', mu: hard!.mu, sigma: hard!.sigma, games: hard!.games + 10 }]);
    });
    await lockTaken;
    // ...while Bob's game against hard finishes in this one: its commit waits for the lock.
    let settled = false;
    const finishing = playTo(second, await startGame(second, [bob], ['hard']), bob.userId).finally(() => (settled = true));
    const waiting = async (): Promise<boolean> => Number((await execute<{ n: string }>('SELECT count(*) AS n FROM pg_locks WHERE NOT granted'))[0]!.n) > 0;
    // Until the finishing commit waits for the lock (or, were nothing locked, the game is done).
    try {
      while (!settled && !(await waiting())) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
    } finally {
      release();
      await holder;
      await finishing;
    }
    // Applied after the other change, on top of it: nothing lost.
    const rows = new Map((await storedRatings()).map((r) => [r.playerId, r]));
    expect(rows.get('computer:hard')!.games).toBe(12);
    expect(rows.get(bob.userId)!.games).toBe(1);
  });
});
