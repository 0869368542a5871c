/**
 * Skill ratings: a finished game's players are rated in the commit that records its result;
 * /stats reads them. The arithmetic and who is rated how: src/skill-rating.ts.
 */
import type { NewResult } from '../../persistence/stats-repository.js';
import type { RatingRow, SeatHolderRow, SeatRow } from '../../persistence/schema.js';
import { countsForRating, heldSeatsOf, initialRating, MIN_RATED_GAMES, rateGame, ratedPlayers, ratedWithHolders, type PlayerRating, type RatedSeat } from '../../skill-rating.js';
import { effectiveLog, isRemoveSeat } from '../log.js';
import { holdersOf } from './bench.js';
import type { GameCore } from './core.js';
import type { ActiveSnapshot } from './types.js';

/** The rating a stored row holds, or why it cannot be one. */
export function readRating(row: RatingRow): PlayerRating | string {
  if (!Number.isFinite(row.mu)) return 'mu is not a number';
  if (!Number.isFinite(row.sigma) || row.sigma <= 0) return 'sigma is not a positive number';
  if (!Number.isSafeInteger(row.games) || row.games < 0) return 'games is not a count';
  return { playerId: row.playerId, mu: row.mu, sigma: row.sigma, games: row.games };
}

/** The seats of a finished game as the rating sees them: who sat there, at which level, and their result. */
export function ratedSeats(seats: readonly SeatRow[], results: readonly NewResult[]): RatedSeat[] {
  const levels = new Map(seats.map((s) => [s.seat, s.computer]));
  return results.map((r) => ({ userId: r.userId, computer: levels.get(r.seat) ?? null, rank: r.rank, left: r.left }));
}

/**
 * Rates a finished game, inside the transaction that records its result: its players' rows are locked
 * (one after another, in one order), rated and written. A damaged row is reported and its player starts
 * again from the initial rating (`npm run ratings:rebuild` restores it from the results).
 */
export async function rateFinishedGame(core: GameCore, game: ActiveSnapshot, results: readonly NewResult[], earlier: readonly SeatHolderRow[]): Promise<void> {
  if (!countsForRating(game.row.options)) return;
  const seats = ratedWithHolders(
    ratedSeats(game.seats, results).map((rated, index) => ({ ...rated, seat: (results[index] as NewResult).seat })),
    heldSeatsOf(results, earlier),
  );
  const players = ratedPlayers(seats);
  if (players.length < 2) return;
  const { guildId, kind } = game.row;
  const rows = await core.ratings.lock(guildId, kind, players, initialRating());
  const before = new Map<string, PlayerRating>();
  for (const row of rows) {
    const read = readRating(row);
    if (typeof read !== 'string') {
      before.set(row.playerId, read);
      continue;
    }
    if (await core.damage.record({ table: 'ratings', rowId: `${guildId} ${kind} ${row.playerId}`, gameId: game.row.id, channelId: game.row.channelId, reason: read })) {
      core.logger.error({ table: 'ratings', guildId, kind, playerId: row.playerId, reason: read }, 'damaged rating set aside; the player is rated from the start (npm run ratings:rebuild restores it)');
    }
  }
  await core.ratings.save(guildId, kind, rateGame(seats, before));
}

/**
 * The results of a finished game with, for each seat that changed hands (bench.ts), the moves its holder at
 * the end made on it and all the seat's moves in the effective log (a computer's moves for the seat are the
 * seat's, no holder's): stored with the result, for the rating's share rule and its rebuild. Most games have
 * no such seat: the log is read only for a game that has.
 */
export async function withHeldMoves(core: GameCore, game: ActiveSnapshot, results: readonly NewResult[], earlier: readonly SeatHolderRow[]): Promise<NewResult[]> {
  if (earlier.length === 0) return [...results];
  const holders = holdersOf(game.seats, earlier);
  const log = effectiveLog(await core.repo.actionsAfter(game.row.id, 0)).filter((e) => !isRemoveSeat(e.action));
  return results.map((r) => {
    const held = holders.get(r.seat) ?? [];
    const last = held.at(-1);
    if (held.length < 2 || last === undefined) return r;
    const moves = log.filter((e) => e.seat === r.seat);
    return { ...r, heldMoves: moves.filter((e) => e.computer !== true && e.sequence >= last.fromSequence).length, seatMoves: moves.length };
  });
}

/** A player's ratings in this server, one per game (damaged rows left out). */
export async function playerRatings(core: GameCore, guildId: string, userId: string): Promise<(PlayerRating & { kind: string })[]> {
  const rows = await core.ratings.ofPlayer(guildId, userId);
  return rows.flatMap((row) => {
    const read = readRating(row);
    return typeof read === 'string' ? [] : [{ ...read, kind: row.kind }];
  });
}

/** A server's leaderboard of a game: players with at least MIN_RATED_GAMES rated games, best conservative rating first. */
export async function ratingLeaderboard(core: GameCore, guildId: string, kind: string, limit: number): Promise<PlayerRating[]> {
  const rows = await core.ratings.leaderboard(guildId, kind, MIN_RATED_GAMES, limit);
  return rows.flatMap((row) => {
    const read = readRating(row);
    return typeof read === 'string' ? [] : [read];
  });
}
