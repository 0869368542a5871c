/**
 * Skill ratings: openskill's Weng-Lin rating with its default Plackett-Luce model, which rates
 * a game of any number of players from their places alone. Pure: the same games in the same order give
 * the same ratings, whether applied one by one as games finish or rebuilt from the stored results.
 *
 * Who is rated in a finished game (abandoned games are never rated):
 * - every human seat, under its Discord user id, at its place by the rules; a player who left before the
 *   end (conceded, or removed by the others' vote) places behind everyone who stayed, tied with the other
 *   leavers, whatever the computer that played their seat afterwards achieved (leaving is losing);
 * - every computer seat under its level (`computer:easy`, `computer:normal`, `computer:hard`): all
 *   computers of a level are one player, so beating "hard" means beating the same opponent each time.
 *   When a level plays several seats of one game, each seat is rated from the level's rating, and the
 *   level takes the mean of its seats' new mu and sigma (one game, its average result).
 * Shared places (a shared win) are ties. A game with fewer than two different players changes nothing.
 * A seat that changed hands (a substitute from the bench): see `ratedWithHolders`.
 */
import { ordinal, rate, rating } from 'openskill';

/** A player is on a server's leaderboard once this many of their games were rated. */
export const MIN_RATED_GAMES = 3;

export const COMPUTER_RATING_PREFIX = 'computer:';
const LEVELS = ['easy', 'normal', 'hard'] as const;

export interface SkillRating {
  readonly mu: number;
  readonly sigma: number;
}

/** A rated player's rating and how many games it rests on. */
export interface PlayerRating extends SkillRating {
  readonly playerId: string;
  readonly games: number;
}

/** A seat of a finished game as the rating sees it. */
export interface RatedSeat {
  /** A Discord user id, or a computer seat's id (`computer:<n>`). */
  readonly userId: string;
  /** The level of a computer seat (null: a human, or a human's seat handed to a computer). */
  readonly computer: string | null;
  /** 1 = winner; equal ranks share a place. */
  readonly rank: number;
  /** Left the game before the end. */
  readonly left: boolean;
}

/** The rating a player starts with (mu 25, sigma 25/3). */
export function initialRating(): SkillRating {
  const { mu, sigma } = rating();
  return { mu, sigma };
}

/** The conservative rating the leaderboard ranks by: mu - 3 sigma (openskill's ordinal). */
export function conservative(r: SkillRating): number {
  return ordinal(r);
}

/** Who a seat is for the rating: its user, or for a computer seat its level. */
export function ratedPlayerOf(seat: Pick<RatedSeat, 'userId' | 'computer'>): string {
  if (!/^computer:[0-9]+$/.test(seat.userId)) return seat.userId;
  const level = (LEVELS as readonly string[]).includes(seat.computer ?? '') ? (seat.computer as string) : 'normal';
  return `${COMPUTER_RATING_PREFIX}${level}`;
}

/** The computer level a rated player stands for, or null for a human. */
export function ratedLevelOf(playerId: string): (typeof LEVELS)[number] | null {
  if (!playerId.startsWith(COMPUTER_RATING_PREFIX)) return null;
  const level = playerId.slice(COMPUTER_RATING_PREFIX.length);
  return (LEVELS as readonly string[]).includes(level) ? (level as (typeof LEVELS)[number]) : null;
}

/** The players a finished game rates, each once, sorted (the order rows are locked in). */
export function ratedPlayers(seats: readonly RatedSeat[]): string[] {
  return [...new Set(seats.map(ratedPlayerOf))].sort();
}

/**
 * The new ratings after a finished game, from the players' ratings before it (a player missing from
 * `before` starts at the initial rating). Answers only the players of the game, each with one more game;
 * empty when the game rates nothing.
 */
export function rateGame(seats: readonly RatedSeat[], before: ReadonlyMap<string, PlayerRating>): PlayerRating[] {
  const players = seats.map(ratedPlayerOf);
  if (new Set(players).size < 2) return [];
  const stayed = seats.filter((s) => !s.left);
  const worst = stayed.length === 0 ? 0 : Math.max(...stayed.map((s) => s.rank));
  // Leavers place behind everyone who stayed, tied among themselves.
  const ranks = seats.map((s) => (s.left && stayed.length > 0 ? worst + 1 : s.rank));
  const prior = (player: string): SkillRating => before.get(player) ?? initialRating();
  const teams = players.map((player) => [rating(prior(player))]);
  const after = rate(teams, { rank: ranks });
  const bySeat = new Map<string, SkillRating[]>();
  after.forEach(([r], index) => {
    const player = players[index] as string;
    bySeat.set(player, [...(bySeat.get(player) ?? []), { mu: (r as SkillRating).mu, sigma: (r as SkillRating).sigma }]);
  });
  return [...bySeat].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([playerId, results]) => {
    const mean = (pick: (r: SkillRating) => number): number => (results.length === 1 ? pick(results[0] as SkillRating) : results.reduce((sum, r) => sum + pick(r), 0) / results.length);
    return { playerId, mu: mean((r) => r.mu), sigma: mean((r) => r.sigma), games: (before.get(playerId)?.games ?? 0) + 1 };
  });
}

/**
 * A substitute's game counts for their rating only if they made at least this share of their seat's moves
 * (docs/rules-decisions.md, At the table): a seat taken over for its last few moves says little of them.
 */
export const SUBSTITUTE_SHARE = 0.5;

/** A seat that changed hands, as the rating reads it: its holders in order, the moves each made, and all the seat's moves (a computer's too). */
export interface HeldSeat {
  readonly seat: number;
  readonly holders: readonly { readonly userId: string; readonly moves: number }[];
  readonly moves: number;
}

/**
 * The rated seats of a game whose seats changed hands (`held`): a seat's place goes to its holder at the
 * end, rated only with at least SUBSTITUTE_SHARE of the seat's moves; each earlier human holder (who left,
 * or whose seat a computer played until a substitute took it) is rated as one who left, behind everyone
 * who stayed. Seats that never changed hands are rated as they are.
 */
export function ratedWithHolders(seats: readonly (RatedSeat & { readonly seat: number })[], held: readonly HeldSeat[]): RatedSeat[] {
  const out: RatedSeat[] = [];
  for (const { seat, ...rated } of seats) {
    const changed = held.find((h) => h.seat === seat);
    const last = changed?.holders.at(-1);
    if (changed === undefined || last === undefined) {
      out.push(rated);
      continue;
    }
    if (last.moves >= SUBSTITUTE_SHARE * changed.moves) out.push(rated);
    for (const earlier of new Set(changed.holders.slice(0, -1).map((h) => h.userId))) {
      if (earlier !== last.userId && !/^computer:/.test(earlier)) out.push({ userId: earlier, computer: null, rank: rated.rank, left: true });
    }
  }
  return out;
}

/**
 * The seats that changed hands, from a finished game's stored results (a seat's `heldMoves` and `seatMoves`
 * are there only when it changed hands) and its earlier holders (seat_holders, in the order they held it).
 * The live rating and the rebuild read the same stored numbers.
 */
export function heldSeatsOf(
  results: readonly { readonly seat: number; readonly userId: string; readonly heldMoves?: number | null; readonly seatMoves?: number | null }[],
  earlier: readonly { readonly seat: number; readonly userId: string }[],
): HeldSeat[] {
  return results.flatMap((r) => {
    if (r.heldMoves === undefined || r.heldMoves === null || r.seatMoves === undefined || r.seatMoves === null) return [];
    const before = earlier.filter((h) => h.seat === r.seat).map((h) => ({ userId: h.userId, moves: 0 }));
    return [{ seat: r.seat, holders: [...before, { userId: r.userId, moves: r.heldMoves }], moves: r.seatMoves }];
  });
}

/** A finished game's seats, for rating it in order. */
/**
 * Whether a finished game counts for the ratings, by its stored options: a learning game (`/game learn`)
 * does not, since its learner was coached by the computer after every decision. Options that do not
 * parse count as an ordinary game (the game itself was played to its end).
 */
export function countsForRating(optionsJson: string): boolean {
  try {
    const options: unknown = JSON.parse(optionsJson);
    return !(typeof options === 'object' && options !== null && (options as { learn?: unknown }).learn === true);
  } catch {
    return true;
  }
}

export interface RatedGame {
  readonly gameId: number;
  readonly guildId: string;
  readonly kind: string;
  readonly seats: readonly RatedSeat[];
}

/**
 * Every rating of the given finished games, applied in the order given (finish time, then game id):
 * what the incremental updates of those games add up to. Keyed by `guildId kind`.
 */
export function rateAll(games: readonly RatedGame[]): Map<string, Map<string, PlayerRating>> {
  const out = new Map<string, Map<string, PlayerRating>>();
  for (const game of games) {
    const key = ratingScope(game.guildId, game.kind);
    const scope = out.get(key) ?? new Map<string, PlayerRating>();
    out.set(key, scope);
    for (const r of rateGame(game.seats, scope)) scope.set(r.playerId, r);
  }
  return out;
}

/** The key of a server's ratings for a game (a guild id has no space). */
export function ratingScope(guildId: string, kind: string): string {
  return `${guildId} ${kind}`;
}

/** The server and game of a key made by `ratingScope`. */
export function splitScope(key: string): [guildId: string, kind: string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}
