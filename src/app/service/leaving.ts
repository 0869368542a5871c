/**
 * Leaving a running game (see the leave policy in ../game-service.ts): a player concedes or is removed by
 * the others' vote; the rules take the seat out, a computer takes it, or the game ends. And ending a
 * lobby or a running game early (/game abandon), its standings kept.
 */
import type { Seat } from '../../engine/index.js';
import type { NewAction } from '../../persistence/game-repository.js';
import type { GameRow } from '../../persistence/schema.js';
import type { NewResult } from '../../persistence/stats-repository.js';
import { isRemoveSeat } from '../log.js';
import type { BoardNote } from '../outbox.js';
import { commit } from './commit.js';
import type { GameCore } from './core.js';
import { seatOf } from './queries.js';
import { concessionOf } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type LeaveConsequence, type Outcome, type Result } from './types.js';

/**
 * A player concedes: see the leave policy in ../game-service.ts. `expectedVersion` is the version the confirmation was
 * asked at: what leaving does may have changed since (another player left), so a moved-on game is refused.
 */
export async function leave(core: GameCore, gameId: number, userId: string, expectedVersion?: number): Promise<Result<{ outcome: Outcome }>> {
  const loaded = await core.active(gameId);
  if (!loaded.ok) return loaded;
  const seat = seatOf(loaded.game, userId);
  if (seat === undefined || seat.leftAt !== null) return refuse('not_a_player', {});
  if (expectedVersion !== undefined && loaded.game.row.version !== expectedVersion) return refuse('stale', { currentVersion: loaded.game.row.version });
  return removeSeat(core, loaded.game, seat.seat, 'left');
}

export function removeSeat(core: GameCore, game: ActiveSnapshot, seat: Seat, how: 'left' | 'removed'): Promise<Result<{ outcome: Outcome }>> {
  const def = game.module.definition;
  const remaining = game.seats.filter((s) => s.leftAt === null && s.seat !== seat).length;
  const removable = def.removeSeat !== undefined && remaining >= def.players.min;
  const notes = (entries: readonly NewAction[], finished: boolean): BoardNote[] => {
    if (finished) return [{ kind: how, seat }];
    const removedByRules = entries.some((e) => e.seat === seat && isRemoveSeat(e.action));
    if (how === 'removed') return [{ kind: removedByRules ? 'removed' : 'removedAutopilot', seat }];
    return [{ kind: removedByRules ? 'left' : 'leftAutopilot', seat }];
  };
  return commit(core, game, [], { leaving: [seat], removals: removable ? [seat] : [], notes, byVote: how === 'removed' });
}

/**
 * Ends a lobby or a running game: the host, or a member who may manage the channel. `expected` is the
 * game and version the confirmation was asked at: a game that moved on since is refused as stale (the
 * user confirmed something else). A running game's standings at this moment are recorded as its result
 * (`recorded`); a lobby has none, and a damaged game's state cannot be read (it is ended all the same).
 */
export async function abandon(core: GameCore, channelId: string, userId: string, canManage: boolean, expected?: { gameId: number; version: number }): Promise<Result<{ row: GameRow; recorded: boolean }>> {
  // A channel may hold several games (each in its thread): the confirmation names its game.
  const found = expected !== undefined ? await core.repo.findById(expected.gameId) : await core.repo.findRunningByChannel(channelId);
  const row = found !== undefined && found.channelId === channelId && (found.status === 'lobby' || found.status === 'active') ? found : undefined;
  if (row === undefined) return refuse('no_game', {});
  if (row.hostUserId !== userId && !canManage) return refuse('not_host', {});
  if (expected !== undefined && (row.id !== expected.gameId || row.version !== expected.version)) return refuse('stale', { currentVersion: row.version });
  const loaded = row.status === 'active' ? await core.snapshot(row) : null;
  const results = loaded?.ok === true && loaded.game.kind === 'active' ? standingResults(loaded.game) : null;
  const saved = await core.tx(async () => {
    const result = await core.repo.saveState(row.id, row.version, { status: 'abandoned' });
    if (result.ok) {
      await core.repo.deleteJobs(row.id);
      if (results !== null) await core.stats.record(row.id, result.updatedAt, results);
      await core.owe({ ...row, version: result.version }, 'announcement', { kind: 'announcement', message: 'abandoned', userId, recorded: results !== null });
    }
    return result;
  });
  if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
  return { ok: true, row: await core.repo.findById(row.id) as GameRow, recorded: results !== null };
}

/** What `/game leave` would do to this seat now (told before the player confirms). */
export function leaveConsequence(game: ActiveSnapshot, seat: Seat): LeaveConsequence {
  const def = game.module.definition;
  const remaining = game.seats.filter((s) => s.leftAt === null && s.seat !== seat);
  // The same tests as commit's concession (commit.ts) and removeSeat's choice.
  const table = concessionOf(game.seats, [seat], def.players.min);
  if (table.ends) return { kind: 'ends', winner: table.winner };
  const removable = def.removeSeat !== undefined && remaining.length >= def.players.min && def.removeSeat(game.state, seat) !== null;
  return { kind: removable ? 'removed' : 'computer' };
}

/** Every seat's place by the rules' standings as they are now (a game ended early with /game abandon). */
function standingResults(game: ActiveSnapshot): NewResult[] {
  const ranks = new Map(game.module.definition.standings(game.state).map((s) => [s.seat, s.rank]));
  return game.seats.map((s) => ({ seat: s.seat, userId: s.userId, rank: ranks.get(s.seat) ?? game.seats.length, left: s.leftAt !== null }));
}
