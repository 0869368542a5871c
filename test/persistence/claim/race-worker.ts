/**
 * One of the racing processes: `node --import tsx race-worker.ts <sqlite:file | postgres://...> <name>`.
 * For each line `race <trial> <until>` from stdin it claims due chores over and over until an attempt started after `until`
 * (Unix ms), runs (records) every chore it got, and answers `done <trial> <ids>`.
 */
import readline from 'node:readline';
import { openChoreStore } from './chores.js';

const [target, name] = process.argv.slice(2) as [string, string];
const store = await openChoreStore(target);
process.stdout.write('ready\n');

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, trial, until] = line.split(' ');
  if (command === 'quit') break;
  const got: number[] = [];
  // Until an attempt has *started* after `until`: at least one looked when the chore was due, even when a
  // loaded machine makes each attempt slow or this process heard of the race late.
  let startedAt: number;
  do {
    startedAt = Date.now();
    for (const chore of await store.claim({ now: startedAt, limit: 5, leaseMs: 60_000, owner: name })) {
      await store.ran(chore.id, name);
      got.push(chore.id);
    }
  } while (startedAt <= Number(until));
  process.stdout.write(`done ${trial} ${got.join(',')}\n`);
}
await store.close();
