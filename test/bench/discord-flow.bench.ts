/**
 * The Discord flow's latency over a complete game of Istanbul through the fake Discord, with the real
 * discord.js client, the real SQLite file and the real board renderer:
 *   - click dispatched -> its initial response (the acknowledgement: deferReply/deferUpdate), for every
 *     interaction of the game;
 *   - turn-ending click dispatched -> the new board posted in the channel (apply, commit, render the PNG,
 *     upload).
 * Times come from the fake's events, stamped with performance.now() in the same process. Run with
 * `npm run bench`; the figures are printed as a table.
 */
import { afterAll, bench, describe } from 'vitest';
import { GAMES } from '../../src/games/index.js';
import type { InteractionRecord, StoredMessage } from '../fake-discord/index.js';
import { startBotOnFake, type BotOnFake } from '../discord/harness.js';
import { playIstanbul } from '../discord/istanbul-driver.js';

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

function summary(name: string, values: readonly number[]): Record<string, string | number> {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (v: number): string => v.toFixed(1);
  return { measure: name, n: sorted.length, median_ms: ms(quantile(sorted, 0.5)), p95_ms: ms(quantile(sorted, 0.95)), max_ms: ms(sorted.at(-1) ?? Number.NaN) };
}

const results: Record<string, string | number>[] = [];
let env: BotOnFake | undefined;

afterAll(async () => {
  await env?.stop();
  console.log('\nDiscord flow over a complete 3-player Istanbul game (fake Discord, real client, real renderer):');
  console.table(results);
});

describe('discord flow', () => {
  bench(
    'complete 3-player Istanbul game: click -> acknowledgement, turn-ending click -> new board',
    async () => {
      env = await startBotOnFake({ games: GAMES, seeds: ['e'] });
      const dispatched = new Map<string, number>();
      const acknowledged = new Map<string, number>();
      let lastBoardAt = 0;
      env.fake.events.on('interactionCreate', (record: InteractionRecord) => dispatched.set(record.id, performance.now()));
      env.fake.events.on('interactionUpdate', (record: InteractionRecord) => {
        if (record.initial !== null && !acknowledged.has(record.id)) acknowledged.set(record.id, performance.now());
      });
      env.fake.events.on('messageCreate', (message: StoredMessage) => {
        if (message.ephemeralFor === undefined && message.attachments.length > 0) lastBoardAt = performance.now();
      });
      const toBoard: number[] = [];
      const players = [env.createUser('alice'), env.createUser('bob', { locale: 'de' }), env.createUser('carol', { locale: 'nl' })];
      const channel = env.fake.createChannel('bench');
      await playIstanbul(env, channel, players, {
        handEvery: 5,
        onClick(id, endedTurn) {
          const start = dispatched.get(id);
          if (endedTurn && start !== undefined) toBoard.push(lastBoardAt - start);
        },
      });
      const toAck = [...acknowledged].flatMap(([id, at]) => {
        const start = dispatched.get(id);
        return start === undefined ? [] : [at - start];
      });
      results.push(summary('click -> acknowledgement', toAck), summary('turn-ending click -> new board posted', toBoard));
      env.fake.assertNoViolations();
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
