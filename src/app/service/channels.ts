/** Where a game is shown: its channel and thread, its board message, and its board owed again (/game status). */
import type { GameCore } from './core.js';
import { refuse, type ActiveSnapshot, type Result } from './types.js';

/** The game's thread is open: its boards, reminders and votes go there. */
export async function threadOpened(core: GameCore, gameId: number, threadId: string): Promise<void> {
  await core.setThread(gameId, threadId);
}

/**
 * The game's thread cannot be opened (a permission is missing): the game is played in its channel. False
 * when another game is played in the channel itself (a channel holds one such game): the game then keeps
 * waiting for its thread.
 */
export async function threadRefused(core: GameCore, gameId: number): Promise<boolean> {
  const row = await core.repo.findById(gameId);
  const inChannel = row === undefined ? undefined : await core.repo.findPlayedInChannel(row.channelId);
  if (inChannel !== undefined && inChannel.id !== gameId) return false;
  await core.setThread(gameId, null);
  return true;
}

/** /game status: the board of the current state is owed again (the older boards lose their buttons). */
export function repostBoard(core: GameCore, gameId: number): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number }>> {
  // The board owed is the state read: no change comes in between.
  return core.tx(async () => {
    const loaded = await core.active(gameId);
    if (!loaded.ok) return loaded;
    // Marked as asked for again: it tells nobody anything new (no direct message for it).
    const boardDelivery = await core.owe(loaded.game.row, 'board', { kind: 'board', summary: [], notes: [], concededTo: null, picture: true, again: true });
    return { ok: true, game: loaded.game, boardDelivery };
  });
}

/** /game status after the end: the ended game's last board (finished or abandoned) is owed again, marked as such. */
export function repostFinalBoard(core: GameCore, gameId: number): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number }>> {
  // The board owed is the state read: no change comes in between.
  return core.tx(async () => {
    const loaded = await core.byId(gameId);
    if (!loaded.ok) return loaded;
    if (loaded.game.kind !== 'active' || (loaded.game.row.status !== 'finished' && loaded.game.row.status !== 'abandoned')) return refuse('not_active', {});
    const boardDelivery = await core.owe(loaded.game.row, 'board', { kind: 'board', summary: [], notes: [], concededTo: null, picture: true, again: true });
    return { ok: true, game: loaded.game, boardDelivery };
  });
}

export async function setBoardMessage(core: GameCore, gameId: number, messageId: string | null): Promise<void> {
  await core.repo.setBoardMessage(gameId, messageId);
}
