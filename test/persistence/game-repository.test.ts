import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/persistence/database.js';
import { GameRepository, InvalidStoredStateError, type NewGame } from '../../src/persistence/game-repository.js';
import { tempDir } from './helpers.js';

const dir = tempDir('repo');
const opened: OpenDatabase[] = [];
afterAll(() => {
  for (const db of opened) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let fileCounter = 0;
function freshFile(): string {
  return path.join(dir, `games-${++fileCounter}.db`);
}
function open(file: string, now = () => 1_700_000_000_000): GameRepository {
  const db = openDatabase(file);
  opened.push(db);
  return new GameRepository(db.db, now);
}

const newGame = (channelId: string): NewGame => ({
  guildId: '100000000000000001',
  channelId,
  kind: 'istanbul',
  hostUserId: '200000000000000001',
  options: { players: 3, layout: 'short' },
  seed: 'seed-abc',
  locale: 'en',
});

const isObject = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null && !Array.isArray(raw);

describe('game repository', () => {
  let repo: GameRepository;
  beforeEach(() => {
    repo = open(freshFile());
  });

  it('creates a lobby and loads it back by channel', () => {
    const created = repo.createGame(newGame('300000000000000001'), [{ seat: 0, userId: '200000000000000001', displayName: 'Ayla' }]);
    expect(created.ok).toBe(true);
    const loaded = repo.findRunningByChannel('300000000000000001');
    expect(loaded).toMatchObject({ kind: 'istanbul', status: 'lobby', version: 0, options: JSON.stringify({ players: 3, layout: 'short' }) });
    expect(repo.seats(loaded!.id)).toEqual([
      { gameId: loaded!.id, seat: 0, userId: '200000000000000001', displayName: 'Ayla', leftAt: null, removedAt: null, computer: null },
    ]);
  });

  it('keeps one running game per channel, in the database itself', () => {
    const first = repo.createGame(newGame('300000000000000002'));
    const second = repo.createGame(newGame('300000000000000002'));
    expect(second).toMatchObject({ ok: false, code: 'channel_busy' });
    if (!first.ok || second.ok) throw new Error('unexpected');
    expect(second.existing.id).toBe(first.game.id);
    // A raw insert that bypasses the repository is refused as well.
    const raw = new Database(path.join(dir, `games-${fileCounter}.db`));
    expect(() =>
      raw
        .prepare(
          "INSERT INTO games (guild_id, channel_id, kind, host_user_id, options, seed, status, created_at, updated_at) VALUES ('1', '300000000000000002', 'kairo', '2', '{}', 's', 'active', 0, 0)",
        )
        .run(),
    ).toThrow(/UNIQUE/);
    raw.close();
    // Once the game is over, the channel is free again.
    expect(repo.saveState(first.game.id, 0, { status: 'finished' })).toMatchObject({ ok: true, version: 1 });
    expect(repo.createGame(newGame('300000000000000002')).ok).toBe(true);
    // Other channels are never affected.
    expect(repo.createGame(newGame('300000000000000003')).ok).toBe(true);
  });

  it('saves a state with its action log in one step and returns it unchanged', () => {
    const created = repo.createGame(newGame('300000000000000004'));
    if (!created.ok) throw new Error('create failed');
    const state = { places: [1, 2, 3], nested: { lira: [2, 3, 4], text: 'Größer ë' }, flag: true, nothing: null };
    const saved = repo.saveState(created.game.id, 0, { state: JSON.stringify(state), status: 'active' }, [
      { seat: 1, kind: 'action', action: { type: 'move', to: 7 }, events: [{ key: 'moved' }], checkpoint: false },
      { seat: 1, kind: 'action', action: { type: 'roll' }, events: [], checkpoint: true },
    ]);
    expect(saved).toMatchObject({ ok: true, version: 1 });
    const loaded = repo.findById(created.game.id)!;
    expect(loaded.version).toBe(1);
    expect(repo.parseState(loaded, isObject)).toEqual(state);
    const log = repo.actions(created.game.id);
    expect(log.map((row) => [row.sequence, row.seat, row.action, row.checkpoint])).toEqual([
      [1, 1, { type: 'move', to: 7 }, false],
      [2, 1, { type: 'roll' }, true],
    ]);
    repo.saveState(created.game.id, 1, { state: JSON.stringify(state) }, [{ seat: 2, kind: 'undo', action: null, events: [], checkpoint: false }]);
    expect(repo.recentActions(created.game.id, 2).map((row) => row.sequence)).toEqual([2, 3]);
  });

  it('lets exactly one of two writers at the same version win; the other gets stale_version', () => {
    const file = freshFile();
    const writerA = open(file);
    const writerB = open(file);
    const created = writerA.createGame(newGame('300000000000000005'));
    if (!created.ok) throw new Error('create failed');
    const id = created.game.id;
    const a = writerA.saveState(id, 0, { state: '{"by":"a"}' }, [{ seat: 0, kind: 'action', action: 'a', events: [], checkpoint: false }]);
    const b = writerB.saveState(id, 0, { state: '{"by":"b"}' }, [{ seat: 0, kind: 'action', action: 'b', events: [], checkpoint: false }]);
    expect(a).toMatchObject({ ok: true, version: 1 });
    expect(b).toEqual({ ok: false, code: 'stale_version', currentVersion: 1 });
    // The loser left no trace: one state, one log entry.
    expect(writerB.findById(id)!.state).toBe('{"by":"a"}');
    expect(writerB.actions(id).map((row) => row.action)).toEqual(['a']);
  });

  it('reports a damaged stored state with its game id and channel', () => {
    const created = repo.createGame(newGame('300000000000000006'));
    if (!created.ok) throw new Error('create failed');
    repo.saveState(created.game.id, 0, { state: '{not json', status: 'active' });
    const loaded = repo.findById(created.game.id)!;
    expect(() => repo.parseState(loaded, isObject)).toThrow(InvalidStoredStateError);
    expect(() => repo.parseState(loaded, isObject)).toThrow(`game ${created.game.id} in channel 300000000000000006`);
    repo.saveState(created.game.id, 1, { state: '[1,2]' });
    expect(() => repo.parseState(repo.findById(created.game.id)!, isObject)).toThrow(/shape of a game state/);
  });

  it('replaces the seat list when the game starts', () => {
    const created = repo.createGame(newGame('300000000000000007'), [
      { seat: 0, userId: '1', displayName: 'A' },
      { seat: 1, userId: '2', displayName: 'B' },
    ]);
    if (!created.ok) throw new Error('create failed');
    repo.saveState(created.game.id, 0, { status: 'active', state: '{}' }, [], [
      { seat: 0, userId: '2', displayName: 'B' },
      { seat: 1, userId: '1', displayName: 'A' },
    ]);
    expect(repo.seats(created.game.id).map((s) => s.userId)).toEqual(['2', '1']);
    repo.markSeatLeft(created.game.id, 1);
    expect(repo.seats(created.game.id)[1]!.leftAt).toBe(1_700_000_000_000);
  });

  it('keeps scheduled jobs: due ones are found, and a job is taken exactly once', () => {
    const created = repo.createGame(newGame('300000000000000008'));
    if (!created.ok) throw new Error('create failed');
    const id = created.game.id;
    const early = repo.scheduleJob({ kind: 'reminder', gameId: id, dueAt: 1000, payload: { seat: 1 } });
    repo.scheduleJob({ kind: 'idle', gameId: id, dueAt: 5000, payload: {} });
    expect(repo.dueJobs(2000).map((job) => job.id)).toEqual([early.id]);
    expect(repo.deleteJob(early.id)).toBe(true);
    expect(repo.deleteJob(early.id)).toBe(false);
    repo.rescheduleJob({ kind: 'idle', gameId: id, dueAt: 9000, payload: {} });
    expect(repo.jobsOf(id, 'idle').map((job) => job.dueAt)).toEqual([9000]);
    repo.deleteJobs(id);
    expect(repo.jobsOf(id)).toEqual([]);
  });
});
