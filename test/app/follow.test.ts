/**
 * Following a game through the game service, on a SQLite file and on PostgreSQL (the followers table):
 * who may follow the channel's game, and who hears of it. The notices themselves go through the fake
 * Discord in test/discord/follow.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type Result } from '../../src/app/game-service.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/persistence/store.js';
import { tallyModule } from '../games/tally/module.js';
import { testStores } from '../support/test-stores.js';

const stores = testStores('follow');
const GUILD = '300000000000000001';
const CHANNEL = '200000000000000001';
const alice = { userId: '100000000000000001', displayName: 'Alice' };
const bob = { userId: '100000000000000002', displayName: 'Bob' };
const carol = '100000000000000003';
const dave = '100000000000000004';
const clock = { t: Date.UTC(2026, 0, 1), now(): number { return this.t; } };
let store: Store;

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

describe.each(stores)('following a game on $label', (under) => {
  beforeEach(async () => {
    if (under.available) ({ store } = await under.open({ now: () => clock.now() }));
  });

  it.runIf(under.available)('anyone but its players follows the running game; who followed and then joined hears as a player only; a finished game is refused', async () => {
    const svc = createGameService({ store, modules: new Map([['tally', tallyModule({ removeSeat: false })]]), clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'follow' });
    expect(await svc.follow(CHANNEL, carol, null)).toEqual({ ok: false, code: 'no_game' });
    const lobby = must(await svc.createLobby({ guildId: GUILD, channelId: CHANNEL, kind: 'tally', host: alice, locale: 'en' })).game;
    const id = lobby.row.id;
    // A lobby may be followed; Bob follows, then joins: he is a player now, not a follower.
    expect(await svc.follow(CHANNEL, bob.userId, id)).toEqual({ ok: true, gameId: id, kind: 'tally' });
    must(await svc.join(id, bob));
    expect(await svc.follow(CHANNEL, carol, id)).toEqual({ ok: true, gameId: id, kind: 'tally' });
    expect(await svc.follow(CHANNEL, carol, id)).toEqual({ ok: false, code: 'already_following', gameId: id, kind: 'tally' });
    expect(await svc.follow(CHANNEL, alice.userId, id)).toEqual({ ok: false, code: 'playing', gameId: id, kind: 'tally' });
    const game = must(await svc.start(id, alice.userId, must(await svc.byId(id)).game.row.version)).game;
    expect(await svc.followersOf(game)).toEqual([carol]);
    expect(await svc.follow(CHANNEL, dave, id)).toEqual({ ok: true, gameId: id, kind: 'tally' });
    expect(await svc.followersOf(game)).toEqual([carol, dave]);
    expect(await svc.unfollow(CHANNEL, carol, id)).toEqual({ ok: true, gameId: id, kind: 'tally' });
    expect(await svc.unfollow(CHANNEL, carol, id)).toEqual({ ok: false, code: 'not_following', gameId: id, kind: 'tally' });
    expect(await svc.followersOf(game)).toEqual([dave]);
    // Over: nothing more to follow; unfollowing it still works.
    must(await svc.abandon(CHANNEL, alice.userId, true));
    // The channel has no running game now: the command finds none (null) and names its last one.
    expect(await svc.follow(CHANNEL, carol, null)).toEqual({ ok: false, code: 'game_over', gameId: id, kind: 'tally' });
    expect(await svc.unfollow(CHANNEL, dave, null)).toEqual({ ok: true, gameId: id, kind: 'tally' });
  });
});
