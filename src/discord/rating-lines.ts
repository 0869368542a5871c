/**
 * The skill ratings as /stats shows them: a player's rating and uncertainty beside their games,
 * and a leaderboard per game ranked by the conservative rating (mu - 3 sigma) of the players with enough
 * rated games. Computer levels are named as players ("Computer (hard)"), never as a mention.
 */
import type { GameService } from '../app/game-service.js';
import type { Locale } from '../engine/index.js';
import type { PresenterRegistry } from '../games/contract.js';
import { conservative, MIN_RATED_GAMES, ratedLevelOf, type SkillRating } from '../skill-rating.js';
import { t } from './i18n/index.js';
import { computerPlayerName } from './messages/index.js';

/** Entries per game's leaderboard. */
export const RATING_BOARD_ENTRIES = 10;

const oneDecimal = (n: number): string => n.toFixed(1);

/** "rating 27.4 ± 5.2": the estimate and its uncertainty (one sigma). */
export function ratingText(locale: Locale, r: SkillRating): string {
  return t(locale, 'stats.rating', { mu: oneDecimal(r.mu), sigma: oneDecimal(r.sigma) });
}

/** A rated player's name: a mention, or a computer level's name, as every computer player is named ("Computer (hard)"). */
export function ratedPlayerName(playerId: string, locale: Locale): string {
  const level = ratedLevelOf(playerId);
  return level === null ? `<@${playerId}>` : computerPlayerName(locale, t(locale, 'rating.computer'), level);
}

/** The server's leaderboard of every game that has one (a line saying there is none yet otherwise). */
export async function ratingBoardLines(service: GameService, presenters: PresenterRegistry, guildId: string, locale: Locale): Promise<string[]> {
  const lines: string[] = [];
  for (const kind of service.modules.keys()) {
    const board = await service.ratingLeaderboard(guildId, kind, RATING_BOARD_ENTRIES);
    if (board.length === 0) continue;
    lines.push('', t(locale, 'stats.ratingBoard', { game: presenters.get(kind)?.name(locale) ?? kind, min: MIN_RATED_GAMES }));
    board.forEach((r, index) => {
      lines.push(
        t(locale, 'stats.ratingRank', { rank: index + 1, player: ratedPlayerName(r.playerId, locale), score: oneDecimal(conservative(r)), mu: oneDecimal(r.mu), sigma: oneDecimal(r.sigma), games: r.games }),
      );
    });
  }
  return lines.length > 0 ? lines : ['', t(locale, 'stats.noRatingBoard', { min: MIN_RATED_GAMES })];
}
