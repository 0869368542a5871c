/**
 * The marker beside a player's name in text: the colour of their pieces as a coloured square (Istanbul),
 * or, for a game whose pieces carry numbers instead (Kairo's discs), their number in the playing order.
 * Either way the name in a message points at the same pieces as on the picture.
 */
import type { ActiveSnapshot } from '../app/game-service.js';
import { playingOrder } from '../app/module.js';
import type { PieceColour } from '../games/contract.js';
import type { Seat } from '../engine/index.js';

const COLOUR_SQUARES: Readonly<Record<PieceColour, string>> = {
  red: '🟥',
  blue: '🟦',
  green: '🟩',
  yellow: '🟨',
  white: '⬜',
  black: '⬛',
  purple: '🟪',
  orange: '🟧',
  brown: '🟫',
};

const KEYCAPS = ['1️⃣', '2️⃣', '3️⃣', '4️⃣', '5️⃣', '6️⃣', '7️⃣', '8️⃣', '9️⃣'];

export function seatMarker(game: ActiveSnapshot, seat: Seat): string {
  const colour = game.module.pieceColour?.(game.state, seat);
  if (colour !== undefined) return COLOUR_SQUARES[colour];
  const place = playingOrder(game.module, game.state, game.seats.length).indexOf(seat);
  return KEYCAPS[place] ?? '';
}

/** Each seat's number in the playing order (1 for the start player), as the pieces on the pictures carry it. */
export function seatNumbers(game: ActiveSnapshot): number[] {
  const order = playingOrder(game.module, game.state, game.seats.length);
  return game.seats.map((_, seat) => order.indexOf(seat) + 1);
}
