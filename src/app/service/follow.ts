/**
 * Following a game without playing it (/game follow): a follower hears of the game's new boards
 * as a player would (a mention where the board is posted, or a direct message, as their /game notify
 * says; src/discord/follower-notices.ts), never of anything private. Anyone may follow the running game
 * (or lobby) of a channel but its players; a finished game cannot be followed.
 */
import type { SeatRow } from '../../persistence/schema.js';
import type { GameCore } from './core.js';
import type { Snapshot } from './types.js';

export type FollowRefusal =
  /** No game in this channel, ever. */
  | 'no_game'
  /** The channel's last game is over (finished or abandoned): nothing more to hear of. */
  | 'game_over'
  /** The user plays in the game: they hear of it as a player already. */
  | 'playing'
  | 'already_following'
  | 'not_following';

export type FollowResult = { readonly ok: true; readonly gameId: number; readonly kind: string } | { readonly ok: false; readonly code: FollowRefusal; readonly gameId?: number; readonly kind?: string };

/** Whether the seat's user still plays the game (a player the others removed by vote does not). */
function plays(seat: SeatRow): boolean {
  return seat.removedAt === null;
}

/**
 * The user follows a running game (or lobby): `gameId`, one of the channel's running games the command
 * chose (a channel may hold several), or null when the channel has none running.
 */
export async function follow(core: GameCore, channelId: string, userId: string, gameId: number | null): Promise<FollowResult> {
  const found = gameId === null ? undefined : await core.repo.findById(gameId);
  const row = found !== undefined && found.channelId === channelId && (found.status === 'lobby' || found.status === 'active') ? found : undefined;
  if (row === undefined) {
    const ended = await core.repo.findLastEnded(channelId);
    return ended === undefined ? { ok: false, code: 'no_game' } : { ok: false, code: 'game_over', gameId: ended.id, kind: ended.kind };
  }
  const seats = await core.repo.seats(row.id);
  if (seats.some((s) => s.userId === userId && plays(s))) return { ok: false, code: 'playing', gameId: row.id, kind: row.kind };
  if (!(await core.followers.follow(row.id, userId))) return { ok: false, code: 'already_following', gameId: row.id, kind: row.kind };
  return { ok: true, gameId: row.id, kind: row.kind };
}

/** The user stops following a game: `gameId`, one of the channel's running games, or null: the channel's last one. */
export async function unfollow(core: GameCore, channelId: string, userId: string, gameId: number | null): Promise<FollowResult> {
  const chosen = gameId === null ? undefined : await core.repo.findById(gameId);
  const row = (chosen !== undefined && chosen.channelId === channelId ? chosen : undefined) ?? (await core.repo.findLastEnded(channelId));
  if (row === undefined) return { ok: false, code: 'not_following' };
  if (!(await core.followers.unfollow(row.id, userId))) return { ok: false, code: 'not_following', gameId: row.id, kind: row.kind };
  return { ok: true, gameId: row.id, kind: row.kind };
}

/** Who follows the game now: its followers who do not play in it (one may have joined the lobby after following). */
export async function followersOf(core: GameCore, game: Snapshot): Promise<string[]> {
  const players = new Set(game.seats.filter(plays).map((s) => s.userId));
  return (await core.followers.ofGame(game.row.id)).filter((userId) => !players.has(userId));
}
