/** The standings of a game over or ended early, as the board, a replay and the channel tell them. */
import { isComputerSeatId, type ActiveSnapshot, type GameService, type StoredResult } from '../../app/game-service.js';
import type { Locale, Seat } from '../../engine/index.js';
import type { GamePresenter } from '../../games/contract.js';
import { t } from '../i18n/index.js';
import { plainName } from '../text.js';
import { seatNames, mention } from './names.js';

/**
 * The ranks the picture of a game over shows (it is drawn over, whatever the rules' phase): the rules'
 * standings; a game won because every other player left, its winner; one ended early, none. Undefined while
 * the game runs.
 */
export async function finalRanks(service: GameService, game: ActiveSnapshot, concededTo: Seat | null): Promise<{ seat: Seat; rank: number }[] | undefined> {
  if (service.isOver(game)) return service.standings(game).map(({ seat, rank }) => ({ seat, rank }));
  if (game.row.status === 'abandoned') return [];
  if (game.row.status !== 'finished') return undefined;
  const winner = concessionWinner(await service.finalResult(game.row.id), concededTo);
  return winner === null ? [] : [{ seat: winner, rank: 1 }];
}

/**
 * The winner of a game ended by concession, as its stored result has it (null: nobody won); `concededTo`,
 * the final board's own word, for a game ended before results were stored.
 */
function concessionWinner(stored: readonly StoredResult[], concededTo: Seat | null): Seat | null {
  return stored.length > 0 ? (stored.find((r) => r.rank === 1)?.seat ?? null) : concededTo;
}

/**
 * The final standings of a finished game, from the result stored when it ended (decided once, in the
 * commit that ended it; the history, the statistics and the ratings read the same rows): the rules'
 * standings, or the winner by concession, or nobody (no present human was left at the table: see the
 * rules notes, "At the table"). `concededTo`: the final board's own word, for a game ended before results
 * were stored.
 */
export async function standingsLines(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, locale: Locale, concededTo: Seat | null = null): Promise<string[]> {
  const stored = await service.finalResult(game.row.id);
  // Named in the reader's language (a replay is read in the reader's, the final board in the table's).
  const playerNames = seatNames(game, plainName, true, true, locale);
  const named = (seat: Seat): string => mention(game, seat, locale);
  if (!service.isOver(game)) {
    const winner = concessionWinner(stored, concededTo);
    return [winner === null ? t(locale, 'board.concededNobody') : t(locale, 'board.conceded', { player: named(winner) })];
  }
  const left = new Set(game.seats.filter((s) => s.leftAt !== null).map((s) => s.seat));
  const storedRank = new Map(stored.map((r) => [r.seat, r.rank]));
  const standings = service.standings(game).map((s) => ({ ...s, rank: storedRank.get(s.seat) ?? s.rank }));
  const lines = [t(locale, 'board.over')];
  for (const standing of standings.sort((a, b) => a.rank - b.rank || a.seat - b.seat)) {
    const summary = presenter.format(standing.summary, locale, playerNames);
    const row = game.seats.find((s) => s.seat === standing.seat);
    // Computer seats carry their name and level; a human's seat a computer played at the end says so.
    const handedOver = row !== undefined && !isComputerSeatId(row.userId) && row.computer !== null && row.leftAt === null;
    const name = handedOver ? t(locale, 'computer.playing', { name: named(standing.seat) }) : named(standing.seat);
    const player = left.has(standing.seat) ? t(locale, 'board.standingLeft', { player: name }) : name;
    lines.push(t(locale, 'board.standing', { rank: standing.rank, player, summary }));
  }
  return lines;
}

/** The rules' standings as they are now, one line per player (what ending the game early keeps). */
export function standingsNow(service: GameService, game: ActiveSnapshot, presenter: GamePresenter, locale: Locale): string[] {
  // Named in `locale`: the table's on its board, the reader's in a replay or a private question.
  const playerNames = seatNames(game, plainName, true, true, locale);
  return [...service.standings(game)]
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map((standing) => t(locale, 'board.standing', { rank: standing.rank, player: mention(game, standing.seat, locale), summary: presenter.format(standing.summary, locale, playerNames) }));
}
