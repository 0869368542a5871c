/**
 * Many tables in one channel: a channel holds any number of games, each played in a thread of
 * its own (the table), and at most one played in the channel itself. Which games run where, which game a
 * thread is the table of, and which games of a server wait for a player.
 */
import type { GameRow } from '../../persistence/schema.js';
import type { GameCore, GamePlace } from './core.js';
import { activeSeats } from './queries.js';
import { isComputerPlayed } from './seat-identity.js';
import type { ActiveSnapshot, LobbySnapshot, Snapshot } from './types.js';

/** The running game (lobby or active) whose thread `threadId` is, if any. */
export function gameOfThread(core: GameCore, threadId: string): Promise<GameRow | undefined> {
  return core.repo.findRunningByThread(threadId);
}

/** Every running game of a channel (in their threads or in the channel itself), oldest first. */
export function runningInChannel(core: GameCore, channelId: string): Promise<GameRow[]> {
  return core.repo.listRunningInChannel(channelId);
}

/** A game as stored, without loading its state (works on a damaged game). */
export function gameRow(core: GameCore, gameId: number): Promise<GameRow | undefined> {
  return core.repo.findById(gameId);
}

/** Where a game is shown (its channel and thread), without its state (known once this process loaded the game). */
export function gamePlace(core: GameCore, gameId: number): Promise<GamePlace | undefined> {
  return core.place(gameId);
}

/** A running game as listed: loaded (for its players and whose turn it is), or only its row when damaged. */
export interface TableEntry {
  readonly row: GameRow;
  readonly game: Snapshot | null;
}

/** The running games of a channel, or of a whole server, oldest first, each loaded when it can be. */
export async function tables(core: GameCore, where: { readonly channelId: string } | { readonly guildId: string }): Promise<TableEntry[]> {
  const rows = 'channelId' in where ? await core.repo.listRunningInChannel(where.channelId) : await core.repo.listRunningInGuild(where.guildId);
  const entries: TableEntry[] = [];
  for (const row of rows) {
    const loaded = await core.snapshot(row);
    entries.push({ row, game: loaded.ok ? loaded.game : null });
  }
  return entries;
}

/** A game that waits for a player: their decision in a running game, or their full lobby to start. */
export type WaitingGame =
  | { readonly kind: 'turn'; readonly game: ActiveSnapshot; readonly since: number }
  | { readonly kind: 'start'; readonly game: LobbySnapshot; readonly since: number };

/**
 * Every game of the server that waits for `userId`, oldest waiting first: running games where a decision of
 * theirs is due (a seat a computer plays for them does not wait for them), and lobbies they host that are
 * full. `since`: the game's last change (for a running game, the move that made it their decision).
 */
export async function waitingFor(core: GameCore, guildId: string, userId: string): Promise<WaitingGame[]> {
  const waiting: WaitingGame[] = [];
  for (const row of await core.repo.activeWithPlayer(guildId, userId)) {
    const loaded = await core.snapshot(row);
    if (!loaded.ok || loaded.game.kind !== 'active') continue;
    const game = loaded.game;
    const seat = game.seats.find((s) => s.userId === userId);
    if (seat === undefined || seat.leftAt !== null || isComputerPlayed(seat) || !activeSeats(game).includes(seat.seat)) continue;
    // The game's last change (a move, a hand-over to this player): since then it waits for them.
    waiting.push({ kind: 'turn', game, since: row.updatedAt });
  }
  for (const row of await core.repo.listRunningInGuild(guildId)) {
    if (row.status !== 'lobby' || row.hostUserId !== userId) continue;
    const loaded = await core.snapshot(row);
    if (!loaded.ok || loaded.game.kind !== 'lobby') continue;
    if (loaded.game.seats.length >= loaded.game.settings.capacity) waiting.push({ kind: 'start', game: loaded.game, since: row.updatedAt });
  }
  return waiting.sort((a, b) => a.since - b.since || a.game.row.id - b.game.row.id);
}

/**
 * The game's thread is gone (deleted by a moderator). It moves to its channel only when the channel has no
 * other running game (and none is played there); otherwise it waits for a new thread, opened with its next
 * post. Answers where it goes on.
 */
export async function threadGone(core: GameCore, gameId: number, channelId: string): Promise<'channel' | 'new-thread'> {
  const others = (await core.repo.listRunningInChannel(channelId)).filter((row) => row.id !== gameId);
  if (others.length === 0) {
    await core.setThread(gameId, null);
    return 'channel';
  }
  await core.forgetThread(gameId);
  return 'new-thread';
}
