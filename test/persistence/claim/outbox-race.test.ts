/**
 * The same delivery, two deliverer processes: for each of 50 trials a board falls due in the real outbox
 * table (deliveries) while two OS processes claim it over and over; exactly one of them posts it. On a
 * shared SQLite file with the bot's own DeliveryRepository.claim, and on PostgreSQL with claimDuePostgres
 * (the repository over PostgreSQL is still to come).
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/persistence/database.js';
import { openPostgres } from '../../../src/persistence/postgres/database.js';
import * as pgSchema from '../../../src/persistence/postgres/schema.js';
import * as sqliteSchema from '../../../src/persistence/schema.js';
import { storesUnderTest, type StoreUnderTest } from '../../support/stores.js';
import { startRacer } from './racer.js';

const TRIALS = 50;

/** A game in its own channel with one board delivery due at `dueAt`; returns the game's and the delivery's ids. */
interface Outbox {
  addDueBoard(trial: number, dueAt: number): Promise<{ gameId: number; deliveryId: number }>;
  messageIds(): Promise<Map<number, string | null>>;
  close(): Promise<void>;
}

const game = (trial: number, now: number) => ({
  guildId: '100000000000000001',
  channelId: String(300000000000000000n + BigInt(trial)),
  kind: 'kairo',
  hostUserId: '200000000000000001',
  options: '{}',
  seed: `trial ${trial}`,
  status: 'active' as const,
  createdAt: now,
  updatedAt: now,
});
const board = (gameId: number, trial: number, dueAt: number) => ({
  gameId,
  guildId: '100000000000000001',
  channelId: String(300000000000000000n + BigInt(trial)),
  kind: 'board',
  version: 1,
  payload: '{"kind":"board","summary":[],"notes":[],"concededTo":null}',
  nextAttemptAt: dueAt,
  createdAt: dueAt,
});

function sqliteOutbox(file: string): Outbox {
  const store = openDatabase(file);
  const { games, deliveries } = sqliteSchema;
  return {
    async addDueBoard(trial, dueAt) {
      const g = store.db.insert(games).values(game(trial, dueAt)).returning().get();
      const d = store.db.insert(deliveries).values(board(g.id, trial, dueAt)).returning().get();
      return { gameId: g.id, deliveryId: d.id };
    },
    messageIds: async () => new Map(store.db.select().from(deliveries).all().map((d) => [d.id, d.messageId])),
    close: async () => store.close(),
  };
}

async function postgresOutbox(url: string): Promise<Outbox> {
  const store = await openPostgres(url);
  const { games, deliveries } = pgSchema;
  return {
    async addDueBoard(trial, dueAt) {
      const [g] = await store.db.insert(games).values(game(trial, dueAt)).returning();
      const [d] = await store.db.insert(deliveries).values(board(g!.id, trial, dueAt)).returning();
      return { gameId: g!.id, deliveryId: d!.id };
    },
    messageIds: async () => new Map((await store.db.select().from(deliveries)).map((d) => [d.id, d.messageId])),
    close: () => store.close(),
  };
}

const stores = storesUnderTest('outbox');

async function open(under: StoreUnderTest): Promise<{ outbox: Outbox; target: string }> {
  const fresh = await under.fresh();
  const opened = fresh.kind === 'sqlite' ? sqliteOutbox(fresh.path) : await postgresOutbox(fresh.url);
  const outbox: Outbox = {
    ...opened,
    async close() {
      await opened.close();
      await fresh.drop();
    },
  };
  return { outbox, target: fresh.kind === 'sqlite' ? `sqlite:${fresh.path}` : fresh.url };
}

describe.each(stores)('the outbox on $label', (under) => {
  it.runIf(under.available)(`two deliverer processes and the same board falling due, ${TRIALS} trials: it is posted exactly once each time`, { timeout: 120_000 }, async () => {
    const { outbox, target } = await open(under);
    const racers = await Promise.all([startRacer('outbox-race-worker.ts', target, 'east'), startRacer('outbox-race-worker.ts', target, 'west')]);
    try {
      const posts = new Map<number, string[]>();
      const boards: number[] = [];
      for (let trial = 1; trial <= TRIALS; trial++) {
        const due = Date.now() + 15;
        const { gameId, deliveryId } = await outbox.addDueBoard(trial, due);
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
      const messageIds = await outbox.messageIds();
      for (const id of boards) expect(messageIds.get(id)).toBe(posts.get(id)?.[0]);
      expect(new Set(boards.map((id) => posts.get(id)?.[0]))).toEqual(new Set(['east', 'west']));
    } finally {
      await Promise.all(racers.map((racer) => racer.stop()));
      await outbox.close();
    }
  });
});
