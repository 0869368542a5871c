/**
 * Which table a link opens, decided once for every surface (answers, lists, history, reminders, notices):
 * a link to a game is built from the game's own row, never from the channel a command was given in.
 */
import type { GameRow } from '../app/game-service.js';
import { DM_SCOPE } from './anywhere.js';

/** A link to a message in the channel. */
export function messageLink(guildId: string | null, channelId: string, messageId: string): string {
  // A game in a direct message is stored under the guild id '0' (see game-new.ts): its links are @me's.
  return `https://discord.com/channels/${guildId === null || guildId === DM_SCOPE ? '@me' : guildId}/${channelId}/${messageId}`;
}

/** What of a game's row says where its newest message (`boardMessageId`) was posted. */
export type TablePlace = Pick<GameRow, 'guildId' | 'channelId' | 'threadId' | 'status' | 'boardMessageId'>;

/**
 * The channel holding a game's newest message (`boardMessageId`): its lobby and its final standings are
 * posted in the channel, the boards of a started game in its thread when it has one (also the last board of
 * a game ended early).
 */
export function postedIn(row: TablePlace): string {
  return row.status === 'finished' || row.status === 'lobby' ? row.channelId : (row.threadId ?? row.channelId);
}

/** The link that opens a game's table at its newest message (lobby, latest board or final standings); null before its first post. */
export function tableLink(row: TablePlace): string | null {
  return row.boardMessageId === null ? null : messageLink(row.guildId, postedIn(row), row.boardMessageId);
}
