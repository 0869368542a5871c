/**
 * A deliverer process racing for the real outbox table: `node --import tsx outbox-race-worker.ts
 * <sqlite:file | postgres://...> <name>`. On `race <trial> <gameId> <until>` it claims the game's due
 * deliveries over and over until an attempt started after `until`, "posts" each one it got (marks it delivered with its own name
 * as the message id) and answers `done <trial> <posted ids>`.
 *
 * SQLite: the bot's own opener and DeliveryRepository.claim. PostgreSQL: the PostgreSQL opener and
 * claimDuePostgres on the deliveries table (the repository over PostgreSQL does not exist yet).
 */
import readline from 'node:readline';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../../src/persistence/database.js';
import { DeliveryRepository } from '../../../src/persistence/delivery-repository.js';
import { claimDuePostgres } from '../../../src/persistence/postgres/claim.js';
import { openPostgres } from '../../../src/persistence/postgres/database.js';
import { deliveries } from '../../../src/persistence/postgres/schema.js';

const LEASE_MS = 60_000;
const [target, name] = process.argv.slice(2) as [string, string];

interface Deliverer {
  claimAndPost(gameId: number, now: number): Promise<number[]>;
  close(): Promise<void>;
}

async function open(): Promise<Deliverer> {
  if (target.startsWith('sqlite:')) {
    const store = openDatabase(target.slice('sqlite:'.length));
    const outbox = new DeliveryRepository(store.db);
    return {
      async claimAndPost(gameId, now) {
        const claimed = await outbox.claim(gameId, now, LEASE_MS, name);
        for (const row of claimed) await outbox.delivered(row.id, name);
        return claimed.map((row) => row.id);
      },
      close: async () => store.close(),
    };
  }
  const store = await openPostgres(target, { poolSize: 2 });
  const columns = { id: deliveries.id, dueAt: deliveries.nextAttemptAt, claimedUntil: deliveries.claimedUntil, claimedBy: deliveries.claimedBy };
  return {
    async claimAndPost(gameId, now) {
      const where = and(eq(deliveries.gameId, gameId), eq(deliveries.status, 'pending'));
      const claimed = await claimDuePostgres(store.db, deliveries, columns, { now, limit: 10, leaseMs: LEASE_MS, owner: name, where });
      for (const row of claimed) {
        await store.db.update(deliveries).set({ status: 'delivered', messageId: name, deliveredAt: Date.now(), claimedUntil: null }).where(eq(deliveries.id, row.id));
      }
      return claimed.map((row) => row.id);
    },
    close: () => store.close(),
  };
}

const deliverer = await open();
process.stdout.write('ready\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, trial, gameId, until] = line.split(' ');
  if (command === 'quit') break;
  const posted: number[] = [];
  // Until an attempt has *started* after `until` (so at least one looked when the board was due, even
  // when a loaded machine makes each attempt slow).
  let startedAt: number;
  do {
    startedAt = Date.now();
    posted.push(...(await deliverer.claimAndPost(Number(gameId), startedAt)));
  } while (startedAt <= Number(until));
  process.stdout.write(`done ${trial} ${posted.join(',')}\n`);
}
await deliverer.close();
