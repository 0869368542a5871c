/**
 * How players are named in messages: mentions, plain names for content, label names for buttons and
 * pictures, computer players with their level, and the humans a message may ping.
 */
import { computerName, isComputerSeatId, parseLevel, type SeatHolder, type SeatRow, type Snapshot } from '../../app/game-service.js';
import type { Locale, Seat } from '../../engine/index.js';
import { t } from '../i18n/index.js';
import { labelName, plainName } from '../text.js';
import { seatMarker } from '../seat-marker.js';
import { gameLocale } from './shared.js';

/** A computer player's name with its level, in the reader's language ("Bot 2 (easy)"): every surface names one so. */
export function computerPlayerName(locale: Locale, name: string, level: string | null): string {
  return t(locale, 'computer.name', { name, level: t(locale, `computer.level.${parseLevel(level)}`) });
}

/**
 * A seat's name as shown: computer seats with their level ("Bot 1 (normal)"); `holderNow`: a seat a
 * computer plays now for its owner is marked (the board of now), else it is named by its own player (a
 * line about a past move, a replay: who held it then is told by the move's own mark). `locale`: the
 * reader's, where a private answer names the players (default: the table's).
 */
function seatName(game: Snapshot, seat: SeatRow, format: (raw: string) => string, holderNow = true, locale = gameLocale(game)): string {
  const name = format(seat.displayName);
  if (isComputerSeatId(seat.userId)) return computerPlayerName(locale, name, seat.computer);
  if (holderNow && (seat.computer !== null || seat.leftAt !== null)) return t(locale, 'computer.playing', { name });
  return name;
}

/** In message content a running or ended game's names carry their pieces' marker ("🟥 Alice"); a lobby has no pieces yet. */
export function marked(game: Snapshot, seat: Seat, name: string): string {
  if (game.kind !== 'active') return name;
  const marker = seatMarker(game, seat);
  return marker === '' ? name : `${marker} ${name}`;
}

export function seatNames(game: Snapshot, format: (raw: string) => string, withMarker = false, holderNow = true, locale = gameLocale(game)): string[] {
  const out: string[] = [];
  for (const seat of game.seats) {
    const name = seatName(game, seat, format, holderNow, locale);
    out[seat.seat] = withMarker ? marked(game, seat.seat, name) : name;
  }
  return out;
}

/** Players' names for message content: plain text, markdown escaped (see text.ts), each with its marker. */
export function names(game: Snapshot): string[] {
  return seatNames(game, plainName, true);
}

/** Players' names for button labels and select options (not markdown). */
export function labelNames(game: Snapshot): string[] {
  return seatNames(game, labelName);
}

/**
 * The game with each seat named by who held it at log sequence `sequence` (the holders record of a seat
 * that changed hands, src/app/service/bench.ts): a past move is told by its holder then, not by its holder
 * now. A seat that never changed hands is as it is.
 */
export function heldAt<G extends Snapshot>(game: G, holders: ReadonlyMap<Seat, readonly SeatHolder[]>, sequence: number): G {
  if (![...holders.values()].some((h) => h.length > 1)) return game;
  const seats = game.seats.map((seat) => {
    const holder = [...(holders.get(seat.seat) ?? [])].reverse().find((h) => h.fromSequence <= sequence);
    return holder === undefined ? seat : { ...seat, userId: holder.userId, displayName: holder.displayName };
  });
  return { ...game, seats };
}

/** Players' names for a whole game (its final chart): a seat that changed hands by each of its holders in turn ("Alice → Carol"). */
export function wholeGameLabelNames(game: Snapshot, holders: ReadonlyMap<Seat, readonly SeatHolder[]>, locale = gameLocale(game)): string[] {
  const own = pastLabelNames(game, locale);
  return own.map((name, seat) => {
    const held = holders.get(seat) ?? [];
    return held.length > 1 ? held.map((h) => labelName(h.displayName)).join(' → ') : name;
  });
}

/** Players' names for labels and pictures of a past moment (a replay): each seat by its own player, not by who plays it now. */
export function pastLabelNames(game: Snapshot, locale = gameLocale(game)): string[] {
  return seatNames(game, labelName, false, false, locale);
}

/** Players' names for the board picture (drawn, not markdown). */
export function pictureNames(game: Snapshot): string[] {
  return seatNames(game, labelName);
}

/** A seat in message content: a mention of its player, or a computer seat's name (in `locale`, the reader's). */
export function mention(game: Snapshot, seat: Seat, locale = gameLocale(game)): string {
  const row = game.seats.find((s) => s.seat === seat);
  if (row === undefined) return `#${seat + 1}`;
  return marked(game, seat, isComputerSeatId(row.userId) ? seatName(game, row, plainName, true, locale) : `<@${row.userId}>`);
}

/** A player of any game by user id and a computer seat's level (history): a mention, or a computer player's name with its level. */
export function playerById(userId: string, level: string | null, locale: Locale): string {
  return isComputerSeatId(userId) ? computerPlayerName(locale, computerName(userId), level) : `<@${userId}>`;
}

/** The humans to ping for these seats (never a computer seat). */
export function userIds(game: Snapshot, seats: readonly Seat[]): string[] {
  return seats.flatMap((seat) => game.seats.filter((s) => s.seat === seat && !isComputerSeatId(s.userId)).map((s) => s.userId));
}
