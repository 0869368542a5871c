/**
 * A deliverer process racing for the real outbox table: `node --import tsx outbox-race-worker.ts
 * <sqlite:file | postgres://...> <name>`. It opens the database as the bot does (a SqliteStore on the file,
 * a PostgresStore on the server) and claims through the bot's Outbox under its own name. On
 * `race <trial> <gameId> <until>` it claims the game's due deliveries over and over until an attempt
 * started after `until`, "posts" each one it got (marks it delivered with its own name as the message id)
 * and answers `done <trial> <posted ids>`.
 */
import readline from 'node:readline';
import { Outbox } from '../../../src/app/outbox.js';
import { createLogger } from '../../../src/logger.js';
import { openConfiguredDatabase, storeOn } from '../../../src/persistence/open-store.js';

const [target, name] = process.argv.slice(2) as [string, string];

/** The moment of the running attempt: the Outbox claims what is due then. */
let attemptAt = Date.now();
const database = await openConfiguredDatabase(
  target.startsWith('sqlite:') ? { databasePath: target.slice('sqlite:'.length) } : { databasePath: '', databaseUrl: target, databasePoolSize: 2 },
);
const store = storeOn(database, { now: () => attemptAt });
const outbox = new Outbox(store.deliveries, store.damagedRows, () => attemptAt, createLogger({ level: 'silent', format: 'json' }), name);

async function claimAndPost(gameId: number): Promise<number[]> {
  const claimed = await outbox.claim(gameId);
  for (const delivery of claimed) await outbox.delivered(delivery, name);
  return claimed.map((delivery) => delivery.id);
}

process.stdout.write('ready\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, trial, gameId, until] = line.split(' ');
  if (command === 'quit') break;
  const posted: number[] = [];
  // Until an attempt has *started* after `until` (so at least one looked when the board was due, even
  // when a loaded machine makes each attempt slow).
  do {
    attemptAt = Date.now();
    posted.push(...(await claimAndPost(Number(gameId))));
  } while (attemptAt <= Number(until));
  process.stdout.write(`done ${trial} ${posted.join(',')}\n`);
}
await store.close();
