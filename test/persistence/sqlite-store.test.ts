import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/persistence/database.js';
import type { NewGame } from '../../src/persistence/game-repository.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { tempDir } from './helpers.js';

const dir = tempDir('sqlite-store');
const stores: SqliteStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
function freshStore(): SqliteStore {
  const store = new SqliteStore(openDatabase(path.join(dir, `store-${++counter}.db`)), { now: () => 1_700_000_000_000 });
  stores.push(store);
  return store;
}

const lobby = (channelId: string): NewGame => ({
  guildId: '100000000000000001',
  channelId,
  kind: 'istanbul',
  hostUserId: '200000000000000001',
  options: { capacity: 3 },
  seed: 'seed',
  locale: 'en',
});

describe('SQLite store', () => {
  it('answers every repository method with a promise of the synchronous result', async () => {
    const store = freshStore();
    const created = await store.games.createGame(lobby('300000000000000001'));
    expect(created.ok).toBe(true);
    expect(await store.games.findRunningByChannel('300000000000000001')).toEqual(store.sync.games.findRunningByChannel('300000000000000001'));
  });

  it('a failing transaction leaves nothing behind', async () => {
    const store = freshStore();
    await expect(
      store.transaction(async () => {
        await store.games.createGame(lobby('300000000000000002'));
        await store.games.scheduleJob({ kind: 'reminder', gameId: 1, dueAt: 5, payload: {} });
        throw new Error('the change fails halfway');
      }),
    ).rejects.toThrow('the change fails halfway');
    expect(await store.games.findRunningByChannel('300000000000000002')).toBeUndefined();
    expect(await store.games.jobsOf(1)).toEqual([]);
  });

  it('a call from outside waits for the running transaction; calls inside its flow run at once', async () => {
    const store = freshStore();
    const seen: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const change = store.transaction(async () => {
      await store.games.createGame(lobby('300000000000000003'));
      inside();
      await held;
      expect(store.inTransaction()).toBe(true);
      // Inside the flow the uncommitted lobby is visible.
      expect(await store.games.findRunningByChannel('300000000000000003')).toBeDefined();
      seen.push('committed');
    });
    await entered;
    expect(store.inTransaction()).toBe(false);
    const outside = store.games.findRunningByChannel('300000000000000003').then((row) => {
      seen.push(row === undefined ? 'read nothing' : 'read the lobby');
    });
    finish();
    await Promise.all([change, outside]);
    expect(seen).toEqual(['committed', 'read the lobby']);
  });

  it('a transaction inside a transaction joins it: one rollback takes both', async () => {
    const store = freshStore();
    await expect(
      store.transaction(async () => {
        await store.transaction(() => store.games.createGame(lobby('300000000000000004')));
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await store.games.findRunningByChannel('300000000000000004')).toBeUndefined();
  });

  it('one running game per channel still holds through the store', async () => {
    const store = freshStore();
    const [a, b] = await Promise.all([store.games.createGame(lobby('300000000000000005')), store.games.createGame(lobby('300000000000000005'))]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
  });
});
