/**
 * One socket write per turn of the event loop for each connection of the pool. pg writes every query
 * with a system call of its own (it corks the socket only around one query's messages), so a transaction
 * whose statements are pipelined (BEGIN, the checked UPDATE, the log's INSERT, COMMIT) still cost four
 * writes, and a burst of turns thousands: on PostgreSQL the bot's main thread spent about a sixth of a
 * 50-turn burst in `writev`. Here the first query of a turn corks the socket until the loop's check phase,
 * after every promise continuation of that turn has had its chance to add its query: they leave together,
 * in the same round trip as before, one system call.
 */
import type { Writable } from 'node:stream';
import type pg from 'pg';

export function batchWritesPerTurn(client: pg.PoolClient | pg.Client): void {
  const stream = (client as unknown as { connection: { stream: Writable } }).connection.stream;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    stream.uncork();
  };
  client.query = ((...args: unknown[]) => {
    if (!corked) {
      corked = true;
      stream.cork();
      setImmediate(uncork);
    }
    return query(...args);
  }) as typeof client.query;
}
