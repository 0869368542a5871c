/**
 * The same delivery, two deliverer processes: for each of 50 trials a board falls due in the real outbox
 * table (deliveries) while two OS processes claim it over and over through the bot's Outbox on its store;
 * exactly one of them posts it. On a shared SQLite file (SqliteStore) and on PostgreSQL (PostgresStore).
 */
import { describe, expect, it } from 'vitest';
import { storeOnFresh, storesUnderTest, targetOf } from '../../support/stores.js';
import { startRacer } from './racer.js';

const TRIALS = 50;
const GUILD = '100000000000000001';

const stores = storesUnderTest('outbox');

describe.each(stores)('the outbox on $label', (under) => {
  it.runIf(under.available)(`two deliverer processes and the same board falling due, ${TRIALS} trials: it is posted exactly once each time`, { timeout: 120_000 }, async () => {
    const fresh = await under.fresh();
    const clock = { now: 0 };
    const store = await storeOnFresh(fresh, { now: () => clock.now });
    const racers = await Promise.all([startRacer('outbox-race-worker.ts', targetOf(fresh), 'east'), startRacer('outbox-race-worker.ts', targetOf(fresh), 'west')]);
    /** A game in its own channel with one board delivery, due at `dueAt`. */
    const addDueBoard = async (trial: number, dueAt: number): Promise<{ gameId: number; deliveryId: number }> => {
      clock.now = dueAt;
      const channelId = String(300000000000000000n + BigInt(trial));
      const created = await store.games.createGame({ guildId: GUILD, channelId, kind: 'kairo', hostUserId: '200000000000000001', options: {}, seed: `trial ${trial}`, locale: 'en' });
      if (!created.ok) throw new Error(`trial ${trial}: the channel is busy`);
      const delivery = await store.deliveries.add({ gameId: created.game.id, guildId: GUILD, channelId, kind: 'board', version: 1, payload: { kind: 'board', summary: [], notes: [], concededTo: null } });
      return { gameId: created.game.id, deliveryId: delivery.id };
    };
    try {
      const posts = new Map<number, string[]>();
      const boards: number[] = [];
      for (let trial = 1; trial <= TRIALS; trial++) {
        const due = Date.now() + 15;
        const { gameId, deliveryId } = await addDueBoard(trial, due);
        boards.push(deliveryId);
        const answers = await Promise.all(racers.map((racer) => racer.ask(`race ${trial} ${gameId} ${due + 40}`, `done ${trial} `)));
        for (const [index, answer] of answers.entries()) {
          const ids = (answer.split(' ')[2] ?? '').split(',').filter(Boolean).map(Number);
          for (const id of ids) posts.set(id, [...(posts.get(id) ?? []), index === 0 ? 'east' : 'west']);
        }
      }
      const postedTwice = boards.filter((id) => (posts.get(id)?.length ?? 0) > 1).map((id) => [id, posts.get(id)]);
      const neverPosted = boards.filter((id) => !posts.has(id));
      expect({ postedTwice, neverPosted }).toEqual({ postedTwice: [], neverPosted: [] });
      // Each post is recorded as its poster's; both processes won some of the races.
      for (const id of boards) expect((await store.deliveries.byId(id))?.messageId).toBe(posts.get(id)?.[0]);
      expect(new Set(boards.map((id) => posts.get(id)?.[0]))).toEqual(new Set(['east', 'west']));
    } finally {
      await Promise.all(racers.map((racer) => racer.stop()));
      await store.close();
      await fresh.drop();
    }
  });
});
