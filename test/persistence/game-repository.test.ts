/**
 * Reading a game's stored state (parseState: no query, so it is tested on one store). Every query of the
 * game repository is tested on both stores in store-repositories.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/persistence/database.js';
import { InvalidStoredStateError, parseState } from '../../src/persistence/game-repository.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { tempDir } from './helpers.js';

const dir = tempDir('repo');
const store = new SqliteStore(openDatabase(path.join(dir, 'games.db')), { now: () => 1_700_000_000_000 });
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const isObject = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null && !Array.isArray(raw);

describe('game repository', () => {
  it('reads a stored state back unchanged, and reports a damaged one with its game id and channel', () => {
    const repo = store.sync.games;
    const created = repo.createGame({ guildId: '100000000000000001', channelId: '300000000000000006', kind: 'istanbul', hostUserId: '200000000000000001', options: {}, seed: 's', locale: 'en' });
    if (!created.ok) throw new Error('create failed');
    const state = { places: [1, 2, 3], nested: { lira: [2, 3, 4], text: 'Größer ë' }, flag: true, nothing: null };
    repo.saveState(created.game.id, 0, { state: JSON.stringify(state), status: 'active' });
    expect(parseState(repo.findById(created.game.id)!, isObject)).toEqual(state);
    repo.saveState(created.game.id, 1, { state: '{not json' });
    const loaded = repo.findById(created.game.id)!;
    expect(() => parseState(loaded, isObject)).toThrow(InvalidStoredStateError);
    expect(() => parseState(loaded, isObject)).toThrow(`game ${created.game.id} in channel 300000000000000006`);
    repo.saveState(created.game.id, 2, { state: '[1,2]' });
    expect(() => parseState(repo.findById(created.game.id)!, isObject)).toThrow(/shape of a game state/);
    expect(() => parseState({ ...loaded, state: null }, isObject)).toThrow(/no state stored/);
  });
});
