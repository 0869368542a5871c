/**
 * Two processes as two shards of one bot on one database: each runs only its own guilds' scheduled jobs,
 * sees only their deliveries and stale buttons, checks only their games at start-up, and names its
 * deliverer after its shards, so a restarted shard takes back what it held and never what the other holds.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { createLogger } from '../../src/logger.js';
import { shardOfGuild, type ShardSet } from '../../src/sharding.js';
import { testStores, type StoreToTest, type TestStore } from '../support/test-stores.js';
import { tallyModule } from '../games/tally/module.js';

const HOUR = 3_600_000;

/** A guild id whose shard of two is `shard` (the shard is the id's timestamp part modulo the count). */
function guildOnShard(shard: number, n: number): string {
  const id = ((1_000_000n + BigInt(2 * n + shard)) << 22n).toString();
  expect(shardOfGuild(id, 2)).toBe(shard);
  return id;
}

const clock = { t: Date.UTC(2025, 0, 1), now: () => clock.t };
const stores = testStores('shards');
/** The test's database, once its first process opened it. */
let database: TestStore | undefined;

/** A process of the bot running `shards`, on the test's database (the first one opens it). */
async function processOf(under: StoreToTest, shards: ShardSet): Promise<GameService> {
  const options = { now: clock.now, shards };
  const store = database === undefined ? (database = await under.open(options)).store : await database.another(options);
  return createGameService({ store, modules: new Map([['tally', tallyModule({ removeSeat: false })]]), clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'seed', shards });
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/**
 * A game of two players of its own (a player's reminders due together come in one message, at one of their
 * tables: each game here must remind on its own).
 */
async function startGame(svc: GameService, guildId: string, channelId: string): Promise<ActiveSnapshot> {
  const alice = { userId: `1${channelId.slice(1)}`, displayName: 'Alice' };
  const bob = { userId: `3${channelId.slice(1)}`, displayName: 'Bob' };
  const lobby = must(await svc.createLobby({ guildId, channelId, kind: 'tally', host: alice, locale: 'en' })).game;
  must(await svc.join(lobby.row.id, bob));
  return must(await svc.start(lobby.row.id, alice.userId, must(await svc.byId(lobby.row.id)).game.row.version)).game;
}

beforeEach(() => {
  database = undefined;
});

describe.each(stores)('two shard processes on one database: $label', (under) => {
  it.runIf(under.available)('each runs only its own guilds’ reminders, delivers only their messages and checks only their games', async () => {
    const zero = await processOf(under, { shardCount: 2, shardIds: [0] });
    const one = await processOf(under, { shardCount: 2, shardIds: [1] });
    const east = [await startGame(zero, guildOnShard(0, 1), '200000000000000001'), await startGame(zero, guildOnShard(0, 2), '200000000000000002')];
    const west = [await startGame(one, guildOnShard(1, 1), '200000000000000003')];
    const ids = (games: readonly { gameId: number }[]) => games.map((g) => g.gameId).sort((a, b) => a - b);

    expect(ids(await zero.outbox.gamesWithDue())).toEqual(ids(east.map((g) => ({ gameId: g.row.id }))));
    expect(ids(await one.outbox.gamesWithDue())).toEqual([west[0]!.row.id]);

    // The first reminder falls due in every game; each process runs its own guilds' and no other.
    clock.t += 13 * HOUR;
    expect(ids(await one.runDueJobs())).toEqual([west[0]!.row.id]);
    expect(ids(await zero.runDueJobs())).toEqual(east.map((g) => g.row.id));
    expect(await zero.runDueJobs()).toEqual([]);
    expect(await one.runDueJobs()).toEqual([]);
    for (const game of [...east, ...west]) expect((await zero.outbox.rows.ofGame(game.row.id)).filter((d) => d.kind === 'reminder')).toHaveLength(1);

    const sweptZero = await zero.sweep();
    const sweptOne = await one.sweep();
    expect([sweptZero.checked, sweptOne.checked]).toEqual([2, 1]);
  });

  it.runIf(under.available)('a restarted shard takes back only the deliveries its predecessor held', async () => {
    const zero = await processOf(under, { shardCount: 2, shardIds: [0] });
    const one = await processOf(under, { shardCount: 2, shardIds: [1] });
    expect([zero.outbox.owner, one.outbox.owner]).toEqual(['bazaar shards 0 of 2', 'bazaar shards 1 of 2']);
    const east = await startGame(zero, guildOnShard(0, 1), '200000000000000001');
    const west = await startGame(one, guildOnShard(1, 1), '200000000000000003');
    expect(await zero.outbox.claim(east.row.id)).not.toEqual([]);
    expect(await one.outbox.claim(west.row.id)).not.toEqual([]);

    // Shard 1 is killed and started again: it frees what it held at once; shard 0's lease stands.
    const restarted = await processOf(under, { shardCount: 2, shardIds: [1] });
    expect(await restarted.outbox.takeBack()).toBeGreaterThan(0);
    expect(await restarted.outbox.claim(west.row.id)).not.toEqual([]);
    expect(await restarted.outbox.claim(east.row.id)).toEqual([]);
    expect((await zero.outbox.rows.ofGame(east.row.id)).every((d) => d.claimedBy === 'bazaar shards 0 of 2')).toBe(true);
  });

  it.runIf(under.available)('one process running every shard is the single bot of before: no filter, the deliverer named bazaar', async () => {
    const all = await processOf(under, { shardCount: 2, shardIds: [0, 1] });
    expect(all.outbox.owner).toBe('bazaar');
    await startGame(all, guildOnShard(0, 1), '200000000000000001');
    await startGame(all, guildOnShard(1, 1), '200000000000000003');
    expect(await all.outbox.gamesWithDue()).toHaveLength(2);
    clock.t += 13 * HOUR;
    expect(await all.runDueJobs()).toHaveLength(2);
  });
});
