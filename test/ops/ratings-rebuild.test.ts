/**
 * `npm run ratings:rebuild [-- --guild <id>]` (src/ratings-rebuild.ts) as an operator runs it, as a
 * process of its own, on a SQLite file and on PostgreSQL: ratings spoiled by hand come back exactly as
 * the finished games gave them one by one; a bad argument is refused with the usage and changes nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/persistence/store.js';
import type { TallyAction } from '../games/tally/index.js';
import { tallyModule } from '../games/tally/module.js';
import { storeOnFresh, storesUnderTest, type FreshStore } from '../support/stores.js';
import { nodeArgsFor } from '../support/node-entry.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GUILD = '300000000000000001';
const alice = { userId: '100000000000000001', displayName: 'Alice' };
const bob = { userId: '100000000000000002', displayName: 'Bob' };
const clock = { t: Date.UTC(2026, 0, 1), now(): number { return this.t; } };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-rebuild-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** Runs the command in an empty folder (no .env of the developer's) on the database. */
function runRebuild(fresh: FreshStore, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const database = fresh.kind === 'sqlite' ? { DATABASE_PATH: fresh.path } : { DATABASE_URL: fresh.url };
  const child = spawn(process.execPath, [...nodeArgsFor(path.join(ROOT, 'src/ratings-rebuild.ts')), ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, LOG_LEVEL: 'silent', ...database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** A Tally game (first to 3) of Alice and the humans and levels given, played until `winner` (a user id) wins. */
async function playGame(svc: GameService, channel: string, humans: readonly { userId: string; displayName: string }[], levels: readonly ('easy' | 'hard')[], winner: string): Promise<void> {
  const lobby = must(await svc.createLobby({ guildId: GUILD, channelId: channel, kind: 'tally', host: alice, locale: 'en', capacity: 1 + humans.length + levels.length })).game;
  for (const p of humans) must(await svc.join(lobby.row.id, p));
  for (const level of levels) must(await svc.addComputer(lobby.row.id, alice.userId, level));
  let game = must(await svc.start(lobby.row.id, alice.userId, must(await svc.byId(lobby.row.id)).game.row.version)).game;
  while (game.row.status === 'active') {
    const seat = svc.activeSeats(game)[0]!;
    const row = game.seats.find((s) => s.seat === seat)!;
    const legal = svc.legalActions(game, seat) as TallyAction[];
    const add = legal.findIndex((a) => a.type === 'add' && a.n === 2);
    const index = row.userId === winner && add >= 0 ? add : legal.findIndex((a) => a.type === 'end');
    must(row.computer !== null ? await svc.computerAct(game.row.id, seat, game.row.version, index) : await svc.act(game.row.id, row.userId, seat, game.row.version, index));
    game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
    clock.t += 1000;
  }
}

const plain = async (store: Store) => (await store.ratings.stored(null)).map(({ guildId, kind, playerId, mu, sigma, games }) => ({ guildId, kind, playerId, mu, sigma, games }));

describe.each(storesUnderTest('ratingscli'))('npm run ratings:rebuild on $label', (under) => {
  it.runIf(under.available)('brings back exactly the ratings the games gave; a bad argument is refused and changes nothing', async () => {
    const fresh = await under.fresh();
    try {
      let store = await storeOnFresh(fresh, { now: () => clock.now() });
      const svc = createGameService({ store, modules: new Map([['tally', tallyModule({ removeSeat: false })]]), clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'rebuild-cli' });
      await playGame(svc, '200000000000000001', [bob], ['hard'], alice.userId);
      await playGame(svc, '200000000000000002', [], ['hard', 'easy'], alice.userId);
      const given = await plain(store);
      expect(given.map((r) => [r.playerId, r.games])).toEqual([
        [alice.userId, 2],
        [bob.userId, 1],
        ['computer:easy', 1],
        ['computer:hard', 2],
      ]);
      await store.ratings.save(GUILD, 'tally', [{ playerId: alice.userId, mu: 50, sigma: 1, games: 9 }]);
      await store.close();

      const refused = await runRebuild(fresh, ['--guild', 'abc']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('Usage: npm run ratings:rebuild');

      const run = await runRebuild(fresh, ['--guild', GUILD]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Rebuilt the ratings from 2 finished game\\(s\\): 4 rating\\(s\\) in server ${GUILD}, in \\d+ ms\\.\\n$`));

      store = await storeOnFresh(fresh);
      expect(await plain(store)).toEqual(given);
      await store.close();
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
